// One client, both eras (issue 12): the same test code against the modern peer (TS SDK v2
// `@modelcontextprotocol/server` 2.x, dual-era and modern-only) and the SDK 1.x reference servers,
// over stdio and HTTP; every message validated against the schema of its revision.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, createTransport, isMcpBridgeError, isMcpError, memoryEraCache, eraCacheKey, type TextContent } from '../../src/index.js';
import type { ServerParams } from '../../src/transports/create.js';
import { officialServer } from '../helpers/servers.js';
import { startSdkHttpServer } from '../helpers/http-sdk-server.js';
import { SchemaTap } from '../helpers/spec-schema.js';
import { startV2Http, v2Stdio } from '../helpers/v2-server.js';

const text = (r: { content: unknown[] }) =>
  r.content
    .filter((c: any) => c.type === 'text')
    .map((c) => (c as TextContent).text)
    .join('\n');
const accept = () => ({ action: 'accept' as const, content: { ok: true } });

async function open(params: ServerParams, options: ConstructorParameters<typeof Client>[1] = {}) {
  const transport = await createTransport(params);
  const tap = new SchemaTap(transport);
  const client = new Client(transport, { name: 'peer', respawn: () => createTransport(params), ...options });
  await client.connect();
  return { client, tap };
}

interface Peer {
  label: string;
  era: 'legacy' | 'modern';
  version: string;
  params(): Promise<{ params: ServerParams; done(): Promise<void> }>;
  echo: [string, Record<string, unknown>, RegExp];
}

const PEERS: Peer[] = [
  {
    label: 'v2 dual-era stdio',
    era: 'modern',
    version: '2026-07-28',
    echo: ['echo', { text: 'hi' }, /hi/],
    params: async () => {
      const l = v2Stdio();
      return { params: { command: l.command, args: l.args }, done: async () => {} };
    },
  },
  {
    label: 'v2 modern-only stdio',
    era: 'modern',
    version: '2026-07-28',
    echo: ['echo', { text: 'hi' }, /hi/],
    params: async () => {
      const l = v2Stdio({ reject: true });
      return { params: { command: l.command, args: l.args }, done: async () => {} };
    },
  },
  {
    label: 'v2 dual-era HTTP',
    era: 'modern',
    version: '2026-07-28',
    echo: ['echo', { text: 'hi' }, /hi \(modern\)/],
    params: async () => {
      const s = await startV2Http();
      return { params: { url: s.url }, done: s.close };
    },
  },
  {
    label: 'v2 modern-only HTTP',
    era: 'modern',
    version: '2026-07-28',
    echo: ['echo', { text: 'hi' }, /hi \(modern\)/],
    params: async () => {
      const s = await startV2Http({ reject: true });
      return { params: { url: s.url }, done: s.close };
    },
  },
  {
    label: 'SDK 1.x everything stdio',
    era: 'legacy',
    version: '2025-11-25',
    echo: ['echo', { message: 'hi' }, /hi/],
    params: async () => {
      const l = officialServer('everything');
      return { params: { command: l.command, args: l.args, env: l.env }, done: async () => l.cleanup() };
    },
  },
  {
    label: 'SDK 1.x stateful HTTP',
    era: 'legacy',
    version: '2025-11-25',
    echo: ['echo', { message: 'hi' }, /hi/],
    params: async () => {
      const s = await startSdkHttpServer('stateful');
      return { params: { url: s.url }, done: s.close };
    },
  },
  {
    label: 'SDK 1.x stateless HTTP',
    era: 'legacy',
    version: '2025-11-25',
    echo: ['echo', { message: 'hi' }, /hi/],
    params: async () => {
      const s = await startSdkHttpServer('stateless');
      return { params: { url: s.url }, done: s.close };
    },
  },
];

for (const peer of PEERS) {
  test(`era auto → ${peer.era} on ${peer.label}: list, call, ping, schema-clean (VER-2/3/6, META-1..3, JSONRPC-8)`, async () => {
    const { params, done } = await peer.params();
    const { client, tap } = await open(params);
    try {
      assert.equal(client.era, peer.era);
      assert.equal(client.protocolVersion, peer.version);
      assert.ok(client.serverInfo?.name);
      const tools = await client.listTools();
      assert.ok(tools.some((t) => t.name === peer.echo[0]));
      const [name, args, expected] = peer.echo;
      assert.match(text(await client.callTool(name, args)), expected);
      assert.ok((await client.ping()) >= 0);
      const problems = tap.problems(peer.version);
      assert.deepEqual(problems, [], problems.join('\n'));
      if (peer.era === 'modern') {
        // META-1/2: the envelope on every request, and no handshake-era message at all.
        for (const m of tap.sent) {
          if (!('method' in m) || !('id' in m)) continue;
          const meta = (m.params as { _meta?: Record<string, unknown> })._meta!;
          assert.equal(meta['io.modelcontextprotocol/protocolVersion'], '2026-07-28', m.method);
          assert.ok(meta['io.modelcontextprotocol/clientCapabilities'], m.method);
          assert.ok(!['initialize', 'ping', 'logging/setLevel'].includes(m.method), m.method);
        }
      }
    } finally {
      await client.close();
      await done();
    }
  });
}

test('MRTR-2..4 / MRTR-7: input_required answered by onElicitation on v2 (stdio and HTTP), new id each round', async () => {
  for (const reject of [false, true]) {
    const http = await startV2Http({ reject });
    const l = v2Stdio({ reject });
    for (const params of [{ url: http.url }, { command: l.command, args: l.args }] as ServerParams[]) {
      let asked = 0;
      const { client, tap } = await open(params, {
        onElicitation: (p) => {
          asked++;
          assert.equal(p.message, 'OK?');
          return accept();
        },
      });
      try {
        assert.equal(text(await client.callTool('confirm', {})), 'confirmed');
        assert.equal(asked, 1);
        const calls = tap.sent.filter((m) => 'method' in m && m.method === 'tools/call' && 'id' in m) as { id: number; params: Record<string, unknown> }[];
        assert.equal(calls.length, 2);
        assert.notEqual(calls[0].id, calls[1].id);
        assert.deepEqual(calls[1].params.inputResponses, { c: { action: 'accept', content: { ok: true } } });
        assert.deepEqual(tap.problems('2026-07-28'), []);
      } finally {
        await client.close();
      }
    }
    await http.close();
  }
});

test('META-5: without an elicitation hook the capability is not declared and the -32021 refusal surfaces', async () => {
  const l = v2Stdio({ reject: true });
  const { client } = await open({ command: l.command, args: l.args });
  try {
    await assert.rejects(client.callTool('confirm', {}), (e) => isMcpError(e) && e.code === -32021);
  } finally {
    await client.close();
  }
});

test('HTTP-8..10: Mcp-Name and Mcp-Param-Region (base64 for non-ASCII) accepted by the v2 server that enforces them', async () => {
  const http = await startV2Http({ reject: true });
  const { client, tap } = await open({ url: http.url });
  try {
    assert.equal(text(await client.callTool('weather', { region: 'Zürich', days: 3 })), 'sunny in Zürich');
    assert.equal(text(await client.callTool('weather', { region: 'eu-west1' })), 'sunny in eu-west1');
    assert.deepEqual(tap.problems('2026-07-28'), []);
  } finally {
    await client.close();
    await http.close();
  }
});

test('CACHE-2: tools/list served from cache while its ttlMs is fresh; ttlMs 0 re-lists', async () => {
  for (const [ttlMs, expected] of [
    [60_000, '1'],
    [0, '2'],
  ] as const) {
    const http = await startV2Http({ reject: true, ttlMs });
    const { client } = await open({ url: http.url }, { listen: false });
    try {
      await client.listTools();
      await client.listTools();
      assert.equal(text(await client.callTool('list-count', {})), expected, `ttl ${ttlMs}`);
    } finally {
      await client.close();
      await http.close();
    }
  }
});

test('VER-8: era legacy against a modern-only server fails naming the server versions', async () => {
  const l = v2Stdio({ reject: true });
  await assert.rejects(open({ command: l.command, args: l.args }, { era: 'legacy' }), (e) => {
    assert.ok(isMcpBridgeError(e));
    assert.equal(e.code, 'MCPB_UNSUPPORTED_VERSION');
    assert.match(e.message, /2026-07-28/);
    return true;
  });
});

test('era modern against a legacy server fails clearly; era legacy on a dual-era server stays legacy', async () => {
  const l = officialServer('everything');
  await assert.rejects(open({ command: l.command, args: l.args, env: l.env }, { era: 'modern' }), (e) => isMcpError(e) && e.code === -32601);
  l.cleanup();
  const d = v2Stdio();
  const { client, tap } = await open({ command: d.command, args: d.args }, { era: 'legacy' });
  try {
    assert.equal(client.era, 'legacy');
    assert.ok(!tap.sent.some((m) => 'method' in m && m.method === 'server/discover'));
    assert.match(text(await client.callTool('echo', { text: 'hi' })), /hi/);
  } finally {
    await client.close();
  }
});

test('VER-7: the verdict is cached per configuration; a cached legacy verdict skips the probe', async () => {
  const cache = memoryEraCache();
  const l = officialServer('everything');
  const params = { command: l.command, args: l.args, env: l.env };
  const key = eraCacheKey(params);
  try {
    const first = await open(params, { eraCache: cache, eraCacheKey: key });
    assert.ok(first.tap.sent.some((m) => 'method' in m && m.method === 'server/discover'));
    await first.client.close();
    assert.equal(cache.get(key)?.era, 'legacy');
    const second = await open(params, { eraCache: cache, eraCacheKey: key });
    assert.ok(!second.tap.sent.some((m) => 'method' in m && m.method === 'server/discover'), 'no probe the second time');
    await second.client.close();
  } finally {
    l.cleanup();
  }
  // A cached legacy verdict for a server that is now modern-only: initialize gets -32022, the client switches.
  const m = v2Stdio({ reject: true });
  const mp = { command: m.command, args: m.args };
  cache.set(eraCacheKey(mp), { era: 'legacy', protocolVersion: '2025-11-25', at: Date.now() });
  const third = await open(mp, { eraCache: cache, eraCacheKey: eraCacheKey(mp) });
  assert.equal(third.client.era, 'modern');
  assert.equal(cache.get(eraCacheKey(mp))?.era, 'modern');
  await third.client.close();
});
