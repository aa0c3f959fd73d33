// Records the client surface beyond tools: server-everything's resources, templates, prompts and
// completion, and server-memory's memory://knowledge-graph resource with its subscription. The SDK
// client drives, as in the other recordings.
import { join } from 'node:path';
import { call, scratchDir, serverEntry, settle, startRecording } from './harness.js';

export async function recordEverythingResourcesPrompts(): Promise<void> {
  const rec = await startRecording({
    trace: 'everything-resources-prompts.jsonl',
    description: 'server-everything (stdio): resources, templates (text and blob), reads, prompts, completion',
    command: 'node',
    args: [serverEntry('server-everything'), 'stdio'],
  });
  const c = rec.client;
  await c.listResources();
  await c.listResourceTemplates();
  await c.readResource({ uri: 'demo://resource/static/document/features.md' });
  await c.readResource({ uri: 'demo://resource/dynamic/text/3' });
  await c.readResource({ uri: 'demo://resource/dynamic/blob/2' });
  await c.listPrompts();
  await c.getPrompt({ name: 'simple-prompt' });
  await c.getPrompt({ name: 'args-prompt', arguments: { city: 'Lisbon', state: 'PT' } });
  await c.getPrompt({ name: 'resource-prompt', arguments: { resourceType: 'Text', resourceId: '2' } });
  await c.getPrompt({ name: 'args-prompt' }).catch(() => undefined); // a required argument missing: the server's -32602
  await c.complete({ ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'S' } });
  await c.complete({
    ref: { type: 'ref/prompt', name: 'completable-prompt' },
    argument: { name: 'name', value: '' },
    context: { arguments: { department: 'Engineering' } },
  });
  await c.complete({ ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' }, argument: { name: 'resourceId', value: '12' } });
  await settle(200);
  await rec.close();
}

export async function recordMemoryResources(): Promise<void> {
  const dir = scratchDir('memory-resources');
  const rec = await startRecording({
    trace: 'memory-resources.jsonl',
    description: 'server-memory: the memory://knowledge-graph resource, its subscription and the update after a mutation',
    command: 'node',
    args: [serverEntry('server-memory')],
    env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
    masks: { ROOT: dir },
  });
  const c = rec.client;
  await c.listResources();
  await c.readResource({ uri: 'memory://knowledge-graph' });
  await c.subscribeResource({ uri: 'memory://knowledge-graph' });
  await call(rec, 'create_entities', { entities: [{ name: 'Ada Lovelace', entityType: 'person', observations: ['wrote the first program'] }] });
  await settle(300);
  await c.readResource({ uri: 'memory://knowledge-graph' });
  await c.unsubscribeResource({ uri: 'memory://knowledge-graph' });
  await rec.close();
}
