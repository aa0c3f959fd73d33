// Tasks (experimental, 2025-11-25, TASKS-*): a task-augmented request answers with a task at
// once; the result is fetched later with tasks/result.

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** The `_meta` key tying a message to a task (TASKS-8). */
export const RELATED_TASK_META = 'io.modelcontextprotocol/related-task';
/** The `_meta` key of a string a server may hand the model while the task runs (TASKS-3). */
export const MODEL_IMMEDIATE_RESPONSE_META = 'io.modelcontextprotocol/model-immediate-response';

export interface Task {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** ISO 8601. */
  createdAt: string;
  lastUpdatedAt?: string;
  /** Milliseconds the server keeps the task after creation; null for unlimited. */
  ttl: number | null;
  /** Suggested milliseconds between tasks/get polls. */
  pollInterval?: number;
  [key: string]: unknown;
}

/** The answer to a task-augmented request (TASKS-3). */
export interface CreateTaskResult {
  task: Task;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ListTasksResult {
  tasks: Task[];
  nextCursor?: string | null;
  [key: string]: unknown;
}

/** Whether a status is final: no more changes, the result (or error) is available. */
export function isTerminalTaskStatus(status: string): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}
