// Records server-memory: a knowledge-graph round trip (create, relate, observe, search, open,
// delete, read back) against a fresh MEMORY_FILE_PATH in a scratch directory.
import { join } from 'node:path';
import { call, scratchDir, serverEntry, startRecording } from './harness.js';

export async function recordMemory(): Promise<void> {
  const dir = scratchDir('memory');
  const rec = await startRecording({
    trace: 'memory.jsonl',
    description: 'server-memory: knowledge-graph round trip with structured results',
    command: 'node',
    args: [serverEntry('server-memory')],
    env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
    masks: { ROOT: dir },
  });
  await rec.client.listTools();
  await call(rec, 'read_graph', {});
  await call(rec, 'create_entities', {
    entities: [
      { name: 'Ada Lovelace', entityType: 'person', observations: ['wrote the first program', 'born 1815'] },
      { name: 'Analytical Engine', entityType: 'machine', observations: ['designed by Babbage'] },
      { name: 'Zoë', entityType: 'person', observations: ['名前はゾーイ'] },
    ],
  });
  await call(rec, 'create_entities', { entities: [{ name: 'Ada Lovelace', entityType: 'person', observations: [] }] });
  await call(rec, 'create_relations', {
    relations: [
      { from: 'Ada Lovelace', to: 'Analytical Engine', relationType: 'programmed' },
      { from: 'Zoë', to: 'Ada Lovelace', relationType: 'admires' },
    ],
  });
  await call(rec, 'add_observations', { observations: [{ entityName: 'Ada Lovelace', contents: ['mathematician'] }] });
  await call(rec, 'add_observations', { observations: [{ entityName: 'Nobody', contents: ['x'] }] });
  await call(rec, 'search_nodes', { query: 'engine' });
  await call(rec, 'open_nodes', { names: ['Ada Lovelace', 'Zoë'] });
  await call(rec, 'read_graph', {});
  await call(rec, 'delete_observations', { deletions: [{ entityName: 'Ada Lovelace', observations: ['born 1815'] }] });
  await call(rec, 'delete_relations', { relations: [{ from: 'Zoë', to: 'Ada Lovelace', relationType: 'admires' }] });
  await call(rec, 'delete_entities', { entityNames: ['Analytical Engine'] });
  await call(rec, 'read_graph', {});
  await call(rec, 'create_entities', { entities: 'not an array' });
  await rec.close();
}
