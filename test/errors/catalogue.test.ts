// The error catalogue: every code raised in the source is catalogued, every catalogued code is
// raised somewhere, the troubleshooting page shows the current table, and errors behave as documented.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, errorCodeTable } from '../../src/errors/codes.js';
import {
  ConnectionClosedError,
  McpBridgeError,
  McpError,
  RequestAbortedError,
  RequestTimeoutError,
  ServerStartError,
  ServerUnavailableError,
  UnsupportedVersionError,
  isMcpBridgeError,
  isMcpError,
  hasErrorCode,
} from '../../src/index.js';
import { repoRoot } from '../helpers/paths.js';

function sources(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const f = join(d, n);
      if (statSync(f).isDirectory()) {
        if (n !== 'node_modules' && n !== 'traces' && n !== 'harness') walk(f);
      } else if (f.endsWith('.ts') && !f.endsWith('codes.ts')) out.push(f);
    }
  };
  for (const d of ['src', 'protocol', 'conformance']) walk(join(repoRoot, d));
  return out;
}

test('every MCPB_ code in the source is in the catalogue, and every catalogued code is used', () => {
  const used = new Set<string>();
  for (const f of sources()) for (const m of readFileSync(f, 'utf8').matchAll(/'(MCPB_[A-Z_]+)'/g)) used.add(m[1]);
  const catalogued = new Set(Object.keys(ERROR_CODES));
  assert.deepEqual([...used].filter((c) => !catalogued.has(c)).sort(), [], 'codes raised but not catalogued');
  assert.deepEqual([...catalogued].filter((c) => !used.has(c)).sort(), [], 'catalogued codes never raised');
});

test('the troubleshooting page shows the current error table', () => {
  const page = readFileSync(join(repoRoot, 'docs', 'troubleshooting.md'), 'utf8');
  const between = /<!-- error-codes:start -->\n([\s\S]*?)\n<!-- error-codes:end -->/.exec(page);
  assert.ok(between, 'docs/troubleshooting.md has the error-codes markers');
  assert.equal(between[1], errorCodeTable(), 'run `npm run docs` to refresh the table in docs/troubleshooting.md');
});

test('local errors: branded, stable code, context, cause, JSON form; peer errors keep the wire code', () => {
  const cases: McpBridgeError[] = [
    new RequestTimeoutError({ server: 's', method: 'tools/call', timeoutMs: 10, elapsedMs: 11 }),
    new RequestAbortedError({ server: 's', method: 'tools/call' }, new Error('why')),
    new ConnectionClosedError({ server: 's', method: 'tools/call' }, { reason: 'exited', message: 'exited with code 1', exitCode: 1, stderrTail: 'oops' }),
    new ServerStartError({ server: 's', transport: 'stdio', startupTimeoutMs: 5 }, 'it exited', 'fix it', undefined),
    new ServerUnavailableError('s', 'restarting'),
    new UnsupportedVersionError('2025-11-25', '1999-01-01', ['2025-11-25']),
  ];
  for (const e of cases) {
    assert.ok(isMcpBridgeError(e), e.name);
    assert.ok(e.code in ERROR_CODES, e.code);
    assert.ok(hasErrorCode(e, e.code));
    assert.equal(e.name, e.constructor.name);
    assert.match(e.message, /"s"|1999/);
    const j = e.toJSON();
    assert.equal(j.code, e.code);
    assert.ok(!('stack' in j));
    assert.ok(!isMcpError(e));
  }
  assert.equal((cases[1].cause as Error).message, 'why');
  assert.match(cases[2].message, /oops/);
  const peer = new McpError({ code: -32601, message: 'nope' });
  assert.ok(isMcpError(peer) && !isMcpBridgeError(peer));
  assert.equal(typeof peer.code, 'number');
});
