// Tasks (experimental, 2025-11-25; TASKS-2..8): a task-augmented tools/call answers at once with a
// task; the handle polls tasks/get at the server's pollInterval until the task ends (or needs input,
// when tasks/result lets the server send its queued elicitation/sampling requests), then fetches
// the result with tasks/result. notifications/tasks/status only updates the handle for listeners:
// when to stop polling is decided by what tasks/get answered, never by a notification (TASKS-6).
// The handle is here, so `instanceof ToolTask` works without a task ever run; its requests (polling,
// result, cancel, tasks/list) are in task-steps.ts, loaded by the first of them: most clients run none.
import { Methods, MODEL_IMMEDIATE_RESPONSE_META, type CallToolResult, type CreateTaskResult, type JsonObject, type Task } from '../../protocol/index.js';
import { requireCapability, type FeatureHost, type FeatureOptions } from './features.js';
import { checkTask } from './task-check.js';

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

/** @internal What the task steps read and write of a handle. */
export interface TaskState {
  readonly host: FeatureHost;
  readonly listeners: Set<(task: Task) => void>;
  /** The status the server last answered (the CreateTaskResult, then tasks/get or tasks/cancel). */
  answeredStatus: Task['status'];
}

/** The steps module, imported once, by the first step any task or client takes (concurrent ones share the import). */
let steps: Promise<typeof import('./task-steps.js')> | undefined;
export function taskSteps(): Promise<typeof import('./task-steps.js')> {
  steps ??= import('./task-steps.js');
  return steps;
}

/** A running (or finished) task created by a task-augmented `callTool`. */
export class ToolTask {
  /** The last status seen. */
  task: Task;
  /** A string the server offered to hand the model while the task runs (TASKS-3), if any. */
  readonly immediateResponse?: string;
  private readonly state: TaskState;

  constructor(
    host: FeatureHost,
    created: CreateTaskResult,
    readonly toolName: string,
  ) {
    this.task = checkTask(host, Methods.toolsCall, created.task);
    this.state = { host, listeners: new Set(), answeredStatus: this.task.status };
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
    if (changed) for (const fn of this.state.listeners) fn(this.task);
  }

  /** Asks the server for the current status (`tasks/get`). */
  async refresh(options: FeatureOptions = {}): Promise<Task> {
    requireCapability(this.state.host, Methods.tasksGet, 'tasks');
    return (await taskSteps()).refresh(this, this.state, options);
  }

  /**
   * Polls until the task is terminal or needs input (TASKS-4), honouring the server's pollInterval.
   * @throws RequestAbortedError when `signal` fires.
   */
  async wait(options: TaskWaitOptions = {}): Promise<Task> {
    const listener = options.onStatus;
    if (listener) {
      this.state.listeners.add(listener);
      listener(this.task);
    }
    try {
      return await (await taskSteps()).poll(this, this.state, options);
    } finally {
      if (listener) this.state.listeners.delete(listener);
    }
  }

  /**
   * Waits for the task, then returns what the tool call would have returned (`tasks/result`,
   * TASKS-5): a CallToolResult (`isError: true` for a failed tool), or the server's McpError.
   */
  async result(options: TaskWaitOptions = {}): Promise<CallToolResult> {
    await this.wait(options);
    return (await taskSteps()).result(this, this.state, options);
  }

  /** Cancels the task (`tasks/cancel`, TASKS-7); a terminal task gets the server's -32602. */
  async cancel(options: FeatureOptions = {}): Promise<Task> {
    requireCapability(this.state.host, Methods.tasksCancel, 'tasks.cancel');
    return (await taskSteps()).cancel(this, this.state, options);
  }
}

/** The `task` member of a task-augmented request's params. */
export function taskParams(request: TaskRequest): JsonObject {
  return request.ttl === undefined ? {} : { ttl: request.ttl };
}
