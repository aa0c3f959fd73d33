// A real initialize-era client resuming its streams through the gateway: the SDK 1.x
// StreamableHTTPClientTransport reconnects with GET and `Last-Event-ID` (HTTP-26) when its
// connection breaks, and polls when the server closes a primed connection with `retry:` (HTTP-27).
// Its fetch is wrapped to count the resumptions and, for the network failure, to cut one stream.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { useBackends, useGateway } from './in-process.js';

const LONG = { name: 'ev_trigger-long-running-operation', arguments: { duration: 1.2, steps: 4 } };
const DONE = /Long running operation completed\. Duration: 1\.2 seconds, Steps: 4\./;

/** A fetch that records each GET's `Last-Event-ID`, and cuts the first streamed POST answer after its first progress event when told. */
function instrumentedFetch(cutFirstStream: boolean): { fetch: typeof fetch; resumedFrom: string[]; cuts: number } {
  const state = { resumedFrom: [] as string[], cuts: 0, fetch: undefined as unknown as typeof fetch };
  state.fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const method = init?.method ?? 'GET';
    const last = headers.get('last-event-id');
    if (method === 'GET' && last) state.resumedFrom.push(last);
    const response = await fetch(input, init);
    if (!cutFirstStream || state.cuts > 0 || method !== 'POST' || !response.headers.get('content-type')?.startsWith('text/event-stream')) return response;
    state.cuts++;
    const reader = response.body!.getReader();
    let progressed = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (progressed) {
          // The network fails: the server sees its connection close, the client a broken stream.
          await reader.cancel();
          controller.error(new TypeError('network connection lost'));
          return;
        }
        const { value, done } = await reader.read();
        if (done) return controller.close();
        if (new TextDecoder().decode(value).includes('notifications/progress')) progressed = true;
        controller.enqueue(value);
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return state;
}

async function connect(url: string, f: typeof fetch): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'sdk1-resume', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: f,
    reconnectionOptions: { initialReconnectionDelay: 50, maxReconnectionDelay: 500, reconnectionDelayGrowFactor: 1.5, maxRetries: 3 },
  });
  client.onerror = () => {};
  await client.connect(transport);
  return { client, transport };
}

describe('serve --http: the SDK 1.x client resumes a broken stream (HTTP-26)', { timeout: 120_000 }, () => {
  const backends = useBackends();
  const server = useGateway(backends);

  test('the call completes on the resumed stream, once', async () => {
    const net = instrumentedFetch(true);
    const { client, transport } = await connect(server().url, net.fetch);
    try {
      const progress: number[] = [];
      const result = await client.callTool(LONG, undefined, { onprogress: (p) => progress.push(p.progress), timeout: 20_000 });
      assert.equal(net.cuts, 1, 'the stream was cut');
      assert.ok(net.resumedFrom.length >= 1, 'the client resumed with Last-Event-ID');
      assert.match((result.content as { text: string }[])[0]!.text, DONE);
      assert.deepEqual(progress, [...new Set(progress)], `no progress twice: ${JSON.stringify(progress)}`);
      assert.ok(progress.includes(1), 'the progress before the cut');
      assert.ok(
        progress.some((p) => p > 1),
        `progress after the cut, replayed or live: ${JSON.stringify(progress)}`,
      );
    } finally {
      await transport.terminateSession().catch(() => {});
      await client.close();
    }
  });
});

describe('serve --http: SSE polling for 2025-11-25 hosts (HTTP-27, SERVE-9)', { timeout: 120_000 }, () => {
  const backends = useBackends();
  const server = useGateway(backends, { pollAfterMs: 200, retryMs: 50 });

  test('the server closes the connection mid-call with retry:, the SDK client polls with Last-Event-ID and gets the answer', async () => {
    const net = instrumentedFetch(false);
    const { client, transport } = await connect(server().url, net.fetch);
    try {
      const progress: number[] = [];
      const result = await client.callTool(LONG, undefined, { onprogress: (p) => progress.push(p.progress), timeout: 20_000 });
      assert.match((result.content as { text: string }[])[0]!.text, DONE);
      assert.ok(net.resumedFrom.length >= 2, `the call's stream was polled: ${net.resumedFrom.join(', ')}`);
      assert.deepEqual(progress, [...new Set(progress)], `no progress twice: ${JSON.stringify(progress)}`);
      const after = await client.callTool({ name: 'dual_echo', arguments: { text: 'after' } });
      assert.equal((after.content as { text: string }[])[0]?.text, 'after (modern)');
    } finally {
      await transport.terminateSession().catch(() => {});
      await client.close();
    }
  });
});
