// The like-for-like loop differs from the limit's batched loop in one thing: its tool calls carry
// `_meta.progressToken`, as mcp-bridge's do by default (TIME-3). A server that answers each call with
// the `_meta` it received shows what each loop sends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import raw from '../../bench/clients/raw.js';
import rawProgress from '../../bench/clients/raw-progress.js';

const META_ECHO = `
let buf = '';
process.stdin.on('data', (chunk) => {
  buf += chunk;
  let nl;
  while ((nl = buf.indexOf('\\n')) !== -1) {
    const msg = JSON.parse(buf.slice(0, nl));
    buf = buf.slice(nl + 1);
    if (msg.id === undefined) continue;
    const result = msg.method === 'initialize'
      ? { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'meta-echo', version: '1' } }
      : { content: [{ type: 'text', text: JSON.stringify({ id: msg.id, meta: msg.params?._meta ?? null }) }] };
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }) + '\\n');
  }
});
process.stdin.on('end', () => process.exit(0));
`;

const server = { kind: 'stdio' as const, command: process.execPath, args: ['-e', META_ECHO] };

async function sentMeta(client: typeof raw): Promise<{ id: number; meta: unknown }[]> {
  const c = await client.connect(server);
  try {
    const answers = await Promise.all([c.call('echo', { text: 'a' }), c.call('echo', { text: 'b' })]);
    return answers.map((text) => JSON.parse(text) as { id: number; meta: unknown });
  } finally {
    await c.close();
  }
}

test("raw-progress's tool calls carry their id as the progress token", async () => {
  for (const { id, meta } of await sentMeta(rawProgress)) assert.deepEqual(meta, { progressToken: id });
});

test("the limit's batched loop sends no _meta", async () => {
  for (const { meta } of await sentMeta(raw)) assert.equal(meta, null);
});

test('raw-progress runs W3 and W7 only, and is not a limit candidate', async () => {
  const { LIMIT_CLIENTS, PAIRED_CLIENTS } = await import('../../bench/report/pairs.js');
  assert.ok(!(LIMIT_CLIENTS as readonly string[]).includes(rawProgress.name));
  assert.ok((PAIRED_CLIENTS as readonly string[]).includes(rawProgress.name));
  assert.equal(rawProgress.covers?.('w3.par.stdio'), true);
  assert.equal(rawProgress.covers?.('w3.par.stdio.steady'), true);
  assert.equal(rawProgress.covers?.('w7.fleet'), true);
  assert.equal(rawProgress.covers?.('w2.seq.stdio'), false);
});
