// Drives OUR client (connect() from src/) through a recorded session: it launches the replayer as
// the server, performs the recorded client's steps, answers server requests with the recorded
// answers, and returns the replay report plus what the bridge made of every tool result.
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, McpError, ToolTask, type Client, type ClientEvents } from '../src/index.js';
import { convertResult } from '../src/bridge/result.js';
import { SchemaCompiler } from '../src/bridge/validate.js';
import { expandPlaceholders, type Trace } from '../src/trace/trace-format.js';
import { answerQueue, deriveScript, type ClientScript } from '../src/trace/steps.js';
import type { ReplayReport } from '../src/trace/replay-engine.js';

/** What happened to one recorded tool call when our client and bridge performed it. */
export interface CallOutcome {
  tool: string;
  arguments?: Record<string, unknown>;
  /** The bridge's agent result (text, parts, isError, structured...), without `raw`. */
  result?: Record<string, unknown>;
  /** The call failed with a JSON-RPC error or a local error. */
  error?: { code: number | string; message: string };
}

/** What one resources/prompts/completion request gave through our client's typed method. */
export interface RequestOutcome {
  method: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { code: number | string; message: string };
}

/** A server notification as our client's typed `events` delivered it. */
export interface EventOutcome {
  event: keyof ClientEvents;
  params?: unknown;
}

export interface DriveOutcome {
  report?: ReplayReport;
  calls: CallOutcome[];
  /** Resources, prompts, completion and task requests, performed with the typed client methods. */
  requests: RequestOutcome[];
  /** The notifications our client turned into events, in order. */
  events: EventOutcome[];
  /** Problems of the drive itself (connect failed, a step our client cannot perform...). */
  problems: string[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function recordedAnswer(script: ClientScript, method: string): () => unknown {
  const next = answerQueue(script, method);
  return () => {
    const a = next();
    if (a.error) throw new Error(`recorded ${method} answer was an error: ${a.error.message}`);
    return a.result;
  };
}

// The typed client methods a recorded request maps to, so replays exercise them (not client.request).
const TYPED: Record<string, (c: Client, p: Obj) => Promise<unknown>> = {
  'resources/list': (c) => c.listResources(),
  'resources/templates/list': (c) => c.listResourceTemplates(),
  'resources/read': (c, p) => c.readResource(String(p.uri)),
  'resources/subscribe': (c, p) => c.subscribeResource(String(p.uri)).then(() => ({})),
  'resources/unsubscribe': (c, p) => c.unsubscribeResource(String(p.uri)).then(() => ({})),
  'prompts/list': (c) => c.listPrompts(),
  'prompts/get': (c, p) => c.getPrompt(String(p.name), (p.arguments ?? {}) as Record<string, string>),
  'completion/complete': (c, p) => c.complete(p.ref as never, p.argument as never, p.context as never),
  'tasks/list': (c) => c.listTasks(),
};

// The events a replay records: what a server's notifications became in our client's API.
const EVENTS = ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged', 'resourceUpdated', 'taskStatus', 'log', 'elicitationComplete'] as const;

/** Steps about a task our client holds a handle for: tasks/get polling is the handle's own business. */
function taskStep(step: { method: string; params?: Obj }, tasks: Map<string, ToolTask>): ToolTask | undefined {
  return step.method.startsWith('tasks/') && typeof step.params?.taskId === 'string' ? tasks.get(step.params.taskId) : undefined;
}

/** Runs one trace through our client. `replayerJs` is the compiled replayer. */
export async function driveTrace(tracePath: string, trace: Trace, replayerJs: string, name: string, vars: Record<string, string> = {}): Promise<DriveOutcome> {
  const script = deriveScript(expandPlaceholders(trace, vars));
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}=${v}`]);
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-conformance-'));
  const reportPath = join(dir, 'report.json');
  const problems: string[] = [];
  const calls: CallOutcome[] = [];
  const requests: RequestOutcome[] = [];
  const events: EventOutcome[] = [];
  const tasks = new Map<string, ToolTask>();
  const caps = script.capabilities;
  const elicitCaps = isObj(caps.elicitation) ? caps.elicitation : {};
  const formCaps = isObj(elicitCaps.form) ? elicitCaps.form : {};
  const roots = recordedAnswer(script, 'roots/list');
  const sampling = recordedAnswer(script, 'sampling/createMessage');
  const elicit = recordedAnswer(script, 'elicitation/create');
  let client: Client | undefined;
  try {
    client = await connect({
      command: process.execPath,
      args: [replayerJs, tracePath, '--report', reportPath, '--idle-timeout', '20000', '--stall', '5000', ...varArgs],
      name,
      // A recorded handshake-era trace starts with initialize: no era probe in front of it.
      era: trace.events.some((e) => e.type === 'message' && e.dir === 'c2s' && (e.msg as { method?: unknown } | undefined)?.method === 'server/discover')
        ? 'auto'
        : 'legacy',
      requestTimeoutMs: 20_000,
      startupTimeoutMs: 20_000,
      ...(caps.roots ? { roots: () => (roots() as { roots?: never[] })?.roots ?? [] } : {}),
      ...(caps.sampling ? { onSampling: () => sampling() as never } : {}),
      ...(caps.elicitation
        ? {
            onElicitation: () => elicit() as never,
            elicitationModes: Object.keys(elicitCaps).filter((k) => k === 'form' || k === 'url') as ('form' | 'url')[],
            // Mirror the recorded client: it filled in defaults only if it declared so (SEP-1034).
            applyElicitationDefaults: formCaps.applyDefaults === true,
          }
        : {}),
    } as never);
    const c = client;
    let recording = true;
    for (const event of EVENTS)
      c.events.on(event, (params: unknown) => {
        if (recording) events.push(params === undefined ? { event } : { event, params });
      });
    const outputSchemas = new Map<string, unknown>();
    const compiler = new SchemaCompiler();
    for (const step of script.steps) {
      if (step.kind === 'listTools') {
        // Our client pages on its own, so recorded follow-up pages are part of this one step.
        if (step.cursor !== undefined) continue;
        for (const t of await c.listTools()) if (t.outputSchema) outputSchemas.set(t.name, t.outputSchema);
      } else if (step.kind === 'callTool' && step.task) {
        // A task-augmented call: the handle polls and fetches the result at the recorded tasks/result step.
        const out: RequestOutcome = { method: 'tools/call', params: { name: step.name, arguments: step.arguments, task: step.task } };
        try {
          const task = await c.callTool(step.name, step.arguments ?? {}, { task: step.task as { ttl?: number } });
          tasks.set(task.taskId, task);
          out.result = { task: task.task };
        } catch (e) {
          const err = e as { code?: number | string; message?: string };
          out.error = { code: err.code ?? 'unknown', message: String(err.message) };
        }
        requests.push(out);
      } else if (step.kind === 'callTool') {
        const out: CallOutcome = { tool: step.name, ...(step.arguments ? { arguments: step.arguments } : {}) };
        try {
          const raw = await c.callTool(step.name, step.arguments ?? {}, { onProgress: () => {} });
          const schema = outputSchemas.get(step.name);
          const compiled = schema ? compiler.compile(schema as never) : undefined;
          const { raw: _raw, ...agent } = convertResult(raw, {
            hasOutputSchema: schema !== undefined,
            checkOutput: compiled && compiled.ok ? (v) => compiled.schema.check(v) : undefined,
          });
          out.result = agent as Obj;
        } catch (e) {
          const err = e as { code?: number | string; message?: string };
          out.error = { code: err.code ?? 'unknown', message: err instanceof McpError ? err.message : String(err.message) };
        }
        calls.push(out);
      } else if (step.kind === 'notify') {
        if (step.method === 'notifications/roots/list_changed') await c.notifyRootsChanged();
        else problems.push(`our client has no way to send the recorded notification ${step.method}`);
      } else if (taskStep(step, tasks)) {
        const task = taskStep(step, tasks)!;
        if (step.method === 'tasks/get') continue; // polled by task.result() / task.wait() below
        const out: RequestOutcome = { method: step.method, params: step.params };
        try {
          if (step.method === 'tasks/result') out.result = await task.result();
          else if (step.method === 'tasks/cancel') out.result = await task.cancel();
          else out.result = await c.request(step.method, step.params as never);
        } catch (e) {
          const err = e as { code?: number | string; message?: string };
          out.error = { code: err.code ?? 'unknown', message: String(err.message) };
        }
        requests.push(out);
      } else if (step.method in TYPED) {
        // Our client pages listings itself: recorded follow-up pages belong to the first request.
        if (isObj(step.params) && step.params.cursor !== undefined) continue;
        const out: RequestOutcome = { method: step.method, ...(step.params ? { params: step.params } : {}) };
        try {
          out.result = await TYPED[step.method]!(c, step.params ?? {});
        } catch (e) {
          const err = e as { code?: number | string; message?: string };
          out.error = { code: err.code ?? 'unknown', message: String(err.message) };
        }
        requests.push(out);
      } else if (step.method === 'logging/setLevel' && isObj(step.params)) {
        await c.setLoggingLevel(step.params.level as never);
      } else {
        await c.request(step.method, step.params as never).catch((e: Error) => problems.push(`${step.method}: ${e.message}`));
      }
    }
    // The replayer sends every notification recorded after the last client message before it
    // answers anything later: one more ping makes the list of events complete, whatever the timing.
    await c.ping().catch((e: Error) => problems.push(`final ping: ${e.message}`));
    recording = false;
  } catch (e) {
    problems.push(`the drive stopped: ${(e as Error).message}`);
  } finally {
    await client?.close().catch((e: Error) => problems.push(`close failed: ${e.message}`));
  }
  let report: ReplayReport | undefined;
  // The replayer writes its report as it exits; close() waits for the process, so it is there now.
  if (existsSync(reportPath)) report = JSON.parse(readFileSync(reportPath, 'utf8')) as ReplayReport;
  else problems.push('the replayer wrote no report (it did not get to the end of the session)');
  rmSync(dir, { recursive: true, force: true });
  return { report, calls, requests, events, problems };
}
