// What the server tells the client unasked, turned into Client events: list changes (which also
// drop the cached listing, CACHE-7), resource updates, task status, finished URL elicitations and
// log messages (masked, since a server may log its own secrets).
import { Methods, type Emitter, type LoggingMessageParams, type ResourceUpdatedParams, type Task } from '../../protocol/index.js';
import { redactValue, type Redact } from '../../protocol/redact.js';
import type { Session } from '../session/session.js';
import type { ClientEvents } from './client-options.js';
import type { RequestPath } from './request-path.js';
import type { ToolTask } from './tasks.js';

/** Where notifications go; read at delivery time, so a path replaced later (modern era) is the one invalidated. */
export interface NotificationSink {
  readonly events: Emitter<ClientEvents>;
  readonly redact: Redact;
  readonly path: RequestPath;
  /** Live task handles by id, so status notifications reach them. */
  readonly tasks: ReadonlyMap<string, WeakRef<ToolTask>>;
}

/** Registers the client's notification handlers on `session`. */
export function routeNotifications(session: Session, sink: NotificationSink): void {
  const listChanged =
    (event: 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged', ...lists: string[]) =>
    () => {
      for (const list of lists) sink.path.invalidate(list); // CACHE-7
      sink.events.emit(event, undefined);
    };
  session.onNotification(Methods.toolsListChanged, listChanged('toolsListChanged', Methods.toolsList));
  session.onNotification(Methods.promptsListChanged, listChanged('promptsListChanged', Methods.promptsList));
  session.onNotification(Methods.resourcesListChanged, listChanged('resourcesListChanged', Methods.resourcesList, Methods.resourcesTemplatesList));
  session.onNotification(Methods.resourcesUpdated, (params) => {
    if (typeof params?.uri === 'string') sink.events.emit('resourceUpdated', params as ResourceUpdatedParams);
  });
  session.onNotification(Methods.tasksStatus, (params) => {
    if (typeof params?.taskId !== 'string' || typeof params.status !== 'string') return;
    const task = params as unknown as Task;
    sink.tasks.get(task.taskId)?.deref()?.update(task);
    sink.events.emit('taskStatus', task);
  });
  session.onNotification(Methods.elicitationComplete, (params) => {
    // ELICIT-11: malformed ones are ignored; listeners ignore ids they do not know.
    if (typeof params?.elicitationId === 'string') sink.events.emit('elicitationComplete', { elicitationId: params.elicitationId });
  });
  session.onNotification(Methods.message, (params) => sink.events.emit('log', redactValue(params, sink.redact) as unknown as LoggingMessageParams));
}
