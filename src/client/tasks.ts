// Tasks (experimental, 2025-11-25; TASKS-2..8): a task-augmented tools/call answers at once with a
// task; the handle polls tasks/get at the server's pollInterval until the task ends (or needs input,
// when tasks/result lets the server send its queued elicitation/sampling requests), then fetches
// the result with tasks/result. notifications/tasks/status only updates the handle for listeners:
// when to stop polling is decided by what tasks/get answered, never by a notification (TASKS-6).
import {
  isTerminalTaskStatus,
  Methods,
  MODEL_IMMEDIATE_RESPONSE_META,
  type CallToolResult,
  type CreateTaskResult,
  type JsonObject,
  type ListTasksResult,
  type Task,
} from '../../protocol/index.js';
import { InvalidResultError, RequestAbortedError } from '../errors/session-errors.js';
import { arrayField, requestOptions, requireCapability, type FeatureHost, type FeatureOptions } from './features.js';
import { collectPages } from './pagination.js';
import { pollDelay, sleep, type PollBounds } from './polling.js';

/** What to ask of the server for a task-augmented call (TASKS-3). */
export interface TaskRequest {
  /** Milliseconds the server should keep the task after it is created. */
  ttl?: number;
}

/** Options of {@link ToolTask.result} and {@link ToolTask.wait}. */
export interface TaskWaitOptions extends FeatureOptions {
  /** Called with each new status seen (polled or notified). */
  onStatus?: (task: Task) => void;
}

/** Poll interval when the server suggests none, and the bounds applied to what it suggests. */
const POLL: PollBounds = { min: 50, max: 30_000, fallback: 1000 };

function checkTask(host: FeatureHost, method: string, value: unknown): Task {
  const task = value as Task;
  if (typeof task?.taskId !== 'string' || typeof task.status !== 'string')
    throw new InvalidResultError({ server: host.serverName, method }, 'not a task (no taskId or status)');
  return task;
}

/** A running (or finished) task created by a task-augmented `callTool`. */
export class ToolTask {
  /** The last status seen. */
  task: Task;
  /** A string the server offered to hand the model while the task runs (TASKS-3), if any. */
  readonly immediateResponse?: string;
  private readonly listeners = new Set<(task: Task) => void>();
  /** The status the server last answered (the CreateTaskResult, then tasks/get or tasks/cancel). */
  private answeredStatus: Task['status'];

  constructor(
    private readonly host: FeatureHost,
    created: CreateTaskResult,
    readonly toolName: string,
  ) {
    this.task = checkTask(host, Methods.toolsCall, created.task);
    this.answeredStatus = this.task.status;
    const immediate = created._meta?.[MODEL_IMMEDIATE_RESPONSE_META];
    if (typeof immediate === 'string') this.immediateResponse = immediate;
  }

  get taskId(): string {
    return this.task.taskId;
  }

  /** Records a status from tasks/get or notifications/tasks/status; newer wins. */
  update(task: Task): void {
    if (task.taskId !== this.taskId) return;
    const changed = task.status !== this.task.status || task.statusMessage !== this.task.statusMessage;
    this.task = { ...this.task, ...task };
    if (changed) for (const fn of this.listeners) fn(this.task);
  }

  /** Asks the server for the current status (`tasks/get`). */
  async refresh(options: FeatureOptions = {}): Promise<Task> {
    requireCapability(this.host, Methods.tasksGet, 'tasks');
    const task = checkTask(this.host, Methods.tasksGet, await this.host.request(Methods.tasksGet, { taskId: this.taskId }, requestOptions(options)));
    this.answeredStatus = task.status;
    this.update(task);
    return this.task;
  }

  /**
   * Polls until the task is terminal or needs input (TASKS-4), honouring the server's pollInterval.
   * @throws RequestAbortedError when `signal` fires.
   */
  async wait(options: TaskWaitOptions = {}): Promise<Task> {
    const listener = options.onStatus;
    if (listener) {
      this.listeners.add(listener);
      listener(this.task);
    }
    try {
      // TASKS-6: a status notification may arrive before the poll that would tell the same; keep polling.
      while (!isTerminalTaskStatus(this.answeredStatus) && this.answeredStatus !== 'input_required') {
        await sleep(pollDelay(this.task.pollInterval, POLL), options.signal).catch((reason) => {
          throw new RequestAbortedError({ server: this.host.serverName, method: Methods.tasksGet }, reason);
        });
        await this.refresh(options);
      }
      return this.task;
    } finally {
      if (listener) this.listeners.delete(listener);
    }
  }

  /**
   * Waits for the task, then returns what the tool call would have returned (`tasks/result`,
   * TASKS-5): a CallToolResult (`isError: true` for a failed tool), or the server's McpError.
   */
  async result(options: TaskWaitOptions = {}): Promise<CallToolResult> {
    await this.wait(options);
    // On input_required, tasks/result is where the server delivers its queued requests; it then
    // blocks until the task ends.
    const result = await this.host.request<CallToolResult>(Methods.tasksResult, { taskId: this.taskId }, requestOptions(options));
    if (!Array.isArray(result?.content)) {
      if (result && result.structuredContent !== undefined && result.content === undefined) return { ...result, content: [] };
      throw new InvalidResultError(
        { server: this.host.serverName, method: Methods.tasksResult },
        `"content" of the result of task ${this.taskId} (tool "${this.toolName}") is not an array`,
      );
    }
    if (!isTerminalTaskStatus(this.answeredStatus)) this.answeredStatus = result.isError ? 'failed' : 'completed';
    if (!isTerminalTaskStatus(this.task.status)) this.update({ ...this.task, status: this.answeredStatus });
    return result;
  }

  /** Cancels the task (`tasks/cancel`, TASKS-7); a terminal task gets the server's -32602. */
  async cancel(options: FeatureOptions = {}): Promise<Task> {
    requireCapability(this.host, Methods.tasksCancel, 'tasks.cancel');
    const task = checkTask(this.host, Methods.tasksCancel, await this.host.request(Methods.tasksCancel, { taskId: this.taskId }, requestOptions(options)));
    this.answeredStatus = task.status;
    this.update(task);
    return this.task;
  }
}

/** Every task the server knows for this session (`tasks/list`, paginated), when it declares `tasks.list`. */
export async function listTasks(host: FeatureHost, options: FeatureOptions = {}): Promise<Task[]> {
  requireCapability(host, Methods.tasksList, 'tasks.list');
  return collectPages(
    async (cursor) => {
      const result = await host.request<ListTasksResult>(Methods.tasksList, cursor === undefined ? undefined : { cursor }, requestOptions(options));
      return { items: arrayField<Task>(host, Methods.tasksList, result, 'tasks'), nextCursor: result.nextCursor };
    },
    { server: host.serverName, method: Methods.tasksList },
  );
}

/** The `task` member of a task-augmented request's params. */
export function taskParams(request: TaskRequest): JsonObject {
  return request.ttl === undefined ? {} : { ttl: request.ttl };
}
