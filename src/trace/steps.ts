// Derives the recorded client's steps from a trace (connect with these capabilities, list tools,
// call tool X with args Y, send this notification) and its answers to server → client requests.
// Pure, so any client can be driven through a recording: the SDK in self-tests, ours in the suite.
import type { Trace } from './trace-format.js';
import { classify } from './normalize.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One thing the recorded client did of its own accord. */
export type Step =
  | { kind: 'listTools'; cursor?: string }
  | { kind: 'callTool'; name: string; arguments?: Record<string, unknown>; progress: boolean; index: number; task?: Obj }
  | { kind: 'request'; method: string; params?: Obj }
  | { kind: 'notify'; method: string; params?: Obj };

/** Everything needed to act like the recorded client. */
export interface ClientScript {
  protocolVersion?: string;
  /** Capabilities the recorded client declared in initialize. */
  capabilities: Obj;
  steps: Step[];
  /** Recorded answers to server → client requests, per method, in the order they were given. */
  answers: Record<string, Array<{ result?: unknown; error?: { code: number; message: string } }>>;
  /** Tool results as recorded, in call order (index matches callTool.index). */
  toolResults: Array<{ name: string; result?: unknown; error?: unknown }>;
}

/** Reads a trace into a client script. Handshake messages are implied by the connect. */
export function deriveScript(trace: Trace): ClientScript {
  const script: ClientScript = { protocolVersion: trace.header.protocolVersion, capabilities: {}, steps: [], answers: {}, toolResults: [] };
  const serverRequests = new Map<string, string>();
  const callIndexById = new Map<string, number>();
  for (const e of trace.events) {
    if (e.type !== 'message' || !isObj(e.msg)) continue;
    const m = e.msg;
    const kind = classify(m).kind;
    if (e.dir === 's2c') {
      if (kind === 'request') serverRequests.set(JSON.stringify(m.id), m.method as string);
      if (kind === 'response' && callIndexById.has(JSON.stringify(m.id))) {
        const i = callIndexById.get(JSON.stringify(m.id)) as number;
        callIndexById.delete(JSON.stringify(m.id));
        script.toolResults[i] = { ...script.toolResults[i]!, result: m.result, error: m.error };
      }
      continue;
    }
    const params = isObj(m.params) ? m.params : undefined;
    if (kind === 'response') {
      const method = serverRequests.get(JSON.stringify(m.id)) ?? '(unknown)';
      (script.answers[method] ??= []).push('error' in m ? { error: m.error as { code: number; message: string } } : { result: m.result });
      continue;
    }
    if (m.method === 'initialize') {
      script.capabilities = isObj(params?.capabilities) ? params.capabilities : {};
      continue;
    }
    if (m.method === 'notifications/initialized') continue;
    if (kind === 'notification') {
      script.steps.push({ kind: 'notify', method: m.method as string, params });
    } else if (m.method === 'tools/list') {
      script.steps.push({ kind: 'listTools', cursor: typeof params?.cursor === 'string' ? params.cursor : undefined });
    } else if (m.method === 'tools/call' && params && typeof params.name === 'string') {
      const index = script.toolResults.length;
      script.toolResults.push({ name: params.name });
      callIndexById.set(JSON.stringify(m.id), index);
      const progress = isObj(params._meta) && params._meta.progressToken !== undefined;
      script.steps.push({
        kind: 'callTool',
        name: params.name,
        arguments: isObj(params.arguments) ? params.arguments : undefined,
        progress,
        index,
        ...(isObj(params.task) ? { task: params.task } : {}),
      });
    } else {
      script.steps.push({ kind: 'request', method: m.method as string, params });
    }
  }
  return script;
}

/** Hands out recorded answers for one method in order; the last one repeats if the client is asked more often. */
export function answerQueue(script: ClientScript, method: string): () => { result?: unknown; error?: { code: number; message: string } } {
  const list = script.answers[method] ?? [];
  let i = 0;
  return () => {
    const a = list[Math.min(i, list.length - 1)];
    i++;
    if (a === undefined) return { error: { code: -32601, message: `no recorded answer for ${method}` } };
    return a;
  };
}
