// Every paginated list method of the Client follows nextCursor to the last page, in order (PAGE-2,
// PAGE-3), and each page asks with what the first one did besides the cursor. No real server here
// pages these lists, so a fixture does: three pages of two items each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { faultClient } from '../faults/harness.js';

const everyPage = (prefix: string) => ['0-0', '0-1', '1-0', '1-1', '2-0', '2-1'].map((n) => `${prefix}-${n}`);

test('resources, templates, prompts, tasks, skills and a directory are listed over all their pages (PAGE-2, PAGE-3)', async () => {
  const f = faultClient('paged-lists');
  try {
    await f.client.connect();
    assert.deepEqual(
      (await f.client.listResources()).map((r) => r.name),
      everyPage('resource'),
    );
    assert.deepEqual(
      (await f.client.listResourceTemplates()).map((t) => t.name),
      everyPage('template'),
    );
    assert.deepEqual(
      (await f.client.listPrompts()).map((p) => p.name),
      everyPage('prompt'),
    );
    assert.deepEqual(
      (await f.client.listTasks()).map((t) => t.taskId),
      everyPage('task'),
    );
    assert.deepEqual(
      (await f.client.listSkills()).map((s) => s.name),
      everyPage('skill'),
    );
    assert.deepEqual(
      (await f.client.readResourceDirectory('skill://dir/')).map((r) => r.name),
      everyPage('file'),
    );
  } finally {
    await f.closeAndCheck();
  }
});
