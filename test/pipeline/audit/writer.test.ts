// The audit writer encodes each line into a batch buffer as it comes and writes batches: rotation is
// by UTF-8 bytes, never inside a line; a batch larger than one buffer keeps every line whole and in
// order; a full queue drops lines (counted, reported once); lines still queued at exit are written.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AuditWriter } from '../../../src/pipeline/audit/writer.js';
import { scratchDir } from '../../helpers/servers.js';

const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(0, -1) : []);

describe('audit writer', () => {
  it('rotates by UTF-8 bytes, not characters: every file within maxBytes, every line whole', async () => {
    const path = join(scratchDir('audit-writer-bytes'), 'a.jsonl');
    const errors: unknown[] = [];
    // 10 UTF-16 units but 15 bytes (😀 is 4, a lone surrogate is written as U+FFFD, 3, é is 2), plus the newline:
    // counted in characters, 4 lines would fit in maxBytes; counted in bytes, 3 do.
    const line = (i: number) => `${i}😀\ud800é${'x'.repeat(5)}`;
    const bytes = (i: number) => Buffer.byteLength(`${line(i)}\n`);
    const maxBytes = 3 * bytes(0) + 1;
    const writer = new AuditWriter({ path, maxBytes, keep: 3, onError: (e) => errors.push(e) });
    for (let i = 0; i < 5; i++) writer.append(line(i));
    await writer.flush();
    for (let i = 5; i < 8; i++) writer.append(line(i));
    await writer.close();
    assert.deepEqual(errors, []);
    const files = [`${path}.2`, `${path}.1`, path];
    for (const f of files) assert.ok(statSync(f).size <= maxBytes, `${f}: ${statSync(f).size} bytes > ${maxBytes}`);
    assert.deepEqual(
      files.flatMap(lines),
      Array.from({ length: 8 }, (_, i) => line(i).replace('\ud800', '\ufffd')),
    );
    assert.equal(writer.written, 8);
  });

  it('a batch larger than one buffer (a burst of long lines in one turn) keeps every line whole and in order', async () => {
    const path = join(scratchDir('audit-writer-burst'), 'a.jsonl');
    const writer = new AuditWriter({ path, maxBytes: 1e9, keep: 1, onError: (e) => assert.fail(String(e)) });
    const expected: string[] = [];
    for (let i = 0; i < 3000; i++) {
      // Lines from 10 bytes to 200 KiB: some larger than a whole batch buffer.
      const text = `${i}:${(i % 7 === 0 ? 'é' : 'y').repeat(i % 500 === 0 ? 100_000 : 10 + (i % 90))}`;
      expected.push(text);
      writer.append(text);
    }
    await writer.close();
    assert.deepEqual(lines(path), expected);
    assert.equal(writer.written, 3000);
  });

  it('a full queue drops lines, counts them and reports once; later lines are written', async () => {
    const path = join(scratchDir('audit-writer-full'), 'a.jsonl');
    const errors: Error[] = [];
    const writer = new AuditWriter({ path, maxBytes: 1e9, keep: 1, maxQueuedBytes: 100, onError: (e) => errors.push(e as Error) });
    for (let i = 0; i < 10; i++) writer.append(`line ${i} ${'z'.repeat(20)}`);
    await writer.flush();
    writer.append('after');
    await writer.close();
    assert.equal(errors.length, 1);
    assert.match(errors[0]!.message, /audit queue is full/);
    const written = lines(path);
    assert.equal(written.length + writer.dropped, 11);
    assert.ok(writer.dropped >= 6, `${writer.dropped} dropped`);
    assert.equal(written.at(-1), 'after');
  });

  it('lines still queued when the process exits are written by the exit hook', () => {
    const path = join(scratchDir('audit-writer-exit'), 'a.jsonl');
    const module = pathToFileURL(join(import.meta.dirname, '../../../src/pipeline/audit/writer.js')).href;
    const script = `
      const { AuditWriter } = await import(${JSON.stringify(module)});
      const writer = new AuditWriter({ path: ${JSON.stringify(path)}, maxBytes: 1e9, keep: 1, batchMs: 60000, onError: () => {} });
      for (let i = 0; i < 3; i++) writer.append('queued ' + i);
      process.exit(0);`;
    execFileSync(process.execPath, ['--input-type=module', '-e', script]);
    assert.deepEqual(lines(path), ['queued 0', 'queued 1', 'queued 2']);
  });
});
