// Result conversion: every content type, structuredContent without duplication, output-schema
// checks (skipped for isError), truncation to a budget, unknown and malformed blocks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CallToolResult, ContentBlock } from '../../protocol/index.js';
import { base64Bytes, convertResult, errorResult, formatBytes } from '../../src/bridge/result.js';
import { SchemaCompiler } from '../../src/bridge/validate.js';

const PNG = Buffer.alloc(12_600, 7).toString('base64');

describe('content types (TOOLS-6)', () => {
  // covers: TOOLS-6, TOOLS-7
  const raw: CallToolResult = {
    content: [
      { type: 'text', text: 'hello' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
      { type: 'audio', data: Buffer.from('RIFF....').toString('base64'), mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', description: 'the a file', mimeType: 'text/plain', size: 2048 },
      { type: 'resource', resource: { uri: 'file:///b.md', mimeType: 'text/markdown', text: '# B' } },
      { type: 'resource', resource: { uri: 'file:///c.pdf', mimeType: 'application/pdf', blob: Buffer.alloc(3500).toString('base64') } },
      // A block of a newer kind, as a server may send it.
      { type: 'hologram', beam: 3 } as unknown as ContentBlock,
    ],
  };
  const result = convertResult(raw);

  test('text is kept; binary is summarised in the text and kept in parts', () => {
    assert.equal(result.isError, false);
    assert.equal(
      result.text,
      [
        'hello',
        '[image: image/png, 12.3 KB]',
        '[audio: audio/wav, 8 B]',
        '[resource link: a.txt <file:///a.txt>, text/plain, 2.0 KB]\nthe a file',
        '[resource: file:///b.md, text/markdown]\n# B',
        '[resource: file:///c.pdf, application/pdf, 3.4 KB]',
        '[content of type "hologram" not shown]',
      ].join('\n'),
    );
    assert.deepEqual(
      result.parts.map((p) => p.type),
      ['text', 'image', 'audio', 'resource_link', 'resource', 'blob', 'unknown'],
    );
    const image = result.parts[1] as { data: string; bytes: number; mimeType: string };
    assert.equal(image.data, PNG);
    assert.equal(image.bytes, 12_600);
    assert.equal(result.raw, raw, 'the raw result is the one received');
  });

  test('unknown block types are kept, not crashed on', () => {
    assert.deepEqual(result.parts[6], { type: 'unknown', blockType: 'hologram', block: { type: 'hologram', beam: 3 } });
  });

  test('malformed blocks and a missing content array do not throw', () => {
    const odd = convertResult({ content: [null, { type: 'text' }, 'x', { type: 'resource', resource: {} }] as never });
    assert.deepEqual(
      odd.parts.map((p) => p.type),
      ['unknown', 'unknown', 'unknown', 'unknown'],
    );
    const none = convertResult({} as CallToolResult);
    assert.equal(none.text, '');
    assert.deepEqual(none.warnings, ['result has no content array']);
  });

  test('isError is preserved (TOOLS-8)', () => {
    // covers: TOOLS-8
    const r = convertResult({ content: [{ type: 'text', text: 'no such file' }], isError: true });
    assert.equal(r.isError, true);
    assert.equal(r.text, 'no such file');
  });

  test('sizes: base64 length without decoding; human units', () => {
    assert.equal(base64Bytes(Buffer.alloc(5).toString('base64')), 5);
    assert.equal(base64Bytes(Buffer.alloc(6).toString('base64')), 6);
    assert.equal(formatBytes(512), '512 B');
    assert.equal(formatBytes(5 * 1024 * 1024), '5.0 MB');
  });
});

describe('structuredContent (TOOLS-9)', () => {
  // covers: TOOLS-9
  test('without text content it is rendered as JSON text', () => {
    const r = convertResult({ content: [], structuredContent: { temperature: 21, conditions: 'sunny' } });
    assert.equal(r.text, '{"temperature":21,"conditions":"sunny"}');
    assert.deepEqual(r.structured, { temperature: 21, conditions: 'sunny' });
  });

  test('with text content it is not duplicated in the text', () => {
    const r = convertResult({ content: [{ type: 'text', text: '{"temperature":21}' }], structuredContent: { temperature: 21 } });
    assert.equal(r.text, '{"temperature":21}');
    assert.deepEqual(r.structured, { temperature: 21 });
  });

  test('a 2026 non-object structuredContent is kept too', () => {
    const r = convertResult({ content: [], structuredContent: [1, 2] });
    assert.equal(r.text, '[1,2]');
  });
});

describe('output schema checks', () => {
  const compiled = new SchemaCompiler().compile({ type: 'object', properties: { n: { type: 'number' } }, required: ['n'] });
  assert.ok(compiled.ok);
  const checkOutput = compiled.schema.check;

  test('valid structuredContent passes without warnings', () => {
    const r = convertResult({ content: [], structuredContent: { n: 1 } }, { hasOutputSchema: true, checkOutput });
    assert.equal(r.warnings, undefined);
    assert.equal(r.isError, false);
  });

  test('a mismatch is a warning by default, the result still usable', () => {
    const r = convertResult({ content: [{ type: 'text', text: 'ok' }], structuredContent: { n: 'one' } }, { hasOutputSchema: true, checkOutput });
    assert.equal(r.isError, false);
    assert.equal(r.text, 'ok');
    assert.match(r.warnings![0], /does not match the outputSchema:\n- n: must be number/);
  });

  test('strictOutput turns a mismatch into an error result with issues', () => {
    const r = convertResult({ content: [], structuredContent: { n: 'one' } }, { hasOutputSchema: true, checkOutput, strictOutput: true });
    assert.equal(r.isError, true);
    assert.equal(r.error?.code, 'MCPB_TOOL_OUTPUT_INVALID');
    assert.equal(r.error?.issues?.[0].field, 'n');
    assert.match(r.text, /^\[error: structuredContent does not match/);
  });

  test("isError results are not checked (peers bug #27): the tool's own error text reaches the model", () => {
    const r = convertResult(
      { content: [{ type: 'text', text: 'API quota exceeded' }], isError: true },
      { hasOutputSchema: true, checkOutput, strictOutput: true },
    );
    assert.equal(r.isError, true);
    assert.equal(r.text, 'API quota exceeded');
    assert.equal(r.warnings, undefined);
    assert.equal(r.error, undefined);
  });

  test('a declared outputSchema without structuredContent is a warning, not a failure', () => {
    const r = convertResult({ content: [{ type: 'text', text: 'plain' }] }, { hasOutputSchema: true, checkOutput });
    assert.equal(r.isError, false);
    assert.match(r.warnings![0], /returned no structuredContent/);
  });
});

describe('text budget', () => {
  test('over the budget: trimmed with a note; the full result stays in raw', () => {
    const big = 'x'.repeat(250);
    const r = convertResult({ content: [{ type: 'text', text: big }] }, { textBudget: 100 });
    assert.ok(r.text.startsWith('x'.repeat(100) + '\n[truncated: showing the first 100 of 250 characters'));
    assert.deepEqual(r.truncated, { budget: 100, originalChars: 250, shownChars: 100 });
    assert.equal((r.raw.content[0] as { text: string }).text, big);
    assert.equal((r.parts[0] as { text: string }).text, big, 'parts keep the full text too');
  });

  test('within the budget nothing is trimmed; the default budget is 100 000 characters', () => {
    assert.equal(convertResult({ content: [{ type: 'text', text: 'y'.repeat(100_000) }] }).truncated, undefined);
    assert.equal(convertResult({ content: [{ type: 'text', text: 'y'.repeat(100_001) }] }).truncated?.budget, 100_000);
  });

  test('a surrogate pair is never split', () => {
    const r = convertResult({ content: [{ type: 'text', text: `${'a'.repeat(9)}😀tail` }] }, { textBudget: 10 });
    assert.ok(r.text.startsWith(`${'a'.repeat(9)}\n[truncated`));
  });

  test('base64 never counts against the budget: only its summary is in the text', () => {
    const r = convertResult({ content: [{ type: 'image', data: 'A'.repeat(400_000), mimeType: 'image/jpeg' }] }, { textBudget: 100 });
    assert.equal(r.truncated, undefined);
    assert.equal(r.text, '[image: image/jpeg, 293.0 KB]');
  });
});

test('errorResult: a bridge error as an isError result with a synthesised raw result', () => {
  const r = errorResult({ code: 'MCPB_X', message: 'went wrong' }, 'went wrong, fix it');
  assert.equal(r.isError, true);
  assert.equal(r.text, 'went wrong, fix it');
  assert.deepEqual(r.error, { code: 'MCPB_X', message: 'went wrong' });
  assert.deepEqual(r.raw, { content: [{ type: 'text', text: 'went wrong, fix it' }], isError: true });
});

test('structuredContent rendered as text does not repeat an image block as base64 (TOOLS-9)', () => {
  const data = Buffer.alloc(3000, 7).toString('base64');
  const r = convertResult({
    content: [{ type: 'image', data, mimeType: 'image/png' }],
    structuredContent: { content: [{ type: 'image', data, mimeType: 'image/png' }], note: 'ok' },
  });
  assert.ok(!r.text.includes(data), 'no base64 copy in the LLM text');
  assert.match(r.text, /same as the binary part above/);
  assert.match(r.text, /"note":"ok"/);
  assert.deepEqual(r.structured, { content: [{ type: 'image', data, mimeType: 'image/png' }], note: 'ok' }, 'the structured value itself is untouched');
  const other = Buffer.alloc(600, 1).toString('base64');
  const r2 = convertResult({ content: [], structuredContent: { blob: other, short: 'abc' } });
  assert.match(r2.text, /\[base64 data, 600 B\]/);
  assert.match(r2.text, /"short":"abc"/);
});
