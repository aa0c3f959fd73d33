// What an audit line says of the arguments: nothing with `none`, a copy with the keys kept and the
// secret-looking values masked with `redacted`, the arguments as given with `full`; configured
// secrets are masked in every mode. The digest is always of the arguments as given.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAuditLog } from '../../../src/governance.js';
import { CallPipeline } from '../../../src/pipeline/chain.js';
import { scratchDir } from '../../helpers/servers.js';
import { okResult, readLines, toolCall } from './helpers.js';

const ARGS = {
  path: '/srv/data/report.txt',
  apiKey: 'plain-looking-value',
  nested: { password: 'hunter2-long', count: 3, list: ['a', 'sk-proj-Abc123Def456Ghi789'] },
  auth: { user: 'ann', pin: 1234 },
  url: 'https://ann:pw-in-url@example.com/x?token=tok-in-url&page=2',
  site: 'https://example.com',
  note: 'configured-secret-Qq77 inside text',
  flag: true,
};

async function lineFor(mode: 'none' | 'redacted' | 'full', secrets?: string[]) {
  const file = join(scratchDir(`audit-args-${mode}`), 'audit.jsonl');
  const audit = createAuditLog({ file, args: mode, ...(secrets ? { secrets } : {}) });
  await new CallPipeline([audit]).run(toolCall(structuredClone(ARGS)), async () => okResult());
  await audit.close();
  return { line: readLines(file)[0]!, text: readFileSync(file, 'utf8') };
}

describe('audit log: arguments by mode', () => {
  it('none: no args key, the digest still there', async () => {
    const { line } = await lineFor('none');
    assert.equal('args' in line, false);
    assert.match(line.argsSha256 as string, /^[0-9a-f]{64}$/);
  });

  it('redacted (the default): keys kept, values under secret names, credential shapes and URL credentials masked', async () => {
    const file = join(scratchDir('audit-args-default'), 'audit.jsonl');
    const audit = createAuditLog({ file });
    await new CallPipeline([audit]).run(toolCall(structuredClone(ARGS)), async () => okResult());
    await audit.close();
    const line = readLines(file)[0]!;
    assert.deepEqual(line.args, {
      path: '/srv/data/report.txt',
      apiKey: '***',
      nested: { password: '***', count: 3, list: ['a', '***'] },
      auth: { user: '***', pin: '***' },
      url: 'https://***@example.com/x?token=***&page=2',
      site: 'https://example.com',
      note: 'configured-secret-Qq77 inside text',
      flag: true,
    });
    const { line: explicit } = await lineFor('redacted');
    assert.deepEqual(explicit.args, line.args);
    assert.equal(explicit.argsSha256, line.argsSha256);
  });

  it('full: the arguments as given', async () => {
    const { line } = await lineFor('full');
    assert.deepEqual(line.args, ARGS);
  });

  it('configured secrets are masked in every mode, wherever they appear in the line', async () => {
    for (const mode of ['full', 'redacted'] as const) {
      const { line, text } = await lineFor(mode, ['configured-secret-Qq77']);
      assert.equal(text.includes('configured-secret-Qq77'), false, `${mode}: ${text}`);
      assert.equal((line.args as { note: string }).note, '*** inside text');
    }
  });
});
