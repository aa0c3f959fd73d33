// `npm run conformance:record`: re-records every trace from the pinned official server packages.
// Pass names to record only some: `node dist/conformance/record/all.js filesystem memory`.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { tracesDir } from './harness.js';
import { recordFilesystem, recordFilesystemRoots } from './filesystem.js';
import { recordBraveSearch } from './brave-search.js';
import { recordEverything } from './everything.js';
import { recordMemory } from './memory.js';
import { recordEverythingNotifications, recordEverythingResourcesPrompts, recordEverythingTasks, recordMemoryResources } from './surface.js';

const recordings: Array<[string, string[], () => Promise<void>]> = [
  ['filesystem', ['filesystem.jsonl'], recordFilesystem],
  ['filesystem-roots', ['filesystem-roots.jsonl'], recordFilesystemRoots],
  ['brave-search', ['brave-search.jsonl', 'brave-search-offline.jsonl'], recordBraveSearch],
  ['everything', ['everything.jsonl'], recordEverything],
  ['memory', ['memory.jsonl'], recordMemory],
  ['everything-resources-prompts', ['everything-resources-prompts.jsonl'], recordEverythingResourcesPrompts],
  ['memory-resources', ['memory-resources.jsonl'], recordMemoryResources],
  ['everything-tasks', ['everything-tasks.jsonl'], recordEverythingTasks],
  ['everything-notifications', ['everything-notifications.jsonl'], recordEverythingNotifications],
];

const only = process.argv.slice(2);
let failed = 0;
for (const [name, files, run] of recordings) {
  if (only.length > 0 && !only.includes(name)) continue;
  try {
    await run();
    for (const f of files) console.log(`recorded ${f} (${statSync(join(tracesDir, f)).size} bytes)`);
  } catch (e) {
    failed++;
    console.error(`recording ${name} failed: ${(e as Error).stack ?? e}`);
  }
}
process.exitCode = failed ? 1 : 0;
