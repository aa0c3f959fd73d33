// Masks the fields of client messages that legitimately vary between clients (ids, clientInfo,
// version proposals, _meta with its progress token, capability details) and compares what is left, producing readable diffs.
// Pure: shared by the replayer and the unit tests.

/** One place where a live message differs from the recorded one. */
export interface Difference {
  /** Dotted path into the message, e.g. `params.arguments.path`. */
  path: string;
  expected: unknown;
  actual: unknown;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a message is, from its shape. */
export type MessageKind = 'request' | 'notification' | 'response' | 'invalid';

/** Classifies a parsed JSON-RPC value; `reason` says why it is invalid. */
export function classify(v: unknown): { kind: MessageKind; reason?: string } {
  if (Array.isArray(v)) return { kind: 'invalid', reason: 'a JSON array (batch); MCP stdio messages are single objects' };
  if (!isObj(v)) return { kind: 'invalid', reason: 'not a JSON object' };
  if (v.jsonrpc !== '2.0') return { kind: 'invalid', reason: `"jsonrpc" must be "2.0", got ${JSON.stringify(v.jsonrpc)}` };
  const idOk = typeof v.id === 'string' || (typeof v.id === 'number' && Number.isInteger(v.id));
  if ('method' in v) {
    if (typeof v.method !== 'string') return { kind: 'invalid', reason: '"method" must be a string' };
    if ('params' in v && !isObj(v.params)) return { kind: 'invalid', reason: '"params" must be an object in MCP' };
    if (!('id' in v)) return { kind: 'notification' };
    if (!idOk) return { kind: 'invalid', reason: `request "id" must be a string or integer, got ${JSON.stringify(v.id)}` };
    return { kind: 'request' };
  }
  if ('result' in v || 'error' in v) {
    if ('result' in v && 'error' in v) return { kind: 'invalid', reason: 'a response has both "result" and "error"' };
    if (!idOk) return { kind: 'invalid', reason: `response "id" must be a string or integer, got ${JSON.stringify(v.id)}` };
    if ('error' in v && !(isObj(v.error) && Number.isInteger(v.error.code) && typeof v.error.message === 'string')) {
      return { kind: 'invalid', reason: '"error" must be an object with an integer "code" and a string "message"' };
    }
    return { kind: 'response' };
  }
  return { kind: 'invalid', reason: 'neither a request/notification ("method") nor a response ("result"/"error")' };
}

/** Capability keys whose presence changes server behaviour; sub-fields and experimental ones vary freely. */
function capabilityKeys(caps: unknown): string[] {
  if (!isObj(caps)) return [];
  return Object.keys(caps)
    .filter((k) => k !== 'experimental' && k !== 'extensions')
    .sort();
}

/**
 * Reduces a client → server message to what must be equal between the recording and a correct
 * client. `mapRequestId` translates live request ids in `notifications/cancelled` back to recorded ones.
 */
export function normalizeClientMessage(msg: unknown, mapRequestId: (id: unknown) => unknown = (x) => x): unknown {
  if (!isObj(msg)) return msg;
  const out: Obj = { ...msg };
  delete out.jsonrpc;
  const kind = classify(msg).kind;
  if (kind === 'request') delete out.id;
  if (kind === 'response') {
    if (isObj(out.error)) out.error = { code: out.error.code };
    if (isObj(out.result)) {
      const r = { ...out.result };
      delete r._meta;
      out.result = r;
    }
    return out;
  }
  if (isObj(out.params)) {
    const p: Obj = { ...out.params };
    // _meta varies by client (progress tokens are attached by some clients to every call); the
    // replayer only forwards recorded progress to a client that asked for it.
    delete p._meta;
    if (out.method === 'initialize') {
      delete p.clientInfo;
      delete p.protocolVersion;
      p.capabilities = capabilityKeys(p.capabilities);
    }
    // An empty `arguments` says what an absent one does; we always send it (SDK servers up to 1.29
    // refuse a prompt or tool whose arguments are all optional without it), recorded clients may not.
    if ((out.method === 'prompts/get' || out.method === 'tools/call') && isObj(p.arguments) && Object.keys(p.arguments).length === 0) delete p.arguments;
    if (out.method === 'notifications/cancelled') {
      delete p.reason;
      if ('requestId' in p) p.requestId = mapRequestId(p.requestId);
    }
    if (Object.keys(p).length === 0) delete out.params;
    else out.params = p;
  }
  return out;
}

/** Deep structural comparison (key order ignored); returns every differing leaf path. */
export function diffValues(expected: unknown, actual: unknown, path = ''): Difference[] {
  if (Object.is(expected, actual)) return [];
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const out: Difference[] = [];
    const n = Math.max(expected.length, actual.length);
    for (let i = 0; i < n; i++) {
      const p = `${path}[${i}]`;
      if (i >= expected.length) out.push({ path: p, expected: undefined, actual: actual[i] });
      else if (i >= actual.length) out.push({ path: p, expected: expected[i], actual: undefined });
      else out.push(...diffValues(expected[i], actual[i], p));
    }
    return out;
  }
  if (isObj(expected) && isObj(actual)) {
    const out: Difference[] = [];
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
    for (const k of keys) {
      const p = path ? `${path}.${k}` : k;
      if (!(k in actual)) out.push({ path: p, expected: expected[k], actual: undefined });
      else if (!(k in expected)) out.push({ path: p, expected: undefined, actual: actual[k] });
      else out.push(...diffValues(expected[k], actual[k], p));
    }
    return out;
  }
  return [{ path: path || '(whole message)', expected, actual }];
}

/** Compares a live client message with a recorded one after normalising both. */
export function compareClientMessage(recorded: unknown, live: unknown, mapRequestId?: (id: unknown) => unknown): Difference[] {
  return diffValues(normalizeClientMessage(recorded), normalizeClientMessage(live, mapRequestId));
}

function show(v: unknown): string {
  if (v === undefined) return '(absent)';
  const s = JSON.stringify(v);
  return s.length > 200 ? s.slice(0, 197) + '...' : s;
}

/** Renders differences as indented lines: `at PATH: expected X, got Y`. */
export function formatDifferences(diffs: Difference[], indent = '  '): string {
  return diffs.map((d) => `${indent}at ${d.path}: expected ${show(d.expected)}, got ${show(d.actual)}`).join('\n');
}

/** A short label for a message, e.g. `tools/call read_file`, `response to 0`. */
export function describeMessage(msg: unknown): string {
  if (!isObj(msg)) return show(msg);
  if (typeof msg.method === 'string') {
    const name = isObj(msg.params) && typeof msg.params.name === 'string' ? ` ${msg.params.name}` : '';
    return `${'id' in msg ? 'request' : 'notification'} ${msg.method}${name}`;
  }
  return `response to id ${show(msg.id)}`;
}
