// A 2026-07-28 host cannot be sent requests: a backend's elicitation, sampling or roots request
// during its call comes back to it as an `input_required` answer, and the host's retry resumes the
// waiting backend call (MRTR-1..5). The hosts are the real v2 client, which fulfils input_required
// rounds through its request handlers; the backends are server-everything (legacy: its own
// server→client requests), the dual-era and the modern-only v2 fixture (input_required of their own,
// which mcp-bridge's client answers through the gateway's hooks).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { gatewayConfig, serveArgs, startHttpGateway, gatewayEnv } from './fixture.js';

const VERSION = '2026-07-28';

interface Asked {
  elicitations: string[];
  samplings: number;
  roots: number;
}

/** A v2 host pinned to 2026-07-28 that declares elicitation, sampling and roots and answers them. */
async function modernHost(target: { url: string } | { args: string[] }, asked: Asked): Promise<V2Client> {
  const client = new V2Client(
    { name: 'mrtr-host', version: '2.0.0' },
    { versionNegotiation: { mode: { pin: VERSION } }, capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.elicitations.push(request.params.message);
    return { action: 'accept', content: { ok: true, name: 'Ada' } };
  });
  client.setRequestHandler('sampling/createMessage', async () => {
    asked.samplings++;
    return { model: 'host-model-7', role: 'assistant', content: { type: 'text', text: 'sampled by the host' } };
  });
  client.setRequestHandler('roots/list', async () => {
    asked.roots++;
    return { roots: [{ uri: 'file:///projects/host-root', name: 'host-root' }] };
  });
  const transport =
    'url' in target ? new V2Http(new URL(target.url)) : new V2Stdio({ command: process.execPath, args: target.args, stderr: 'inherit', env: gatewayEnv() });
  await client.connect(transport);
  return client;
}

function text(result: unknown): string {
  return (result as { content: { text?: string }[] }).content.map((b) => b.text ?? '').join('\n');
}

describe('serve: a backend asks a 2026-07-28 host for input through input_required', { timeout: 120_000 }, () => {
  test('stdio: elicitation, sampling and roots of a legacy backend, elicitation of 2026 backends (SERVE-11)', async () => {
    const asked: Asked = { elicitations: [], samplings: 0, roots: 0 };
    const client = await modernHost({ args: serveArgs(gatewayConfig(['legacy', 'dual', 'modern'])) }, asked);
    try {
      assert.equal(client.getNegotiatedProtocolVersion(), VERSION);
      assert.equal(text(await client.callTool({ name: 'modern_confirm', arguments: {} })), 'confirmed');
      assert.equal(text(await client.callTool({ name: 'dual_confirm', arguments: {} })), 'confirmed');
      assert.match(text(await client.callTool({ name: 'ev_trigger-elicitation-request', arguments: {} })), /- Name: Ada/);
      assert.match(text(await client.callTool({ name: 'ev_trigger-sampling-request', arguments: { prompt: 'hi' } })), /host-model-7/);
      assert.match(text(await client.callTool({ name: 'ev_get-roots-list', arguments: {} })), /file:\/\/\/projects\/host-root/);
      assert.deepEqual(asked.elicitations, ['OK?', 'OK?', 'Please provide inputs for the following fields:']);
      assert.equal(asked.samplings, 1);
      assert.equal(asked.roots, 1);
      // Nothing of a finished call stays behind: the next call works as the first did.
      assert.equal(text(await client.callTool({ name: 'modern_confirm', arguments: {} })), 'confirmed');
    } finally {
      await client.close();
    }
  });

  test('HTTP (stateless 2026 requests): the retry on a new POST resumes the waiting backend call', async () => {
    const gateway = await startHttpGateway(gatewayConfig(['legacy', 'modern']));
    const asked: Asked = { elicitations: [], samplings: 0, roots: 0 };
    const client = await modernHost({ url: gateway.url }, asked);
    try {
      assert.match(text(await client.callTool({ name: 'ev_trigger-elicitation-request', arguments: {} })), /- Name: Ada/);
      assert.equal(text(await client.callTool({ name: 'modern_confirm', arguments: {} })), 'confirmed');
      assert.equal(asked.elicitations.length, 2);
    } finally {
      await client.close();
      await gateway.stop();
    }
  });

  test('a 2026 host that did not declare the capability: refused by name, nothing asked (SERVE-11)', async () => {
    const client = new V2Client({ name: 'plain-host', version: '2.0.0' }, { versionNegotiation: { mode: { pin: VERSION } } });
    await client.connect(new V2Stdio({ command: process.execPath, args: serveArgs(gatewayConfig(['legacy'])), stderr: 'inherit', env: gatewayEnv() }));
    try {
      // The gateway declares elicitation to the backend for every host, so the tool is listed; this
      // host cannot answer, so the backend's request is refused and its call fails saying why.
      const result = await client.callTool({ name: 'ev_trigger-elicitation-request', arguments: {} }).then(
        (r) => text(r),
        (e: Error) => e.message,
      );
      assert.match(result, /did not declare the "elicitation" capability/);
    } finally {
      await client.close();
    }
  });
});

/** One raw 2026 POST to the gateway, as the spec's transport has it. */
async function post(url: string, id: number, name: string, extra: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, any>> {
  const body = {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name,
      arguments: {},
      ...extra,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': VERSION,
        'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
        'io.modelcontextprotocol/clientInfo': { name: 'raw-host', version: '1' },
      },
    },
  };
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': VERSION,
      'mcp-method': 'tools/call',
      'mcp-name': name,
    },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  const raw = await res.text();
  // An answer may come as SSE (progress first): the last data line is the response.
  const data = raw.startsWith('{')
    ? raw
    : raw
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .pop()!
        .slice(6);
  return JSON.parse(data);
}

describe('serve: the input_required exchange on the wire', { timeout: 60_000 }, () => {
  test('inputRequests and requestState, the retry completes, the used state is refused (SERVE-11, SERVE-12)', async () => {
    const gateway = await startHttpGateway(gatewayConfig(['modern']));
    try {
      const first = await post(gateway.url, 1, 'modern_confirm', {});
      assert.equal(first.result.resultType, 'input_required');
      const entries = Object.entries(first.result.inputRequests as Record<string, { method: string; params: { message: string } }>);
      assert.equal(entries.length, 1);
      const [key, request] = entries[0]!;
      assert.equal(request.method, 'elicitation/create');
      assert.equal(request.params.message, 'OK?');
      const state = first.result.requestState;
      assert.equal(typeof state, 'string');
      assert.ok(state.length >= 22, 'an unguessable handle');

      const retry = { inputResponses: { [key]: { action: 'accept', content: { ok: true } } }, requestState: state };
      const second = await post(gateway.url, 2, 'modern_confirm', retry);
      assert.equal(second.result.resultType, 'complete');
      assert.equal(second.result.content[0].text, 'confirmed');

      // Each state answers one retry (MRTR-5): the same again is refused, with the stable code.
      const third = await post(gateway.url, 3, 'modern_confirm', retry);
      assert.equal(third.error.code, -32602);
      assert.equal(third.error.data.code, 'MCPB_SERVE_INPUT_STATE_UNKNOWN');
      assert.match(third.error.message, /requestState is unknown or expired/);
    } finally {
      await gateway.stop();
    }
  });

  test('a made-up requestState, or one retried under another tool, is refused (SERVE-12)', async () => {
    const gateway = await startHttpGateway(gatewayConfig(['modern']));
    try {
      const forged = await post(gateway.url, 1, 'modern_confirm', { requestState: 'not-ours', inputResponses: {} });
      assert.equal(forged.error.data.code, 'MCPB_SERVE_INPUT_STATE_UNKNOWN');
      const first = await post(gateway.url, 2, 'modern_confirm', {});
      const other = await post(gateway.url, 3, 'modern_echo', { requestState: first.result.requestState, inputResponses: {} });
      assert.equal(other.error.code, -32602);
      assert.match(other.error.message, /belongs to a call of "modern_confirm"/);
    } finally {
      await gateway.stop();
    }
  });

  test('an answer left out is asked again in the next round (SERVE-13)', async () => {
    const gateway = await startHttpGateway(gatewayConfig(['modern']));
    try {
      const first = await post(gateway.url, 1, 'modern_confirm', {});
      const key = Object.keys(first.result.inputRequests)[0]!;
      const second = await post(gateway.url, 2, 'modern_confirm', { inputResponses: {}, requestState: first.result.requestState });
      assert.equal(second.result.resultType, 'input_required');
      assert.deepEqual(Object.keys(second.result.inputRequests), [key]);
      assert.notEqual(second.result.requestState, first.result.requestState);
      const third = await post(gateway.url, 3, 'modern_confirm', {
        inputResponses: { [key]: { action: 'accept', content: { ok: true } } },
        requestState: second.result.requestState,
      });
      assert.equal(third.result.content[0].text, 'confirmed');
    } finally {
      await gateway.stop();
    }
  });

  test("a 2026 backend's input goes to its own call's host, not to the newest call to that backend", async () => {
    const gateway = await startHttpGateway(gatewayConfig(['modern']));
    const other = new AbortController();
    try {
      const first = await post(gateway.url, 1, 'modern_confirm', {});
      const key = Object.keys(first.result.inputRequests)[0]!;
      // Another host's call to the same backend, newer and able to answer elicitation, is in flight.
      const busy = post(gateway.url, 2, 'modern_slow', {}, other.signal).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 500));
      // A decline makes the backend ask again, within the first call: its own host must be asked.
      const retry = await post(
        gateway.url,
        3,
        'modern_confirm',
        { inputResponses: { [key]: { action: 'decline' } }, requestState: first.result.requestState },
        AbortSignal.timeout(10_000),
      );
      assert.equal(retry.result?.resultType, 'input_required');
      other.abort();
      await busy;
    } finally {
      other.abort();
      await gateway.stop();
    }
  });
});
