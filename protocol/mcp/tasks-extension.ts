// The 2026 Tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663), the pure half: the id a
// client declares in its per-request capabilities, the task shapes `tasks/get` answers with, and
// the check that a `resultType: "task"` answer or a polled task is one (TASKS-11..15).

/** The extension's id, in `capabilities.extensions` of both sides. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The extension's methods (no `tasks/result` or `tasks/list`, unlike 2025-11-25's tasks). */
export const TaskExtensionMethods = {
  get: 'tasks/get',
  update: 'tasks/update',
  cancel: 'tasks/cancel',
} as const;

/** A task's state as `tasks/get` (and the creating answer) carries it, status-specific fields inline. */
export interface DetailedTask {
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  ttlMs?: number | null;
  /** How long to wait before the next `tasks/get` (TASKS-12). */
  pollIntervalMs?: number;
  /** `input_required`: what the server asks, answered with `tasks/update` (TASKS-13). */
  inputRequests?: Record<string, { method: string; params?: Record<string, unknown> }>;
  /** `completed`: what the original request would have returned. */
  result?: Record<string, unknown>;
  /** `failed`: the JSON-RPC error of the original request. */
  error?: { code: number; message: string; data?: unknown };
  [key: string]: unknown;
}

const STATUSES = new Set(['working', 'input_required', 'completed', 'failed', 'cancelled']);

/** The task in `value`, or why it is not one. */
export function parseDetailedTask(value: unknown): DetailedTask | { invalid: string } {
  const t = value as Partial<DetailedTask> | null;
  if (typeof t !== 'object' || t === null || typeof t.taskId !== 'string' || t.taskId === '') return { invalid: 'not a task (no taskId)' };
  if (typeof t.status !== 'string' || !STATUSES.has(t.status)) return { invalid: `task ${t.taskId} has an unknown status ${JSON.stringify(t.status)}` };
  if (t.status === 'completed' && (typeof t.result !== 'object' || t.result === null)) return { invalid: `completed task ${t.taskId} carries no "result"` };
  if (t.status === 'failed' && (typeof t.error !== 'object' || t.error === null || typeof t.error.code !== 'number'))
    return { invalid: `failed task ${t.taskId} carries no JSON-RPC "error"` };
  if (t.status === 'input_required' && (typeof t.inputRequests !== 'object' || t.inputRequests === null))
    return { invalid: `task ${t.taskId} needs input but carries no "inputRequests"` };
  return t as DetailedTask;
}
