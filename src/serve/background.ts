// The notifications that belong to no request, as one client of the gateway gets them: list_changed,
// resources/updated for a URI it subscribed to, and the backends' log messages at or above the level
// it set. A 2026 client hears them on its subscriptions/listen streams (subscriptions.ts); an
// initialize-era one, once it has shaken hands, on its background channel (stdout on stdio, the
// session's GET stream on HTTP).
import { Methods, type LoggingLevel } from '../../protocol/index.js';
import type { Channel, ServeConnection } from './connection.js';

const LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

type ListKey = 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged';

/** Passes the gateway's notifications on to `connection`'s client; returns what unsubscribes them. */
export function followGateway(connection: ServeConnection, background: (() => Channel | undefined) | undefined): (() => void)[] {
  const ev = connection.gateway.events;
  const changed = (method: string, key: ListKey) => {
    connection.subscriptions.listChanged(method, key);
    if (connection.handshake) background?.()?.send({ jsonrpc: '2.0', method });
  };
  return [
    ev.on('toolsListChanged', () => changed(Methods.toolsListChanged, 'toolsListChanged')),
    ev.on('promptsListChanged', () => changed(Methods.promptsListChanged, 'promptsListChanged')),
    ev.on('resourcesListChanged', () => changed(Methods.resourcesListChanged, 'resourcesListChanged')),
    ev.on('resourceUpdated', ({ uri }) => {
      connection.subscriptions.resourceUpdated(uri);
      if (connection.handshake && connection.resourceSubscriptions.has(uri))
        background?.()?.send({ jsonrpc: '2.0', method: Methods.resourcesUpdated, params: { uri } });
    }),
    ev.on('log', (entry) => log(connection, background, entry)),
  ];
}

function log(connection: ServeConnection, background: (() => Channel | undefined) | undefined, entry: { server: string; level: string; data: unknown }): void {
  const threshold = connection.logLevel;
  if (!connection.handshake || threshold === undefined) return;
  const at = LEVELS.indexOf(entry.level as LoggingLevel);
  if (at < LEVELS.indexOf(threshold)) return;
  background?.()?.send({
    jsonrpc: '2.0',
    method: Methods.message,
    params: { level: at < 0 ? 'info' : entry.level, logger: entry.server, data: entry.data },
  });
}
