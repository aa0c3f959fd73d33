// The like-for-like loops differ from the limit's batched loop in what mcp-bridge does by default:
// raw-progress's tool calls carry `_meta.progressToken` (TIME-3); raw-defaults' also have a deadline
// when the caller sets none (TIME-1) and have every answer checked before it is handed over. A server
// that answers each call with the `_meta` it received, or with the fault the call's text names, shows
// what each loop sends and what it lets through.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import raw from '../../bench/clients/raw.js';
import rawDefaults, { DEFAULT_TIMEOUT_MS } from '../../bench/clients/raw-defaults.js';
import rawProgress from '../../bench/clients/raw-progress.js';
import { connectStdio } from '../../bench/clients/_raw-stdio.js';
import type { BenchConnection } from '../../bench/clients/_types.js';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../../src/session/options.js';

const META_ECHO = `
let buf = '';
process.stdin.on('data', (chunk) => {
  buf += chunk;
  let nl;
  while ((nl = buf.indexOf('\\n')) !== -1) {
    const msg = JSON.parse(buf.slice(0, nl));
    buf = buf.slice(nl + 1);
    if (msg.id === undefined) continue;
    const text = msg.params?.arguments?.text;
    if (text === 'silent') continue;
    const result = msg.method === 'initialize'
      ? { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'meta-echo', version: '1' } }
      : text === 'bad-content' ? { content: 'not a list' }
      : text === 'bad-result' ? 5
      : { content: [{ type: 'text', text: JSON.stringify({ id: msg.id, meta: msg.params?._meta ?? null }) }] };
    const version = text === 'bad-version' ? '1.0' : '2.0';
    process.stdout.write(JSON.stringify({ jsonrpc: version, id: msg.id, result }) + '\\n');
  }
});
process.stdin.on('end', () => process.exit(0));
`;

const server = { kind: 'stdio' as const, command: process.execPath, args: ['-e', META_ECHO] };

async function withConnection<T>(connection: Promise<BenchConnection>, use: (c: BenchConnection) => Promise<T>): Promise<T> {
  const c = await connection;
  try {
    return await use(c);
  } finally {
    await c.close();
  }
}

function sentMeta(client: typeof raw): Promise<{ id: number; meta: unknown }[]> {
  return withConnection(client.connect(server), async (c) => {
    const answers = await Promise.all([c.call('echo', { text: 'a' }), c.call('echo', { text: 'b' })]);
    return answers.map((text) => JSON.parse(text) as { id: number; meta: unknown });
  });
}

test("raw-progress's and raw-defaults' tool calls carry their id as the progress token", async () => {
  for (const client of [rawProgress, rawDefaults]) {
    for (const { id, meta } of await sentMeta(client)) assert.deepEqual(meta, { progressToken: id }, client.name);
  }
});

test("the limit's batched loop sends no _meta", async () => {
  for (const { meta } of await sentMeta(raw)) assert.equal(meta, null);
});

test('raw-defaults fails a call whose answer is not JSON-RPC 2.0, has no object result, or no content list; the bare loop lets the first through', async () => {
  await withConnection(rawDefaults.connect(server), async (c) => {
    await assert.rejects(c.call('echo', { text: 'bad-version' }), /not JSON-RPC 2\.0/);
    await assert.rejects(c.call('echo', { text: 'bad-result' }), /result is not an object/);
    await assert.rejects(c.call('echo', { text: 'bad-content' }), /"content" is not an array/);
    // The connection goes on after each failed check.
    assert.match(await c.call('echo', { text: 'fine' }), /progressToken/);
  });
  await withConnection(raw.connect(server), async (c) => {
    assert.match(await c.call('echo', { text: 'bad-version' }), /"meta":null/);
  });
});

test("a loop's default deadline fails a call the server never answers; without one the call keeps waiting", async () => {
  // Each call raced against a timer, so a loop that never gives up fails the test instead of hanging it.
  const outcome = (c: BenchConnection, ms: number): Promise<unknown> =>
    Promise.race([
      c.call('echo', { text: 'silent' }).then(
        () => 'answered',
        (error: Error) => error.message,
      ),
      new Promise((resolve) => setTimeout(resolve, ms, 'still waiting')),
    ]);
  await withConnection(connectStdio(server, { batched: true, defaultTimeoutMs: 100 }), async (c) => {
    assert.match(String(await outcome(c, 3000)), /no answer by its deadline/);
  });
  await withConnection(raw.connect(server), async (c) => {
    assert.equal(await outcome(c, 400), 'still waiting');
  });
});

test("raw-defaults' deadline is mcp-bridge's default request timeout", () => {
  assert.equal(DEFAULT_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS);
});

test('the like-for-like loops run W3 and W7 only, are paired, and are not limit candidates', async () => {
  const { LIMIT_CLIENTS, PAIRED_CLIENTS } = await import('../../bench/report/pairs.js');
  for (const client of [rawProgress, rawDefaults]) {
    assert.ok(!(LIMIT_CLIENTS as readonly string[]).includes(client.name), client.name);
    assert.ok((PAIRED_CLIENTS as readonly string[]).includes(client.name), client.name);
    assert.equal(client.covers?.('w3.par.stdio'), true);
    assert.equal(client.covers?.('w3.par.stdio.steady'), true);
    assert.equal(client.covers?.('w7.fleet'), true);
    assert.equal(client.covers?.('w2.seq.stdio'), false);
  }
});
