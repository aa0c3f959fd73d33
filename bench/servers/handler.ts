// The bench servers' whole MCP surface, hand-written: initialize, ping, tools/list and tools/call for
// `echo {text}` and `blob {bytes}`. Shared by the stdio and HTTP servers so every client meets the same
// server. Responses are built as strings (no SDK, no schema work) so the server is never the bottleneck.

const SUPPORTED = ['2025-06-18', '2025-03-26', '2024-11-05'];

const TOOLS = JSON.stringify({
  tools: [
    {
      name: 'echo',
      description: 'Returns its text argument as one text content block.',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    },
    {
      name: 'blob',
      description: 'Returns one text content block of `bytes` ASCII characters.',
      inputSchema: { type: 'object', properties: { bytes: { type: 'integer', minimum: 0 } }, required: ['bytes'] },
    },
  ],
});

/** Largest blob the servers build (so a typo cannot exhaust memory). */
const MAX_BLOB = 256 * 1024 * 1024;

// Blob bodies are cached per size as ready bytes: building and encoding a 64 MiB string is the server's
// cost, not the client's. The unlisted tool `prepare {bytes}` builds one ahead of the measured call.
const blobCache = new Map<number, Buffer>();

function blobBody(bytes: number): Buffer {
  let b = blobCache.get(bytes);
  if (b === undefined) {
    b = Buffer.from('{"content":[{"type":"text","text":"' + 'x'.repeat(bytes) + '"}]}', 'latin1');
    blobCache.clear();
    blobCache.set(bytes, b);
  }
  return b;
}

/** A reply: one serialized message, or pieces to write back to back (large results). */
export type Reply = string | Buffer[];

function result(id: unknown, resultJson: string): string {
  return '{"jsonrpc":"2.0","id":' + JSON.stringify(id) + ',"result":' + resultJson + '}';
}

function error(id: unknown, code: number, message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', id: id ?? null, error: { code, message } });
}

interface Msg {
  id?: unknown;
  method?: unknown;
  params?: { protocolVersion?: unknown; name?: unknown; arguments?: Record<string, unknown> };
}

/** Whether a parsed message is a request (has a method and an id). */
export function isRequest(m: unknown): boolean {
  return typeof m === 'object' && m !== null && 'method' in m && 'id' in m;
}

/**
 * Answers one parsed JSON-RPC message: the serialized response (no newline), or undefined for
 * notifications and responses, which need no answer.
 */
export function handle(raw: unknown): Reply | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return error(null, -32600, 'invalid request');
  const m = raw as Msg;
  if (typeof m.method !== 'string') return undefined; // a response to us: ignore
  if (!('id' in m)) return undefined; // notification
  const id = m.id;
  switch (m.method) {
    case 'initialize': {
      const asked = m.params?.protocolVersion;
      const version = typeof asked === 'string' && SUPPORTED.includes(asked) ? asked : SUPPORTED[0];
      return result(
        id,
        JSON.stringify({
          protocolVersion: version,
          capabilities: { tools: {} },
          serverInfo: { name: 'bench-echo', version: '1.0.0' },
        }),
      );
    }
    case 'ping':
      return result(id, '{}');
    case 'tools/list':
      return result(id, TOOLS);
    case 'tools/call': {
      const name = m.params?.name;
      const args = m.params?.arguments ?? {};
      if (name === 'echo') {
        const text = typeof args.text === 'string' ? args.text : '';
        return result(id, '{"content":[{"type":"text","text":' + JSON.stringify(text) + '}]}');
      }
      if (name === 'blob' || name === 'prepare') {
        const bytes = Number(args.bytes);
        if (!Number.isInteger(bytes) || bytes < 0 || bytes > MAX_BLOB) return error(id, -32602, `${name}: bytes must be an integer in 0..${MAX_BLOB}`);
        const body = blobBody(bytes);
        if (name === 'prepare') return result(id, '{"content":[{"type":"text","text":"ready"}]}');
        return [Buffer.from('{"jsonrpc":"2.0","id":' + JSON.stringify(id) + ',"result":'), body, Buffer.from('}')];
      }
      return error(id, -32602, `unknown tool: ${String(name)}`);
    }
    default:
      return error(id, -32601, `method not found: ${m.method}`);
  }
}
