// Every paginated list method of the Client follows nextCursor to the last page, in order (PAGE-2,
// PAGE-3), and each page asks with what the first one did besides the cursor. No real server here
// pages these lists, so a fixture does: three pages of two items each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { faultClient } from '../faults/harness.js';

const everyPage = (prefix: string) => ['0-0', '0-1', '1-0', '1-1', '2-0', '2-1'].map((n) => `${prefix}-${n}`);

test('resources, templates, prompts, tasks, skills and a directory are listed over all their pages (PAGE-2, PAGE-3)', async () => {
  const f = faultClient('paged-lists');
  const c = f.client;
  const listings: [string, () => Promise<Record<string, unknown>[]>, string][] = [
    ['resource', () => c.listResources(), 'name'],
    ['template', () => c.listResourceTemplates(), 'name'],
    ['prompt', () => c.listPrompts(), 'name'],
    ['task', () => c.listTasks(), 'taskId'],
    ['skill', () => c.listSkills(), 'name'],
    ['file', () => c.readResourceDirectory('skill://dir/'), 'name'],
  ];
  try {
    await c.connect();
    for (const [prefix, list, key] of listings) {
      assert.deepEqual(
        (await list()).map((item) => item[key]),
        everyPage(prefix),
        prefix,
      );
    }
  } finally {
    await f.closeAndCheck();
  }
});
