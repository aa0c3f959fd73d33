// The 2026 Tasks extension (SEP-2663), followed for the caller: when a `tools/call` answers with
// `resultType: "task"`, poll `tasks/get` at the server's `pollIntervalMs` until the task ends
// (TASKS-12), answer what it asks while `input_required` through the same hooks as any input
// request, sent back with `tasks/update` once per key (TASKS-13), and return the tool's own result
// (`completed`), the server's error (`failed`), or a cancellation error. Status messages reach the
// caller's `onProgress`; aborting sends `tasks/cancel` (TASKS-14). The caller never sees the task.
import { McpError, parseDetailedTask, TaskExtensionMethods, type DetailedTask, type JsonObject } from '../../protocol/index.js';
import { TaskCancelledError } from '../errors/client-errors.js';
import { InputHandlerMissingError, InputRequestFailedError } from '../errors/era-errors.js';
import { InvalidResultError, RequestAbortedError } from '../errors/session-errors.js';
import type { RequestOptions, Session } from '../session/session.js';
import { pollDelay, sleep, type PollBounds } from './polling.js';

/** Poll interval when the server suggests none, and the bounds applied to what it suggests. */
const POLL: PollBounds = { min: 20, max: 30_000, fallback: 1000 };

/** What the driver needs from its path: a request with the envelope, and the session's input hooks. */
export interface TaskDriverHost {
  server?: string;
  session: Session;
  send(method: string, params: JsonObject, options: RequestOptions): Promise<JsonObject>;
}

/** Follows the task `created` (the answer to `method`) to its end; resolves with the original request's result. */
export async function followTask(host: TaskDriverHost, method: string, created: JsonObject, options: RequestOptions): Promise<JsonObject> {
  const ctx = { server: host.server, method };
  let task = check(ctx, created);
  const answered = new Set<string>();
  const signal = options.signal;
  const perRequest: RequestOptions = { timeoutMs: options.timeoutMs };
  let step = 0;
  const report = (t: DetailedTask) => options.onProgress?.({ progress: ++step, ...(t.statusMessage ? { message: t.statusMessage } : {}) });
  report(task);
  try {
    for (;;) {
      if (task.status === 'completed') return task.result as JsonObject;
      if (task.status === 'failed') throw new McpError({ code: task.error!.code, message: task.error!.message, data: task.error!.data }, ctx);
      if (task.status === 'cancelled') throw new TaskCancelledError({ ...ctx, taskId: task.taskId }, task.statusMessage);
      if (task.status === 'input_required') {
        const responses = await answer(host, ctx, task, answered, signal);
        if (Object.keys(responses).length > 0) await host.send(TaskExtensionMethods.update, { taskId: task.taskId, inputResponses: responses }, perRequest);
      }
      await sleep(pollDelay(task.pollIntervalMs, POLL), signal);
      const next = check(ctx, await host.send(TaskExtensionMethods.get, { taskId: task.taskId }, perRequest));
      if (next.status !== task.status || next.statusMessage !== task.statusMessage) report(next);
      task = next;
    }
  } catch (error) {
    if (signal?.aborted) {
      // TASKS-14: cooperative; the acknowledgement is all we wait for, and its failure changes nothing.
      await host.send(TaskExtensionMethods.cancel, { taskId: task.taskId }, { timeoutMs: 5000 }).catch(() => undefined);
      throw error instanceof RequestAbortedError ? error : new RequestAbortedError(ctx, signal.reason);
    }
    throw error;
  }
}

function check(ctx: { server?: string; method: string }, value: unknown): DetailedTask {
  const task = parseDetailedTask(value);
  if (typeof task.invalid === 'string') throw new InvalidResultError(ctx, task.invalid);
  return task as DetailedTask;
}

// TASKS-13: each key is answered once over the task's life; keys seen again on later polls are skipped.
async function answer(
  host: TaskDriverHost,
  ctx: { server?: string; method: string },
  task: DetailedTask,
  answered: Set<string>,
  signal: AbortSignal | undefined,
): Promise<Record<string, unknown>> {
  const responses: Record<string, unknown> = {};
  for (const [key, input] of Object.entries(task.inputRequests ?? {})) {
    if (answered.has(key)) continue;
    const where = { ...ctx, inputMethod: String(input?.method), key };
    if (typeof input?.method !== 'string' || !host.session.hasRequestHandler(input.method) || input.method === 'ping')
      throw new InputHandlerMissingError(where);
    const outcome = await host.session.serveLocally(input.method, input.params, signal ?? new AbortController().signal);
    if ('error' in outcome) throw new InputRequestFailedError(where, `${outcome.error.message} (${outcome.error.code})`);
    responses[key] = outcome.result;
    answered.add(key);
  }
  return responses;
}
