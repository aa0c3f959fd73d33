// SUB-1..3 / CACHE-7: in the modern era list-changed notifications arrive over subscriptions/listen,
// invalidate the cached listing and reach the client's (and so the manager's) toolsListChanged event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, createTransport } from '../../src/index.js';
import { SchemaTap } from '../helpers/spec-schema.js';
import { v2Stdio } from '../helpers/v2-server.js';

test('SUB-1/3: a tool added by the server is announced on the listen stream and listed again', async () => {
  const l = v2Stdio({ reject: true, ttlMs: 60_000 });
  const transport = await createTransport({ command: l.command, args: l.args });
  const tap = new SchemaTap(transport);
  const client = new Client(transport, { name: 'listen' });
  await client.connect();
  try {
    assert.equal(client.era, 'modern');
    assert.ok(!(await client.listTools()).some((t) => t.name === 'grown'));
    const changed = new Promise<void>((resolve) => client.events.on('toolsListChanged', () => resolve()));
    await client.callTool('grow', {});
    await changed;
    // The cached listing (ttl 60 s) was invalidated by the notification (CACHE-7).
    assert.ok((await client.listTools()).some((t) => t.name === 'grown'));
    const listen = tap.sent.find((m) => 'method' in m && m.method === 'subscriptions/listen') as
      | { id: number; params: { notifications: Record<string, unknown> } }
      | undefined;
    assert.ok(listen, 'a listen request was sent');
    assert.equal(listen.params.notifications.toolsListChanged, true);
    const announced = tap.received.find((m) => (m as { method?: string }).method === 'notifications/tools/list_changed') as
      | { params?: { _meta?: Record<string, unknown> } }
      | undefined;
    assert.equal(announced?.params?._meta?.['io.modelcontextprotocol/subscriptionId'], listen.id);
    assert.deepEqual(tap.problems('2026-07-28'), []);
  } finally {
    await client.close();
  }
});

test('SUB-1/3: subscribeResource in the 2026 era rides on subscriptions/listen, never resources/subscribe', async () => {
  const l = v2Stdio({ reject: true, resources: true });
  const transport = await createTransport({ command: l.command, args: l.args });
  const tap = new SchemaTap(transport);
  const client = new Client(transport, { name: 'listen-res' });
  await client.connect();
  try {
    assert.equal(client.era, 'modern');
    const listens = () =>
      tap.sent.filter((m) => 'method' in m && m.method === 'subscriptions/listen') as unknown as {
        id: number;
        params: { notifications: Record<string, unknown> };
      }[];
    const acked = (id: number) =>
      new Promise<void>((resolve) => {
        const tick = () => {
          const ack = tap.received.find(
            (m) =>
              (m as { method?: string }).method === 'notifications/subscriptions/acknowledged' &&
              (m as { params?: { _meta?: Record<string, unknown> } }).params?._meta?.['io.modelcontextprotocol/subscriptionId'] === id,
          );
          if (ack) resolve();
          else setTimeout(tick, 20);
        };
        tick();
      });
    await client.subscribeResource('memo://note');
    const withUri = listens().at(-1)!;
    assert.deepEqual(withUri.params.notifications.resourceSubscriptions, ['memo://note']);
    await acked(withUri.id);
    const updated = new Promise<string>((resolve) => client.events.on('resourceUpdated', (p) => resolve(p.uri)));
    await client.callTool('touch', {});
    assert.equal(await updated, 'memo://note');
    const update = tap.received.find((m) => (m as { method?: string }).method === 'notifications/resources/updated') as
      | { params?: { _meta?: Record<string, unknown> } }
      | undefined;
    assert.equal(update?.params?._meta?.['io.modelcontextprotocol/subscriptionId'], withUri.id);

    await client.unsubscribeResource('memo://note');
    const without = listens().at(-1)!;
    assert.notEqual(without.id, withUri.id);
    assert.equal(without.params.notifications.resourceSubscriptions, undefined);
    // The replaced stream was ended (SUB-5: notifications/cancelled for its id on stdio).
    assert.ok(
      tap.sent.some(
        (m) => 'method' in m && m.method === 'notifications/cancelled' && (m as { params?: { requestId?: unknown } }).params?.requestId === withUri.id,
      ),
    );
    assert.ok(!tap.sent.some((m) => 'method' in m && (m.method === 'resources/subscribe' || m.method === 'resources/unsubscribe')));
    assert.deepEqual(tap.problems('2026-07-28'), []);
  } finally {
    await client.close();
  }
});
