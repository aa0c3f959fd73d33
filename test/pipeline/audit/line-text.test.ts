// The audit line is written as text, not through JSON.stringify of a record: these tests hold it to
// what JSON.stringify would have written. Oracles: hand-written JSON escapes (RFC 8259 section 7 and
// ECMAScript's well-formed JSON.stringify, which writes a lone surrogate as \udXXX), Date's
// toISOString for the time, and ECMAScript's Number-to-String for the duration.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { createAuditLog } from '../../../src/governance.js';
import { CallPipeline } from '../../../src/pipeline/chain.js';
import { argsTexts } from '../../../src/pipeline/audit/args.js';
import { auditLine, isoTime, millis } from '../../../src/pipeline/audit/record.js';
import { scratchDir } from '../../helpers/servers.js';
import { bridgeError, okResult, readLines, toolCall } from './helpers.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('audit line: exact JSON text', () => {
  it('names with quotes, backslashes, control characters and lone surrogates are escaped as JSON.stringify escapes them', () => {
    const call = toolCall({}, { server: 'se"rv\\er', tool: 'to\nol\u0001', name: 'na\ud800me' });
    const line = auditLine(call, bridgeError('X_"CODE\u001f', 'CAUSE\udc00'), { startedAtMs: 0, durationMs: 1, argsSha256: 'ab' });
    assert.ok(line.includes(',"server":"se\\"rv\\\\er","tool":"to\\nol\\u0001","name":"na\\ud800me",'), line);
    assert.ok(line.includes(',"decision":"X_\\"CODE\\u001f","outcome":"refused","code":"X_\\"CODE\\u001f",'), line);
    const parsed = JSON.parse(line) as Record<string, unknown>;
    assert.equal(parsed.server, 'se"rv\\er');
    assert.equal(parsed.tool, 'to\nol\u0001');
    assert.equal(parsed.name, 'na\ud800me');
    // A failure carries its cause; a refusal does not.
    const failed = JSON.parse(auditLine(call, bridgeError('MCPB_TOOL_CALL_FAILED', 'CAUSE\udc00'), { startedAtMs: 0, durationMs: 1, argsSha256: 'ab' }));
    assert.equal(failed.causeCode, 'CAUSE\udc00');
  });

  it('a second call to the same definition under other names writes the names it was given', () => {
    const call = toolCall({}, { server: 's', tool: 't', name: 'n' });
    auditLine(call, okResult(), { startedAtMs: 0, durationMs: 1, argsSha256: 'ab' });
    const renamed = { ...call, name: 'other', tool: 't2' };
    const parsed = JSON.parse(auditLine(renamed, okResult(), { startedAtMs: 0, durationMs: 1, argsSha256: 'ab' }));
    assert.deepEqual([parsed.server, parsed.tool, parsed.name], ['s', 't2', 'other']);
    const native = JSON.parse(auditLine(toolCall({}, { server: null }), okResult(), { startedAtMs: 0, durationMs: 1, argsSha256: 'ab' }));
    assert.equal(native.server, null);
  });

  it('the time is what toISOString writes, across seconds, before 1970 and past year 9999', () => {
    const samples = [
      0, 1, 999, 1000, 1001, 1_764_912_891_123, 1_764_912_891_999, 1_764_912_892_000, -1, -999, -1000, -1001, 253_402_300_799_999, 253_402_300_800_000,
    ];
    for (let i = 0; i < 2000; i++) samples.push(1_764_912_000_000 + Math.floor(Math.random() * 10_000_000));
    for (const ms of samples) assert.equal(isoTime(ms), new Date(ms).toISOString(), `ms ${ms}`);
    // Back and forth over a second boundary, as concurrent calls may go.
    for (const ms of [5_000, 4_999, 5_000, 5_001, 4_000]) assert.equal(isoTime(ms), new Date(ms).toISOString());
  });

  it('the duration is JSON.stringify of the milliseconds rounded to the microsecond', () => {
    const samples = [0, 0.0004, 0.0005, 0.001, 0.01, 0.1, 0.12, 0.123, 0.1234, 1, 1.5, 1.05, 1.005, 10.1, 999.999, 1000, 123456.789, 1e9 + 0.001, 5e12 + 0.25];
    for (let i = 0; i < 5000; i++) samples.push(Math.random() * 10 ** Math.floor(Math.random() * 8));
    for (const ms of samples) assert.equal(millis(ms), JSON.stringify(Math.round(ms * 1000) / 1000), `ms ${ms}`);
    for (const ms of [Number.NaN, -1, 1e20]) assert.equal(millis(ms), JSON.stringify(Math.round(ms * 1000) / 1000));
  });
});

describe('audit line: the arguments text', () => {
  it('members in canonical order, escapes as JSON.stringify writes them, and the digest is of that same text when nothing was masked', () => {
    const args = { z: 'say "hi"\n', a: [3, 'x\u0000', { d: -0, c: 1.5e-7 }], m: 'lone \udfff', é: true, b: null };
    const expected = '{"a":[3,"x\\u0000",{"c":1.5e-7,"d":0}],"b":null,"m":"lone \\udfff","z":"say \\"hi\\"\\n","é":true}';
    for (const mode of ['redacted', 'full'] as const) {
      const texts = argsTexts(args, mode);
      assert.equal(texts.json, expected, mode);
      assert.equal(texts.canonical, expected, mode);
    }
    assert.deepEqual(argsTexts(args, 'none'), { canonical: expected, json: undefined });
  });

  it('redacted: masked values change the line, never the digest; undefined members are left out, as JSON leaves them', () => {
    const args = { token: 'abc', list: [undefined, 'sk-proj-Abc123Def456Ghi789'], url: 'https://u:p@h.example/x?key=v&q=1', gone: undefined, n: 1 };
    const texts = argsTexts(args, 'redacted');
    assert.equal(texts.json, '{"list":[null,"***"],"n":1,"token":"***","url":"https://***@h.example/x?key=***&q=1"}');
    assert.equal(texts.canonical, '{"list":[null,"sk-proj-Abc123Def456Ghi789"],"n":1,"token":"abc","url":"https://u:p@h.example/x?key=v&q=1"}');
  });

  it('a value that is no plain JSON is written as JSON.stringify writes it, and the digest stays the canonical one', () => {
    class Point {
      constructor(
        readonly x: number,
        readonly token: string,
      ) {}
    }
    const args = { when: new Date(0), at: new Point(1, 'secret-value') };
    const full = argsTexts(args, 'full');
    assert.equal(full.json, '{"at":{"x":1,"token":"secret-value"},"when":"1970-01-01T00:00:00.000Z"}');
    assert.equal(full.canonical, '{"at":{"token":"secret-value","x":1},"when":{}}');
    assert.equal(argsTexts(args, 'redacted').json, '{"at":{"x":1,"token":"***"},"when":{}}');
    // What canonical JSON cannot hold has no digest: the step reports the line as lost.
    assert.throws(() => argsTexts({ big: 1n }, 'redacted'), TypeError);
    assert.throws(() => argsTexts({ custom: { toJSON: () => 'x' } }, 'none'), TypeError);
  });

  it('through the step: the line parses, and sha256 of its args text is argsSha256 when nothing was masked', async () => {
    const file = join(scratchDir('audit-line-text'), 'audit.jsonl');
    const audit = createAuditLog({ file, args: 'full' });
    await new CallPipeline([audit]).run(toolCall({ b: 'q"uote', a: ['\u2028', '😀'] }), async () => okResult());
    await audit.close();
    const [line] = readLines(file);
    assert.equal(line!.argsSha256, sha256('{"a":["\u2028","😀"],"b":"q\\"uote"}'));
    assert.equal(line!.argsSha256, sha256(JSON.stringify(line!.args)));
  });
});
