// The audit file: size rotation (file → file.1 … file.<keep>, whole lines only), a file that cannot
// be written never fails a call and is reported once, and 100 calls in parallel give 100 whole lines.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createAuditLog } from '../../../src/governance.js';
import type { Logger } from '../../../src/index.js';
import { CallPipeline } from '../../../src/pipeline/chain.js';
import { scratchDir } from '../../helpers/servers.js';
import { okResult, readLines, toolCall } from './helpers.js';

function recordingLogger() {
  const entries: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => entries.push({ level, message, ...(fields ? { fields } : {}) });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, entries };
}

describe('audit log: the file', () => {
  it('rotates by size: file, file.1 … file.<keep>, each within maxBytes, whole lines, newest in file', async () => {
    const file = join(scratchDir('audit-rotate'), 'audit.jsonl');
    const maxBytes = 1000;
    const audit = createAuditLog({ file, args: 'full', maxBytes, keep: 2 });
    const pipeline = new CallPipeline([audit]);
    // Some calls one by one (a batch each), some together (one batch that has to be split).
    for (let i = 0; i < 12; i++) {
      await pipeline.run(toolCall({ i }), async () => okResult());
      await audit.flush();
    }
    await Promise.all(Array.from({ length: 12 }, (_, k) => pipeline.run(toolCall({ i: 12 + k }), async () => okResult())));
    await audit.close();
    assert.equal(existsSync(`${file}.3`), false, 'keep: 2 keeps two rotated files');
    const files = [`${file}.2`, `${file}.1`, file];
    for (const f of files) {
      assert.ok(existsSync(f), `${f} exists`);
      assert.ok(statSync(f).size <= maxBytes, `${f} is ${statSync(f).size} bytes`);
    }
    const seen = files.flatMap((f) => readLines(f).map((l) => (l.args as { i: number }).i));
    // Oldest to newest across the files, ending with the last call; the oldest rotated out.
    assert.deepEqual(
      seen,
      seen.map((_, k) => 24 - seen.length + k),
    );
    assert.ok(seen.length < 24 && seen.length > 8, `${seen.length} lines kept`);
  });

  it('an existing file keeps its lines and counts towards maxBytes', async () => {
    const file = join(scratchDir('audit-existing'), 'audit.jsonl');
    const first = createAuditLog({ file, maxBytes: 100_000 });
    await new CallPipeline([first]).run(toolCall({ n: 1 }), async () => okResult());
    await first.close();
    const size = statSync(file).size;
    const second = createAuditLog({ file, maxBytes: size + 10 });
    await new CallPipeline([second]).run(toolCall({ n: 2 }), async () => okResult());
    await second.close();
    assert.equal(readLines(`${file}.1`).length, 1, 'the first line rotated out');
    assert.equal(readLines(file).length, 1);
  });

  it('a file that cannot be written (a directory) fails no call; the error is reported once, with its code', async () => {
    const dir = scratchDir('audit-fail');
    const file = join(dir, 'audit.jsonl');
    mkdirSync(file);
    const { logger, entries } = recordingLogger();
    const audit = createAuditLog({ file, logger });
    const pipeline = new CallPipeline([audit]);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(Array.from({ length: 5 }, (_, i) => pipeline.run(toolCall({ i }), async () => okResult(`r${i}`))));
      assert.deepEqual(
        results.map((r) => [r.isError, r.text]),
        [0, 1, 2, 3, 4].map((i) => [false, `r${i}`]),
      );
      await audit.flush();
    }
    await audit.close();
    assert.equal(entries.length, 1, JSON.stringify(entries));
    assert.equal(entries[0]!.level, 'error');
    assert.equal(entries[0]!.fields?.code, 'MCPB_AUDIT_WRITE_FAILED');
    assert.match(entries[0]!.message, new RegExp(`audit log ${file.replace(/[/\\.]/g, '\\$&')}`));
  });

  it('100 calls in parallel give 100 whole lines', async () => {
    const file = join(scratchDir('audit-parallel'), 'audit.jsonl');
    const audit = createAuditLog({ file, args: 'full' });
    const pipeline = new CallPipeline([audit]);
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        pipeline.run(toolCall({ i, pad: 'x'.repeat(i * 37) }), async () => {
          await new Promise((r) => setTimeout(r, i % 7));
          return okResult();
        }),
      ),
    );
    await audit.close();
    const lines = readLines(file);
    assert.equal(lines.length, 100);
    assert.deepEqual(
      lines.map((l) => (l.args as { i: number }).i).sort((a, b) => a - b),
      [...Array(100).keys()],
    );
  });
});
