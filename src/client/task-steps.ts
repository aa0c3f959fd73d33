// The requests of a task handle (tasks/get polling, tasks/result, tasks/cancel; TASKS-4..7) and
// tasks/list, loaded by import() with the first of them (tasks.ts): most clients never run a task.
import { isTerminalTaskStatus, Methods, type CallToolResult, type Task } from '../../protocol/index.js';
import { InvalidResultError, RequestAbortedError } from '../errors/session-errors.js';
import { listAll, requestOptions, requireCapability, type FeatureHost, type FeatureOptions } from './features.js';
import { pollDelay, sleep, type PollBounds } from './polling.js';
import { checkTask } from './task-check.js';
import type { TaskState, TaskWaitOptions, ToolTask } from './tasks.js';

/** Poll interval when the server suggests none, and the bounds applied to what it suggests. */
const POLL: PollBounds = { min: 50, max: 30_000, fallback: 1000 };

/** `tasks/get`: the status now, recorded on the handle (the capability was checked by the handle). */
export function refresh(handle: ToolTask, state: TaskState, options: FeatureOptions): Promise<Task> {
  return statusCall(Methods.tasksGet, handle, state, options);
}

/** A request whose answer is the task's status (`tasks/get`, `tasks/cancel`), recorded on the handle. */
async function statusCall(
  method: typeof Methods.tasksGet | typeof Methods.tasksCancel,
  handle: ToolTask,
  state: TaskState,
  options: FeatureOptions,
): Promise<Task> {
  const host = state.host;
  const task = checkTask(host, method, await host.request(method, { taskId: handle.taskId }, requestOptions(options)));
  state.answeredStatus = task.status;
  handle.update(task);
  return handle.task;
}

/** Polls until the task is terminal or needs input (TASKS-4), honouring the server's pollInterval. */
export async function poll(handle: ToolTask, state: TaskState, options: TaskWaitOptions): Promise<Task> {
  // TASKS-6: a status notification may arrive before the poll that would tell the same; keep polling.
  while (!isTerminalTaskStatus(state.answeredStatus) && state.answeredStatus !== 'input_required') {
    await sleep(pollDelay(handle.task.pollInterval, POLL), options.signal).catch((reason) => {
      throw new RequestAbortedError({ server: state.host.serverName, method: Methods.tasksGet }, reason);
    });
    requireCapability(state.host, Methods.tasksGet, 'tasks');
    await refresh(handle, state, options);
  }
  return handle.task;
}

/** `tasks/result` of a task that was waited for (TASKS-5). */
export async function result(handle: ToolTask, state: TaskState, options: FeatureOptions): Promise<CallToolResult> {
  const host = state.host;
  // On input_required, tasks/result is where the server delivers its queued requests; it then
  // blocks until the task ends.
  const result = await host.request<CallToolResult>(Methods.tasksResult, { taskId: handle.taskId }, requestOptions(options));
  if (!Array.isArray(result?.content)) {
    if (result && result.structuredContent !== undefined && result.content === undefined) return { ...result, content: [] };
    throw new InvalidResultError(
      { server: host.serverName, method: Methods.tasksResult },
      `"content" of the result of task ${handle.taskId} (tool "${handle.toolName}") is not an array`,
    );
  }
  if (!isTerminalTaskStatus(state.answeredStatus)) state.answeredStatus = result.isError ? 'failed' : 'completed';
  if (!isTerminalTaskStatus(handle.task.status)) handle.update({ ...handle.task, status: state.answeredStatus });
  return result;
}

/** `tasks/cancel` (TASKS-7; the capability was checked by the handle). */
export function cancel(handle: ToolTask, state: TaskState, options: FeatureOptions): Promise<Task> {
  return statusCall(Methods.tasksCancel, handle, state, options);
}

/** Every task the server knows for this session (`tasks/list`, paginated), when it declares `tasks.list`. */
export async function listTasks(host: FeatureHost, options: FeatureOptions = {}): Promise<Task[]> {
  requireCapability(host, Methods.tasksList, 'tasks.list');
  return listAll<Task>(host, Methods.tasksList, 'tasks', options);
}
