// `subscriptions/listen` (SUB-1..7): the modern era's source of list-changed notifications. One
// long-lived request, outside request timeouts (SUB-7), reopened when it ends or breaks while the
// client is up (SUB-6), closed by aborting it (HTTP: the stream; stdio: notifications/cancelled, SUB-5).
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
  /** Whether the client is still up (a closed client does not reopen). */
  alive(): boolean;
  /** After a reopen: changes may have been missed while it was down. */
  onReopened(filter: JsonObject): void;
}

/** The filter for what the server can announce (SUB-1); `undefined` when there is nothing to listen to. */
export function listenFilter(caps: ServerCapabilities): JsonObject | undefined {
  const filter: JsonObject = {};
  if (caps.tools?.listChanged) filter.toolsListChanged = true;
  if (caps.prompts?.listChanged) filter.promptsListChanged = true;
  if (caps.resources?.listChanged) filter.resourcesListChanged = true;
  return Object.keys(filter).length > 0 ? filter : undefined;
}

/** Opens the listen stream; returns its closer. */
export function openListen(options: ListenOptions): () => void {
  const filter = listenFilter(options.capabilities);
  if (!filter) return () => {};
  const controller = new AbortController();
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = (reopened: boolean) => {
    if (controller.signal.aborted || !options.alive()) return;
    const started = Date.now();
    options.path.request(Methods.subscriptionsListen, { notifications: filter }, { timeoutMs: Infinity, signal: controller.signal }).then(
      () => again('the server ended the subscription'),
      (error: unknown) => again(error instanceof Error ? error.message : String(error)),
    );
    if (reopened) options.onReopened(filter);
    const again = (why: string) => {
      if (controller.signal.aborted || !options.alive()) return;
      failures = Date.now() - started > 30_000 ? 1 : failures + 1;
      if (failures > MAX_FAILURES) {
        options.logger.warn(`subscriptions/listen keeps ending (${why}); relying on list TTLs`, { server: options.server });
        return;
      }
      options.logger.debug(`subscriptions/listen ended (${why}); reopening`, { server: options.server });
      timer = setTimeout(() => open(true), REOPEN_DELAY_MS);
      timer.unref?.();
    };
  };
  open(false);
  return () => {
    clearTimeout(timer);
    controller.abort('listen closed');
  };
}
