// What a task-shaped answer must hold (a taskId and a status), checked by the handle and its steps.
import { InvalidResultError } from '../errors/session-errors.js';
import type { Task } from '../../protocol/index.js';
import type { FeatureHost } from './features.js';

/** `value` as a Task, or the server's answer named invalid. */
export function checkTask(host: FeatureHost, method: string, value: unknown): Task {
  const task = value as Task;
  if (typeof task?.taskId !== 'string' || typeof task.status !== 'string')
    throw new InvalidResultError({ server: host.serverName, method }, 'not a task (no taskId or status)');
  return task;
}
