// Messages over the size cap on both transports: the one that crossed it fails with its typed error,
// the session carries on (stdio discards up to the newline), and memory stays within twice the cap
// (a refused body is dropped as it arrives; only its first 200 bytes are kept for the excerpt).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '../../src/client/client.js';
import { StreamableHttpTransport } from '../../src/transports/http/streamable-http.js';
import { answerInitialize, json, startFaultServer, type FaultServer } from '../helpers/http-fault-server.js';
import { repoRoot } from '../helpers/paths.js';
import { faultClient, rejectsWith, within } from './harness.js';

const MiB = 1024 * 1024;

/** Runs oversized-agent.ts in a fresh process: what its refused call failed with, and its peak RSS growth. */
function agent(args: string[]): Promise<{ code: string; growthMiB: number }> {
  const script = join(repoRoot, 'dist', 'test', 'faults', 'oversized-agent.js');
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [script, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`the agent failed: ${stderr.slice(0, 2000)}`));
      resolve(JSON.parse(stdout.trim().split('\n').pop()!) as { code: string; growthMiB: number });
    });
  });
}

describe('stdio: a line over the cap', () => {
  it('a 12 MiB answer over a 4 MiB cap fails its call with MCPB_MESSAGE_TOO_LARGE, and the next calls are answered', async () => {
    const f = faultClient('oversized-line', { client: { requestTimeoutMs: 20_000 }, transport: { maxMessageBytes: 4 * MiB } });
    try {
      await f.client.connect();
      for (let round = 1; round <= 2; round++) {
        const big = f.client.callTool('big', {});
        // Sent while the big line is still streaming: answered after it.
        const echo = f.client.callTool('echo', { text: `round ${round}` });
        const error = await rejectsWith(20_000, big, 'MCPB_MESSAGE_TOO_LARGE', `the big call, round ${round}`);
        assert.equal(error.context.limit, 4 * MiB);
        assert.equal(error.context.method, 'tools/call');
        const answer = await within(20_000, echo, `the echo after the big line, round ${round}`);
        assert.deepEqual(answer.value?.content, [{ type: 'text', text: `round ${round}` }]);
      }
    } finally {
      await f.closeAndCheck();
    }
  });

  it('an oversized notification is reported and skipped; the call it came with completes', async () => {
    const f = faultClient('oversized-line', { client: { requestTimeoutMs: 20_000 }, transport: { maxMessageBytes: 4 * MiB } });
    const errors: { code: string | number }[] = [];
    f.client.events.on('error', (e) => errors.push(e));
    try {
      await f.client.connect();
      const answer = await within(20_000, f.client.callTool('notify_big', {}), 'the call with a big notification');
      assert.deepEqual(answer.value?.content, [{ type: 'text', text: 'after the big notification' }]);
      assert.deepEqual(
        errors.map((e) => e.code),
        ['MCPB_FRAMING'],
      );
    } finally {
      await f.closeAndCheck();
    }
  });

  it('memory: a 300 MiB line over a 64 MiB cap raises the peak RSS of a fresh process by less than twice the cap', async () => {
    const { code, growthMiB } = await agent(['stdio', '64', '300']);
    console.log(`# stdio: peak RSS +${growthMiB} MiB for a 300 MiB line over a 64 MiB cap`);
    assert.equal(code, 'MCPB_MESSAGE_TOO_LARGE');
    assert.ok(growthMiB <= 128, `peak RSS grew ${growthMiB} MiB for a 64 MiB cap`);
  });
});

describe('Streamable HTTP: a body over the cap', () => {
  let server: FaultServer;
  let bodyMiB = 0;
  let written = 0;
  before(async () => {
    server = await startFaultServer();
    const chunk = Buffer.alloc(MiB, 0x78);
    server.handle((req, res) => {
      if (req.method === 'GET') return void res.writeHead(405).end();
      if (req.body?.method === 'initialize') return answerInitialize(req, res, 'sess-o', '2025-06-18');
      if (req.body?.method !== 'tools/call') {
        // An initialize-era server: requests it does not know (the era probe) get -32601.
        if (req.body?.id === undefined) return void res.writeHead(202).end();
        return json(res, 200, { jsonrpc: '2.0', id: req.body.id, error: { code: -32601, message: 'Method not found' } });
      }
      written = 0;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`{"jsonrpc":"2.0","id":${JSON.stringify(req.body?.id)},"result":{"content":[{"type":"text","text":"`);
      const pump = (): void => {
        while (written < bodyMiB) {
          written++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('"}]}}');
      };
      res.on('error', () => {});
      pump();
    });
  });
  after(async () => {
    await server.close();
  });

  async function refusedCall(capMiB: number, sizeMiB: number): Promise<void> {
    bodyMiB = sizeMiB;
    const client = new Client(new StreamableHttpTransport({ url: server.url, maxMessageBytes: capMiB * MiB }), { name: 'web', requestTimeoutMs: 60_000 });
    try {
      await within(10_000, client.connect(), 'connect');
      const error = await rejectsWith(30_000, client.callTool('big', {}), 'MCPB_MESSAGE_TOO_LARGE', `the ${sizeMiB} MiB answer`);
      assert.equal(error.context.limit, capMiB * MiB);
      assert.match(error.cause?.message ?? '', /beyond the \d+-byte message limit/);
      assert.ok(written < sizeMiB, `the client stopped reading early (server wrote ${written} MiB)`);
    } finally {
      await client.close();
    }
  }

  it('a refused body is never joined: no buffer larger than 64 KiB is assembled for its excerpt', async () => {
    const concat = Buffer.concat;
    let largest = 0;
    Buffer.concat = ((list: readonly Uint8Array[], totalLength?: number) => {
      const out = concat(list, totalLength);
      largest = Math.max(largest, out.length);
      return out;
    }) as typeof Buffer.concat;
    try {
      await refusedCall(8, 40);
    } finally {
      Buffer.concat = concat;
    }
    assert.ok(largest <= 64 * 1024, `a ${largest}-byte buffer was assembled`);
  });

  it('memory: a 300 MiB body over a 64 MiB cap raises the peak RSS of a fresh process by less than twice the cap', async () => {
    bodyMiB = 300;
    const { code, growthMiB } = await agent(['http', '64', server.url]);
    console.log(`# HTTP: peak RSS +${growthMiB} MiB for a 300 MiB body over a 64 MiB cap`);
    assert.equal(code, 'MCPB_MESSAGE_TOO_LARGE');
    assert.ok(growthMiB <= 128, `peak RSS grew ${growthMiB} MiB for a 64 MiB cap`);
  });
});
