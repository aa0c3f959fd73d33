// Pure core of MCP authorization, table-driven. Cases come from the peers' bug reports collected in
// the OAuth study: trailing-slash issuers (python-sdk#1919, copilot-cli#4606, vercel/ai#20236), the
// resource slash (typescript-sdk#1968), Basic encoding of '-' (conformance pre-registration), and
// scope accumulation on step-up (typescript-sdk#1582).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseWwwAuthenticate,
  bearerChallengeOf,
  protectedResourceMetadataUrls,
  authorizationServerMetadataUrls,
  legacyDefaultEndpoints,
  canonicalResource,
  resourceAllowed,
  issuerMatches,
  callbackIssuerMatches,
  secureEndpoint,
  selectScopes,
  unionScopes,
  coversScopes,
  refreshMarginMs,
  refreshDue,
  scopeParam,
  selectClientAuthMethod,
  basicAuthorization,
  splitScopes,
} from '../../../protocol/auth/index.js';

test('WWW-Authenticate: quoted strings, tokens, escapes, several challenges (RFC 9110 §11.6.1, RFC 6750 §3)', () => {
  const cases: [string, ReturnType<typeof parseWwwAuthenticate>][] = [
    ['Bearer', [{ scheme: 'bearer', params: {} }]],
    ['Bearer realm="example"', [{ scheme: 'bearer', params: { realm: 'example' } }]],
    ['Bearer error=invalid_token, scope=mcp:basic', [{ scheme: 'bearer', params: { error: 'invalid_token', scope: 'mcp:basic' } }]],
    [
      'Bearer resource_metadata="http://localhost:1/.well-known/oauth-protected-resource/mcp", scope="a b"',
      [{ scheme: 'bearer', params: { resource_metadata: 'http://localhost:1/.well-known/oauth-protected-resource/mcp', scope: 'a b' } }],
    ],
    [
      'Bearer error_description="say \\"hi\\", ok", error="insufficient_scope"',
      [{ scheme: 'bearer', params: { error_description: 'say "hi", ok', error: 'insufficient_scope' } }],
    ],
    [
      'Basic realm="simple", Bearer scope="x"',
      [
        { scheme: 'basic', params: { realm: 'simple' } },
        { scheme: 'bearer', params: { scope: 'x' } },
      ],
    ],
    [
      'Newauth realm="apps", type=1, title="Login to \\"apps\\"", Basic realm="simple"',
      [
        { scheme: 'newauth', params: { realm: 'apps', type: '1', title: 'Login to "apps"' } },
        { scheme: 'basic', params: { realm: 'simple' } },
      ],
    ],
    [
      'Basic dXNlcjpwYXNz==, Bearer',
      [
        { scheme: 'basic', params: {}, token68: 'dXNlcjpwYXNz==' },
        { scheme: 'bearer', params: {} },
      ],
    ],
    ['BEARER Scope = "a"', [{ scheme: 'bearer', params: { scope: 'a' } }]],
    ['', []],
  ];
  for (const [header, want] of cases) assert.deepEqual(parseWwwAuthenticate(header), want, header);
  assert.deepEqual(parseWwwAuthenticate(undefined), []);
});

test('Bearer challenge: MCP parameters, scope split, first Bearer wins (AUTH-4, AUTH-16)', () => {
  assert.deepEqual(bearerChallengeOf('Basic realm="x", Bearer error="insufficient_scope", scope="mcp:basic  mcp:write", resource_metadata="https://h/prm"'), {
    resourceMetadata: 'https://h/prm',
    scopes: ['mcp:basic', 'mcp:write'],
    error: 'insufficient_scope',
  });
  assert.equal(bearerChallengeOf('Basic realm="x"'), undefined);
  assert.deepEqual(bearerChallengeOf('Bearer scope=""'), {});
  assert.deepEqual(splitScopes(' a  b a '), ['a', 'b']);
});

test('PRM URLs: header first and alone, else path-inserted then root (RFC 9728 §3.1, AUTH-5)', () => {
  assert.deepEqual(protectedResourceMetadataUrls('http://localhost:3000/mcp', 'http://localhost:3000/custom/metadata/location.json'), [
    'http://localhost:3000/custom/metadata/location.json',
  ]);
  assert.deepEqual(protectedResourceMetadataUrls('http://localhost:3000/mcp'), [
    'http://localhost:3000/.well-known/oauth-protected-resource/mcp',
    'http://localhost:3000/.well-known/oauth-protected-resource',
  ]);
  assert.deepEqual(protectedResourceMetadataUrls('https://h/a/b/'), [
    'https://h/.well-known/oauth-protected-resource/a/b',
    'https://h/.well-known/oauth-protected-resource',
  ]);
  assert.deepEqual(protectedResourceMetadataUrls('https://h'), ['https://h/.well-known/oauth-protected-resource']);
});

test('AS metadata URLs in the AUTH-7 order; no root RFC 8414 URL for a path issuer', () => {
  assert.deepEqual(authorizationServerMetadataUrls('http://localhost:4/tenant1'), [
    'http://localhost:4/.well-known/oauth-authorization-server/tenant1',
    'http://localhost:4/.well-known/openid-configuration/tenant1',
    'http://localhost:4/tenant1/.well-known/openid-configuration',
  ]);
  assert.deepEqual(authorizationServerMetadataUrls('https://accounts.google.com/'), [
    'https://accounts.google.com/.well-known/oauth-authorization-server',
    'https://accounts.google.com/.well-known/openid-configuration',
  ]);
  assert.deepEqual(legacyDefaultEndpoints('http://localhost:5/mcp'), {
    authorization_endpoint: 'http://localhost:5/authorize',
    token_endpoint: 'http://localhost:5/token',
    registration_endpoint: 'http://localhost:5/register',
  });
});

test('resource validation: same origin and a path prefix on a segment boundary (RFC 9728 §3.3, AUTH-18)', () => {
  const cases: [string, string, boolean][] = [
    ['http://localhost:3/mcp', 'http://localhost:3/mcp', true],
    ['http://localhost:3/mcp', 'http://localhost:3', true], // metadata-var2: root PRM names the origin
    ['http://localhost:3/mcp', 'http://localhost:3/', true], // typescript-sdk#2751 servers
    ['http://localhost:3/mcp/', 'http://localhost:3/mcp', true],
    ['http://localhost:3/mcp/sub', 'http://localhost:3/mcp', true],
    ['http://localhost:3/mcpx', 'http://localhost:3/mcp', false],
    ['http://localhost:3/mcp', 'http://localhost:3/mcp/sub', false],
    ['http://localhost:3/mcp', 'https://evil.example.com/mcp', false], // auth/resource-mismatch
    ['http://localhost:3/mcp', 'http://localhost:4/mcp', false],
    ['http://localhost:3/mcp', 'not a url', false],
  ];
  for (const [server, resource, want] of cases) assert.equal(resourceAllowed(server, resource), want, `${server} vs ${resource}`);
  assert.equal(canonicalResource('HTTPS://Example.COM/mcp/#frag'), 'https://example.com/mcp');
  assert.equal(canonicalResource('https://example.com/'), 'https://example.com'); // typescript-sdk#1968
});

test('issuer comparison: one trailing slash allowed only for a path-less issuer; callback iss exact (AUTH-8, RFC 9207)', () => {
  const cases: [string, string, boolean][] = [
    ['https://accounts.google.com/', 'https://accounts.google.com', true],
    ['https://accounts.google.com', 'https://accounts.google.com/', true],
    ['https://as.example/tenant1', 'https://as.example/tenant1', true],
    ['https://as.example/tenant1/', 'https://as.example/tenant1', false],
    ['https://as.example', 'https://other.example', false],
    ['https://as.example', 'https://as.example//', false],
  ];
  for (const [a, b, want] of cases) assert.equal(issuerMatches(a, b), want, `${a} vs ${b}`);
  assert.equal(callbackIssuerMatches('https://as.example', 'https://as.example'), true);
  assert.equal(callbackIssuerMatches('https://as.example', 'https://as.example/'), false); // alpha auth/iss-normalized
  assert.equal(callbackIssuerMatches('https://as.example', undefined), false);
});

test('secure endpoints: https, or http only to loopback (AUTH-21, SEC-1)', () => {
  for (const [url, want] of [
    ['https://a.example/token', true],
    ['http://localhost:3/token', true],
    ['http://127.0.0.1/x', true],
    ['http://[::1]:9/x', true],
    ['http://a.example/token', false],
    ['ftp://x', false],
    ['nope', false],
  ] as const) {
    assert.equal(secureEndpoint(url), want, url);
  }
});

test('scope selection: challenge, else PRM scopes_supported, else configured, else omitted; offline_access only when the AS lists it (AUTH-15, SEP-2207)', () => {
  const cases: [Parameters<typeof selectScopes>[0], string[]][] = [
    [{ challenge: ['mcp:basic'], resourceScopes: ['mcp:basic', 'mcp:read'] }, ['mcp:basic']],
    [{ resourceScopes: ['mcp:basic', 'mcp:read', 'mcp:write'] }, ['mcp:basic', 'mcp:read', 'mcp:write']],
    [{ configured: ['read'] }, ['read']],
    [{}, []],
    [{ resourceScopes: ['mcp:basic'], authorizationServerScopes: ['mcp:basic', 'offline_access'] }, ['mcp:basic', 'offline_access']],
    [{ resourceScopes: ['mcp:basic'], authorizationServerScopes: ['mcp:basic', 'offline_access'], offlineAccess: false }, ['mcp:basic']],
    [{ resourceScopes: ['mcp:basic', 'mcp:read'], authorizationServerScopes: ['mcp:basic', 'mcp:read'] }, ['mcp:basic', 'mcp:read']],
    [{ authorizationServerScopes: ['offline_access'] }, []],
  ];
  for (const [sources, want] of cases) assert.deepEqual(selectScopes(sources), want, JSON.stringify(sources));
  assert.equal(scopeParam([]), undefined);
  assert.equal(scopeParam(['a', 'b']), 'a b');
});

test('step-up: the union accumulates, never replaces (AUTH-16, typescript-sdk#1582)', () => {
  assert.deepEqual(unionScopes(['mcp:basic'], ['mcp:basic', 'mcp:write']), ['mcp:basic', 'mcp:write']);
  assert.deepEqual(unionScopes(['a', 'b'], undefined, ['c', 'a']), ['a', 'b', 'c']);
  assert.equal(coversScopes(['a', 'b'], ['b']), true);
  assert.equal(coversScopes(['a'], ['a', 'admin']), false);
});

test('client auth method: registered first, then what the AS lists, none without a secret (RFC 6749 §2.3.1)', () => {
  const cases: [Parameters<typeof selectClientAuthMethod>[0], string][] = [
    [{ registered: 'client_secret_post', hasSecret: true, supported: ['client_secret_basic', 'client_secret_post'] }, 'client_secret_post'],
    [{ registered: 'client_secret_basic', hasSecret: true }, 'client_secret_basic'],
    [{ registered: 'none', hasSecret: false, supported: ['none'] }, 'none'],
    [{ hasSecret: true, supported: ['client_secret_post'] }, 'client_secret_post'],
    [{ hasSecret: true, supported: ['none', 'client_secret_basic'] }, 'client_secret_basic'],
    [{ hasSecret: true }, 'client_secret_basic'],
    [{ hasSecret: false, supported: ['client_secret_basic'] }, 'none'],
    [{ hasSecret: false, hasPrivateKey: true, supported: ['private_key_jwt'] }, 'private_key_jwt'],
    [{ registered: 'client_secret_basic', hasSecret: false }, 'none'],
    [{ registered: 'tls_client_auth', hasSecret: true, supported: ['client_secret_post'] }, 'client_secret_post'],
  ];
  for (const [inputs, want] of cases) assert.equal(selectClientAuthMethod(inputs), want, JSON.stringify(inputs));
});

test('Basic: form-urlencode each part, then base64; unreserved characters stay (RFC 6749 §2.3.1)', () => {
  const decode = (h: string) => Buffer.from(h.replace(/^Basic /, ''), 'base64').toString('utf8');
  assert.equal(decode(basicAuthorization('pre-registered-client', 'pre-registered-secret')), 'pre-registered-client:pre-registered-secret');
  assert.equal(decode(basicAuthorization('a:b', 'p@ss word/é')), 'a%3Ab:p%40ss+word%2F%C3%A9');
  assert.equal(decode(basicAuthorization("x_.~!*'()", 's')), "x_.~!*'():s");
});

test('DPoP challenge: a server that only takes DPoP challenges with that scheme; its parameters are read the same (RFC 9449 §7.1, AUTH-27)', () => {
  assert.deepEqual(bearerChallengeOf('DPoP resource_metadata="https://h/prm", algs="ES256"'), { scheme: 'dpop', resourceMetadata: 'https://h/prm' });
  assert.deepEqual(bearerChallengeOf('DPoP error="use_dpop_nonce", Bearer scope="a"'), { scopes: ['a'] }, 'Bearer first when both are offered');
});

test('refresh margin: min(60 s, 10 % of the lifetime); 60 s when the lifetime is unknown', () => {
  const issued = 1_000_000;
  assert.equal(refreshMarginMs({ issued_at: issued, expires_at: issued + 5_000 }), 500);
  assert.equal(refreshMarginMs({ issued_at: issued, expires_at: issued + 3_600_000 }), 60_000);
  assert.equal(refreshMarginMs({ expires_at: issued + 5_000 }), 60_000);
  // A 5-second token is not due one second in, and is due in its last half second.
  assert.equal(refreshDue({ issued_at: issued, expires_at: issued + 5_000 }, issued + 1_000), false);
  assert.equal(refreshDue({ issued_at: issued, expires_at: issued + 5_000 }, issued + 4_600), true);
  assert.equal(refreshDue({}, issued), false, 'no expiry: never due');
});
