// Resource subscriptions in both eras, remembered so a recovered session subscribes again. The
// legacy era sends resources/subscribe and resources/unsubscribe; the 2026-07-28 era has neither:
// the URIs ride in the `resourceSubscriptions` of the `subscriptions/listen` stream, which is
// reopened with the new set (SUB-1; opened even with `listen: false`).
import { Methods } from '../../protocol/index.js';
import type { ClientConnection } from './connection.js';
import { requestOptions, requireCapability, type FeatureHost, type FeatureOptions } from './features.js';

/** Subscribes to `uri` in the connection's era. @throws CapabilityMissingError */
export async function subscribe(connection: ClientConnection, uri: string, options?: FeatureOptions): Promise<void> {
  if (connection.snapshot?.era === 'modern') {
    requireCapability(connection.host, Methods.resourcesSubscribe, 'resources.subscribe');
    if (connection.subscriptions.has(uri)) return;
    connection.subscriptions.add(uri);
    refreshListen(connection);
    return;
  }
  await subscribeResource(connection.host, uri, options);
  connection.subscriptions.add(uri);
}

/** Ends a subscription to `uri` in the connection's era. @throws CapabilityMissingError */
export async function unsubscribe(connection: ClientConnection, uri: string, options?: FeatureOptions): Promise<void> {
  if (connection.snapshot?.era === 'modern') {
    requireCapability(connection.host, Methods.resourcesUnsubscribe, 'resources.subscribe');
    if (connection.subscriptions.delete(uri)) refreshListen(connection);
    return;
  }
  connection.subscriptions.delete(uri);
  await unsubscribeResource(connection.host, uri, options);
}

function refreshListen(connection: ClientConnection): void {
  connection.assertReady(Methods.subscriptionsListen);
  if (connection.listen) connection.listen.refresh();
  else connection.startListening();
}

/** Asks for `notifications/resources/updated` about `uri` (needs `resources.subscribe`). */
async function subscribeResource(host: FeatureHost, uri: string, options: FeatureOptions = {}): Promise<void> {
  requireCapability(host, Methods.resourcesSubscribe, 'resources.subscribe');
  await host.request(Methods.resourcesSubscribe, { uri }, requestOptions(options));
}

async function unsubscribeResource(host: FeatureHost, uri: string, options: FeatureOptions = {}): Promise<void> {
  requireCapability(host, Methods.resourcesUnsubscribe, 'resources.subscribe');
  await host.request(Methods.resourcesUnsubscribe, { uri }, requestOptions(options));
}
