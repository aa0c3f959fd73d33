// Collects what an HTTP transport delivers (messages, errors, close) and waits for a matching one,
// so transport-level tests can speak raw JSON-RPC without a session.
import type { McpBridgeError } from '../../protocol/errors/base.js';
import type { Transport, TransportCloseInfo } from '../../src/transports/transport.js';

type Msg = Record<string, unknown>;

export interface Inbox {
  messages: Msg[];
  errors: McpBridgeError[];
  closes: TransportCloseInfo[];
  /** Resolves with the first message (already received or future) matching `match`; rejects after `timeoutMs`. */
  next(match: (m: Msg) => boolean, timeoutMs?: number): Promise<Msg>;
  /** The response to request `id`. */
  response(id: number | string, timeoutMs?: number): Promise<Msg>;
}

export function inbox(transport: Transport): Inbox {
  const messages: Msg[] = [];
  const errors: McpBridgeError[] = [];
  const closes: TransportCloseInfo[] = [];
  const waiters = new Set<{ match: (m: Msg) => boolean; resolve: (m: Msg) => void }>();
  transport.events.on('message', (value) => {
    for (const m of (Array.isArray(value) ? value : [value]) as Msg[]) {
      messages.push(m);
      for (const w of [...waiters])
        if (w.match(m)) {
          waiters.delete(w);
          w.resolve(m);
        }
    }
  });
  transport.events.on('error', (e) => {
    errors.push(e);
  });
  transport.events.on('close', (i) => {
    closes.push(i);
  });
  const next = (match: (m: Msg) => boolean, timeoutMs = 10_000): Promise<Msg> => {
    const found = messages.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const w = {
        match,
        resolve: (m: Msg) => {
          clearTimeout(timer);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(w);
        reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages).slice(0, 500)}`));
      }, timeoutMs);
      waiters.add(w);
    });
  };
  return { messages, errors, closes, next, response: (id, t) => next((m) => m.id === id && ('result' in m || 'error' in m), t) };
}

/** A 2025-11-25 initialize request. */
export function initializeRequest(id: number, protocolVersion = '2025-11-25'): { jsonrpc: '2.0'; id: number; method: string; params: Msg } {
  return { jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'mcp-bridge-test', version: '0.0.0' } } };
}

/** Polls `condition` until true or the deadline passes. */
export async function until(condition: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
