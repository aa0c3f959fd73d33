// Records server-filesystem: every tool, its error cases, unicode paths and a multi-MB file
// (filesystem.jsonl), and a session where the client declares roots (filesystem-roots.jsonl).
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { call, scratchDir, serverEntry, settle, startRecording } from './harness.js';

/** A 1x1 PNG, so read_media_file has a real image to return. */
const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Deterministic ~2.3 MB text: numbered lines, so head/tail and the size are stable across runs. */
function bigText(): string {
  const lines: string[] = [];
  for (let i = 1; i <= 40_000; i++) lines.push(`line ${String(i).padStart(6, '0')}: the quick brown fox jumps over the lazy dog`);
  return lines.join('\n') + '\n';
}

export async function recordFilesystem(): Promise<void> {
  const root = scratchDir('filesystem');
  const outside = scratchDir('filesystem-outside');
  writeFileSync(join(root, 'hello.txt'), 'Hello, world!\nSecond line\nThird line\n');
  writeFileSync(join(root, 'pixel.png'), PNG_1x1);
  writeFileSync(join(root, 'big.txt'), bigText());
  writeFileSync(join(outside, 'secret.txt'), 'outside the allowed directories\n');
  mkdirSync(join(root, 'nested', 'deeper'), { recursive: true });
  writeFileSync(join(root, 'nested', 'deeper', 'note.md'), '# Note\n');
  const unicodeDir = join(root, 'ünïcødé 日本語');

  const rec = await startRecording({
    trace: 'filesystem.jsonl',
    description: 'server-filesystem: every tool, error cases (outside allowed dirs, missing files, bad arguments), unicode paths, a 2.3 MB file',
    command: 'node',
    args: [serverEntry('server-filesystem'), root],
    masks: { ROOT: root, OUTSIDE: outside },
  });
  await rec.waitForStderr('Client does not support MCP Roots');
  await rec.client.listTools();
  const f = (p: string) => join(root, p);
  await call(rec, 'list_allowed_directories', {});
  await call(rec, 'read_text_file', { path: f('hello.txt') });
  await call(rec, 'read_text_file', { path: f('hello.txt'), head: 2 });
  await call(rec, 'read_text_file', { path: f('hello.txt'), tail: 1 });
  await call(rec, 'read_file', { path: f('hello.txt') });
  await call(rec, 'read_media_file', { path: f('pixel.png') });
  await call(rec, 'read_multiple_files', { paths: [f('hello.txt'), f('nested/deeper/note.md'), f('missing.txt')] });
  await call(rec, 'write_file', { path: f('written.txt'), content: 'alpha\nbeta\ngamma\n' });
  await call(rec, 'edit_file', { path: f('written.txt'), edits: [{ oldText: 'beta', newText: 'BETA' }], dryRun: true });
  await call(rec, 'edit_file', { path: f('written.txt'), edits: [{ oldText: 'beta', newText: 'BETA' }] });
  await call(rec, 'edit_file', { path: f('written.txt'), edits: [{ oldText: 'not there', newText: 'x' }] });
  await call(rec, 'create_directory', { path: unicodeDir });
  await call(rec, 'write_file', { path: join(unicodeDir, 'файл 📄.txt'), content: 'Grüße, мир, 世界 🌍\n' });
  await call(rec, 'read_text_file', { path: join(unicodeDir, 'файл 📄.txt') });
  await call(rec, 'list_directory', { path: root });
  await call(rec, 'list_directory_with_sizes', { path: root, sortBy: 'name' });
  await call(rec, 'directory_tree', { path: f('nested') });
  await call(rec, 'move_file', { source: f('written.txt'), destination: f('nested/moved.txt') });
  await call(rec, 'search_files', { path: root, pattern: '**/*.md' });
  await call(rec, 'get_file_info', { path: f('hello.txt') });
  await call(rec, 'read_text_file', { path: f('big.txt') });
  // Error cases.
  await call(rec, 'read_text_file', { path: join(outside, 'secret.txt') });
  await call(rec, 'read_text_file', { path: f('../filesystem-outside/secret.txt') });
  await call(rec, 'read_text_file', { path: f('does-not-exist.txt') });
  await call(rec, 'list_directory', { path: f('hello.txt') });
  await call(rec, 'read_text_file', { path: 42 });
  await call(rec, 'read_text_file', {});
  await call(rec, 'write_file', { path: join(outside, 'evil.txt'), content: 'no' });
  await call(rec, 'no_such_tool', {});
  await rec.close();
}

export async function recordFilesystemRoots(): Promise<void> {
  const root = scratchDir('filesystem-roots');
  for (const d of ['initial', 'project-a', 'project-b']) mkdirSync(join(root, d));
  writeFileSync(join(root, 'project-a', 'a.txt'), 'in project a\n');
  writeFileSync(join(root, 'project-b', 'b.txt'), 'in project b\n');
  let roots = [{ uri: pathToFileURL(join(root, 'project-a')).href, name: 'Project A' }];

  const rec = await startRecording(
    {
      trace: 'filesystem-roots.jsonl',
      description: 'server-filesystem with client roots: the server asks roots/list after initialized and again after notifications/roots/list_changed',
      command: 'node',
      args: [serverEntry('server-filesystem'), join(root, 'initial')],
      masks: { ROOT: root },
      capabilities: { roots: { listChanged: true } },
    },
    (client) => client.setRequestHandler(ListRootsRequestSchema, () => ({ roots })),
  );
  await rec.waitForStderr('Updated allowed directories from MCP roots');
  await rec.client.listTools();
  await call(rec, 'list_allowed_directories', {});
  await call(rec, 'read_text_file', { path: join(root, 'project-a', 'a.txt') });
  await call(rec, 'read_text_file', { path: join(root, 'initial', 'x.txt') });
  roots = [
    { uri: pathToFileURL(join(root, 'project-b')).href, name: 'Project B' },
    { uri: pathToFileURL(join(root, 'initial')).href, name: 'Initial' },
  ];
  const before = rec.stderr.length;
  await rec.client.sendRootsListChanged();
  while (!rec.stderr.slice(before).some((l) => l.includes('Updated allowed directories'))) await settle(20);
  await call(rec, 'list_allowed_directories', {});
  await call(rec, 'read_text_file', { path: join(root, 'project-b', 'b.txt') });
  await call(rec, 'read_text_file', { path: join(root, 'project-a', 'a.txt') });
  await rec.close();
}
