// The pure HTTP helpers (headers, redaction, SSE event mapping, endpoint resolution, reconnect delays,
// fallback decision) and the SSE reader over every chunk split, with no network at all.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bodyKindOf, getHeaders, isValidSessionId, postHeaders } from '../../../protocol/http/headers.js';
import { excerpt } from '../../../protocol/http/redact.js';
import { redactUrl } from '../../../protocol/redact.js';
import { containsResponseTo, suggestsLegacySse } from '../../../protocol/http/response-match.js';
import { DEFAULT_RECONNECT, MIN_RECONNECT_DELAY_MS, reconnectDelay } from '../../../protocol/http/reconnect.js';
import { mapSseEvent, resolveEndpoint } from '../../../protocol/framing/sse-event.js';
import { readSse, type SseCursor } from '../../../src/transports/http/sse-reader.js';
import type { SseEvent } from '../../../protocol/framing/sse-event.js';

describe('HTTP headers', () => {
  // covers: HTTP-2, HTTP-7, HTTP-18
  it('builds POST headers whose protocol headers the user cannot override', () => {
    const h = postHeaders({ custom: { Accept: 'text/html', Authorization: 'Bearer t' }, sessionId: 'abc', protocolVersion: '2025-11-25' });
    assert.equal(h.accept, 'application/json, text/event-stream');
    assert.equal(h['content-type'], 'application/json');
    assert.equal(h.authorization, 'Bearer t');
    assert.equal(h['mcp-session-id'], 'abc');
    assert.equal(h['mcp-protocol-version'], '2025-11-25');
  });
  // covers: HTTP-22, HTTP-26
  it('builds GET headers with Last-Event-ID only when there is one', () => {
    assert.equal(getHeaders({ lastEventId: 'e7' })['last-event-id'], 'e7');
    assert.equal(getHeaders({ lastEventId: '' })['last-event-id'], undefined);
    assert.equal(getHeaders({}).accept, 'text/event-stream');
  });
  it('classifies content types by media type', () => {
    assert.equal(bodyKindOf('text/event-stream; charset=utf-8'), 'sse');
    assert.equal(bodyKindOf('Application/JSON'), 'json');
    assert.equal(bodyKindOf(undefined), 'none');
    assert.equal(bodyKindOf('text/html'), 'other');
  });
  it('accepts only visible-ASCII session ids', () => {
    assert.ok(isValidSessionId('a-B_9.~'));
    assert.ok(!isValidSessionId('has space'));
    assert.ok(!isValidSessionId('é'));
    assert.ok(!isValidSessionId(''));
  });
});

describe('redaction', () => {
  it('strips userinfo and credential-like query values, keeping the rest', () => {
    // One rule for every path (issue 10): the mask is *** everywhere, userinfo shows as ***@.
    assert.equal(
      redactUrl('https://user:pw@h.example/mcp?token=abc&x=1&API_KEY=k&sessionId=s'),
      'https://***@h.example/mcp?token=***&x=1&API_KEY=***&sessionId=***',
    );
    assert.equal(redactUrl('not a url'), 'not a url');
    assert.equal(redactUrl('not a url ?token=abc'), 'not a url ?token=***');
  });
  it('bounds excerpts', () => {
    assert.equal(excerpt('abc', 5), 'abc');
    assert.match(excerpt('x'.repeat(600), 500), /… \(600 chars\)$/);
  });
});

describe('SSE event mapping', () => {
  // covers: HTTP-6, HTTP-27, SSE-2
  it('maps message, priming, endpoint, other and broken events', () => {
    assert.deepEqual(mapSseEvent({ data: '{"a":1}' }), { kind: 'message', value: { a: 1 } });
    assert.deepEqual(mapSseEvent({ event: 'message', data: '', id: 'p' }), { kind: 'ignore', reason: 'empty-data' });
    assert.deepEqual(mapSseEvent({ event: 'endpoint', data: ' /m?s=1 ' }), { kind: 'endpoint', uri: '/m?s=1' });
    assert.deepEqual(mapSseEvent({ event: 'ping', data: 'x' }), { kind: 'ignore', reason: 'other-event' });
    assert.equal(mapSseEvent({ data: '{nope' }).kind, 'invalid');
  });
  it('resolves endpoints and refuses other origins', () => {
    const ok = resolveEndpoint('http://h:1/sse', 'messages?x=1');
    assert.ok(ok.ok && ok.url.href === 'http://h:1/messages?x=1');
    assert.equal(resolveEndpoint('http://h:1/sse', 'http://h:2/m').ok, false);
    assert.equal(resolveEndpoint('http://h:1/sse', '//evil/m').ok, false);
  });
});

describe('response matching and fallback', () => {
  it('finds the response to an id in a message or a batch', () => {
    assert.ok(containsResponseTo({ jsonrpc: '2.0', id: 3, result: {} }, 3));
    assert.ok(
      containsResponseTo(
        [
          { jsonrpc: '2.0', method: 'n' },
          { jsonrpc: '2.0', id: 'a', error: { code: 1, message: 'x' } },
        ],
        'a',
      ),
    );
    assert.ok(!containsResponseTo({ jsonrpc: '2.0', id: 3, method: 'ping' }, 3), 'a server request with the same id is not our response');
    assert.ok(!containsResponseTo({ jsonrpc: '2.0', id: '3', result: {} }, 3));
  });
  // covers: SSE-4, HTTP-15
  it('falls back on 400/404/405 unless the body is a modern error', () => {
    assert.ok(suggestsLegacySse(404, 'Not Found'));
    assert.ok(suggestsLegacySse(405, ''));
    assert.ok(suggestsLegacySse(400, '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request"}}'));
    assert.ok(!suggestsLegacySse(400, '{"jsonrpc":"2.0","error":{"code":-32022,"message":"Unsupported"}}'));
    assert.ok(!suggestsLegacySse(401, ''));
    assert.ok(!suggestsLegacySse(500, ''));
  });
});

describe('reconnect delays', () => {
  // covers: HTTP-27
  it('uses the server retry exactly, else capped exponential backoff with jitter', () => {
    assert.equal(
      reconnectDelay(1, DEFAULT_RECONNECT, 500, () => 0.99),
      500,
    );
    // A floor under retry: 0, and streams that keep ending at once wait at least the backoff.
    assert.equal(reconnectDelay(1, DEFAULT_RECONNECT, 0), MIN_RECONNECT_DELAY_MS);
    assert.equal(
      reconnectDelay(3, DEFAULT_RECONNECT, 0, () => 0.5),
      1000,
    );
    assert.equal(
      reconnectDelay(3, DEFAULT_RECONNECT, 5000, () => 0.5),
      5000,
    );
    assert.equal(
      reconnectDelay(1, { ...DEFAULT_RECONNECT, initialDelayMs: 1 }, undefined, () => 0),
      MIN_RECONNECT_DELAY_MS,
    );
    assert.equal(
      reconnectDelay(1, DEFAULT_RECONNECT, undefined, () => 0.5),
      500,
    );
    assert.equal(
      reconnectDelay(3, DEFAULT_RECONNECT, undefined, () => 0.5),
      2000,
    );
    assert.equal(
      reconnectDelay(30, DEFAULT_RECONNECT, undefined, () => 0.5),
      30_000,
    );
    const low = reconnectDelay(2, DEFAULT_RECONNECT, undefined, () => 0);
    const high = reconnectDelay(2, DEFAULT_RECONNECT, undefined, () => 0.999);
    assert.ok(low === 750 && high > 1240 && high <= 1250, `${low} ${high}`);
  });
});

describe('SSE reader', () => {
  const text = 'retry: 250\n: keep-alive\nid: 1\ndata: {"x":"é"}\n\nid: 2\nevent: message\ndata: line1\ndata: line2\n\ndata:\n\n';
  const bytes = Buffer.from(text, 'utf8');

  async function read(chunks: Uint8Array[], max = 1 << 20): Promise<{ events: SseEvent[]; cursor: SseCursor; kind: string }> {
    const events: SseEvent[] = [];
    const cursor: SseCursor = {};
    async function* gen() {
      for (const c of chunks) yield c;
    }
    const end = await readSse(gen(), {
      maxEventChars: max,
      cursor,
      onEvent: (e) => {
        events.push(e);
      },
    });
    return { events, cursor, kind: end.kind };
  }

  // covers: HTTP-6
  it('gives the same events, id and retry for every split of the byte stream (multibyte included)', async () => {
    const whole = await read([bytes]);
    assert.deepEqual(
      whole.events.map((e) => e.data),
      ['{"x":"é"}', 'line1\nline2', ''],
    );
    assert.equal(whole.cursor.lastEventId, '2');
    assert.equal(whole.cursor.retryMs, 250);
    for (let i = 1; i < bytes.length; i++) {
      const split = await read([bytes.subarray(0, i), bytes.subarray(i)]);
      assert.deepEqual(split.events, whole.events, `split at ${i}`);
      assert.deepEqual(split.cursor, whole.cursor);
    }
  });
  it('reports an oversized event, whether it arrives whole or in pieces', async () => {
    const big = Buffer.from(`data: ${'a'.repeat(100)}\n\n`);
    assert.equal((await read([big], 50)).kind, 'too-large');
    assert.equal((await read([big.subarray(0, 30), big.subarray(30, 80), big.subarray(80)], 50)).kind, 'too-large');
    assert.equal((await read([big], 500)).kind, 'eof');
  });
  it('reports a broken body as an error ending, after the events before it', async () => {
    const events: SseEvent[] = [];
    async function* broken() {
      yield Buffer.from('data: 1\n\n');
      throw new Error('socket hang up');
    }
    const end = await readSse(broken(), {
      maxEventChars: 1000,
      cursor: {},
      onEvent: (e) => {
        events.push(e);
      },
    });
    assert.equal(end.kind, 'error');
    assert.equal(events.length, 1);
  });
});
