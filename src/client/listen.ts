// `subscriptions/listen` (SUB-1..7): the modern era's source of list-changed notifications and of
// resource updates (it replaces `resources/subscribe`). One long-lived request, outside request
// timeouts (SUB-7), reopened when it ends or breaks while the client is up (SUB-6), closed by
// aborting it (HTTP: the stream; stdio: notifications/cancelled, SUB-5).
import { Methods, type JsonObject, type ServerCapabilities } from '../../protocol/index.js';
import type { Logger } from '../log.js';
import type { RequestPath } from './request-path.js';

const REOPEN_DELAY_MS = 1_000;
const MAX_FAILURES = 5;

export interface ListenOptions {
  path: RequestPath;
  capabilities: ServerCapabilities;
  server?: string;
  logger: Logger;
  /** The resource URIs subscribed to now (sent as `resourceSubscriptions`). */
  resourceSubscriptions?(): string[];
  /** Whether the client is still up (a closed client does not reopen). */
  alive(): boolean;
  /** After a reopen: changes may have been missed while it was down. */
  onReopened(filter: JsonObject): void;
}

/** An open listen stream. */
export interface ListenHandle {
  /** Opens a stream with the current filter, then ends the old one, so nothing falls in a gap. */
  refresh(): void;
  close(): void;
}

/** The filter for what the server can announce (SUB-1); `undefined` when there is nothing to listen to. */
export function listenFilter(caps: ServerCapabilities, resourceSubscriptions: string[] = []): JsonObject | undefined {
  const filter: JsonObject = {};
  if (caps.tools?.listChanged) filter.toolsListChanged = true;
  if (caps.prompts?.listChanged) filter.promptsListChanged = true;
  if (caps.resources?.listChanged) filter.resourcesListChanged = true;
  if (caps.resources?.subscribe && resourceSubscriptions.length > 0) filter.resourceSubscriptions = [...resourceSubscriptions];
  return Object.keys(filter).length > 0 ? filter : undefined;
}

/** Opens the listen stream (when there is something to listen to) and returns its handle. */
export function openListen(options: ListenOptions): ListenHandle {
  let closed = false;
  let current: AbortController | undefined;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = (reopened: boolean) => {
    if (closed || !options.alive()) return;
    const filter = listenFilter(options.capabilities, options.resourceSubscriptions?.());
    if (!filter) return;
    const controller = new AbortController();
    current = controller;
    const started = Date.now();
    const again = (why: string) => {
      // A stream replaced by refresh() or closed does not come back.
      if (closed || controller.signal.aborted || !options.alive()) return;
      failures = Date.now() - started > 30_000 ? 1 : failures + 1;
      if (failures > MAX_FAILURES) {
        options.logger.warn(`subscriptions/listen keeps ending (${why}); relying on list TTLs`, { server: options.server });
        return;
      }
      options.logger.debug(`subscriptions/listen ended (${why}); reopening`, { server: options.server });
      timer = setTimeout(() => open(true), REOPEN_DELAY_MS);
      timer.unref?.();
    };
    options.path.request(Methods.subscriptionsListen, { notifications: filter }, { timeoutMs: Infinity, signal: controller.signal }).then(
      () => again('the server ended the subscription'),
      (error: unknown) => again(error instanceof Error ? error.message : String(error)),
    );
    if (reopened) options.onReopened(filter);
  };
  open(false);
  return {
    refresh() {
      if (closed) return;
      clearTimeout(timer);
      const old = current;
      current = undefined;
      failures = 0;
      open(false);
      old?.abort('listen filter changed');
    },
    close() {
      closed = true;
      clearTimeout(timer);
      current?.abort('listen closed');
    },
  };
}
