// The framer: same messages whatever the chunking, multibyte text, CRLF, noise lines, size cap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createLineFramer, createMessageFramer, DEFAULT_MAX_MESSAGE_BYTES, peekResponseId, type FramingError } from '../../../protocol/index.js';

const enc = new TextEncoder();

function frame(chunks: Uint8Array[], maxLineBytes?: number) {
  const lines: string[] = [];
  const errors: FramingError[] = [];
  const f = createLineFramer({ onLine: (l) => lines.push(l), onError: (e) => errors.push(e), maxLineBytes });
  for (const c of chunks) f.feed(c);
  f.end();
  return { lines, errors };
}

function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((x, y) => x - y);
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const p of points) {
    out.push(bytes.subarray(prev, p));
    prev = p;
  }
  out.push(bytes.subarray(prev));
  return out;
}

test('every split point of a stream yields the same lines (STDIO-2)', () => {
  const text = '{"a":1}\n{"b":"héllo wörld 🎉"}\r\n\n{"c":[1,2,3]}\n';
  const bytes = enc.encode(text);
  const expected = ['{"a":1}', '{"b":"héllo wörld 🎉"}', '{"c":[1,2,3]}'];
  for (let i = 0; i <= bytes.length; i++) {
    for (let j = i; j <= bytes.length; j++) {
      const { lines, errors } = frame([bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)]);
      assert.deepEqual(lines, expected, `split at ${i},${j}`);
      assert.equal(errors.length, 0);
    }
  }
});

test('property: random messages and random chunkings frame identically (JSONRPC-6)', () => {
  fc.assert(
    fc.property(fc.array(fc.jsonValue(), { minLength: 1, maxLength: 20 }), fc.array(fc.nat(), { maxLength: 30 }), fc.boolean(), (values, cuts, crlf) => {
      const lines = values.map((v) => JSON.stringify(v));
      const bytes = enc.encode(lines.map((l) => l + (crlf ? '\r\n' : '\n')).join(''));
      const got = frame(splitAt(bytes, cuts));
      assert.deepEqual(
        got.lines,
        lines.filter((l) => l.trim() !== ''),
      );
      assert.equal(got.errors.length, 0);
    }),
    { numRuns: 300 },
  );
});

test('property: unicode strings split inside multi-byte characters survive', () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ unit: 'binary', minLength: 1 }), { minLength: 1, maxLength: 8 }),
      fc.array(fc.nat(), { maxLength: 40 }),
      (strings, cuts) => {
        const lines = strings.map((s) => JSON.stringify({ s }));
        const bytes = enc.encode(lines.join('\n') + '\n');
        assert.deepEqual(frame(splitAt(bytes, cuts)).lines, lines);
      },
    ),
    { numRuns: 200 },
  );
});

test('a final line without newline is delivered on end()', () => {
  assert.deepEqual(frame([enc.encode('{"x":1}\n{"y":2}')]).lines, ['{"x":1}', '{"y":2}']);
});

test('blank and whitespace-only lines are skipped', () => {
  assert.deepEqual(frame([enc.encode('\n\r\n   \n{"x":1}\n\n')]).lines, ['{"x":1}']);
});

test('invalid UTF-8 is reported and skipped; the next line still arrives', () => {
  const bad = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d, 0x0a]);
  const { lines, errors } = frame([bad, enc.encode('{"ok":true}\n')]);
  assert.deepEqual(lines, ['{"ok":true}']);
  assert.equal(errors.length, 1);
  assert.equal(errors[0].context.reason, 'invalid-utf8');
});

// A chunk's complete lines are decoded in one call (the hot path); fed a byte at a time, each line is
// decoded on its own. Both must give the same lines and errors, in the same order.
test('a chunk of many lines frames as byte-by-byte feeding does: CRLF, byte order marks, blank lines, an invalid line in its place (STDIO-2)', () => {
  const log = (chunks: Uint8Array[]) => {
    const out: string[] = [];
    const f = createLineFramer({ onLine: (l) => out.push(`line ${l}`), onError: (e) => out.push(`error ${e.context.reason} ${e.context.bytes}`) });
    for (const c of chunks) f.feed(c);
    f.end();
    return out;
  };
  const bom = [0xef, 0xbb, 0xbf];
  const valid = new Uint8Array([
    ...bom,
    ...enc.encode('{"a":1}\r\n'),
    ...bom,
    ...bom,
    ...enc.encode('{"b":"é"}\n\r\n'),
    ...bom,
    0x0d,
    0x0a,
    ...bom,
    ...enc.encode('  {"c":2}\n\n{"d":"\uFEFF"}\n{"e":'),
  ]);
  const bytewise = (b: Uint8Array) => Array.from(b, (x) => new Uint8Array([x]));
  const expected = ['line {"a":1}', 'line \uFEFF{"b":"é"}', 'line   {"c":2}', 'line {"d":"\uFEFF"}', 'line {"e":'];
  assert.deepEqual(log([valid]), expected);
  assert.deepEqual(log(bytewise(valid)), expected);
  const withBad = new Uint8Array([...enc.encode('{"x":1}\n'), 0x7b, 0xc3, 0x28, 0x7d, 0x0a, ...enc.encode('{"y":2}\n')]);
  assert.deepEqual(log([withBad]), ['line {"x":1}', 'error invalid-utf8 4', 'line {"y":2}']);
  assert.deepEqual(log([withBad]), log(bytewise(withBad)));
});

test('an oversized line is discarded as it streams, named by size, and framing resumes (memory bounded)', () => {
  // issue 11 item 6: reported the moment the cap is crossed, so `bytes` is what had arrived by then
  // (it used to be the whole line's size, known only at its newline).
  const lines: string[] = [];
  const errors: FramingError[] = [];
  const f = createLineFramer({ onLine: (l) => lines.push(l), onError: (e) => errors.push(e), maxLineBytes: 1000 });
  f.feed(enc.encode('{"before":1}\n{"id":7,"big":"'));
  const filler = enc.encode('x'.repeat(500));
  let maxBuffered = 0;
  const errorsAfter: number[] = [];
  for (let i = 0; i < 200; i++) {
    f.feed(filler);
    maxBuffered = Math.max(maxBuffered, f.bufferedBytes);
    errorsAfter.push(errors.length);
  }
  assert.deepEqual(errorsAfter.slice(0, 3), [0, 1, 1], 'reported by the feed that crossed the cap, before any newline');
  f.feed(enc.encode('"}\n{"after":2}\n'));
  f.end();
  assert.deepEqual(lines, ['{"before":1}', '{"after":2}']);
  assert.equal(errors.length, 1);
  assert.equal(errors[0].code, 'MCPB_FRAMING');
  assert.equal(errors[0].context.reason, 'too-large');
  assert.equal(errors[0].context.bytes, '{"id":7,"big":"'.length + 500 * 2);
  assert.match(errors[0].message, /at least 1015 bytes exceeds the limit of 1000/);
  assert.match(String(errors[0].context.excerpt), /^\{"id":7/);
  assert.ok(maxBuffered <= 1000, `buffer stayed bounded (${maxBuffered})`);
});

test('a line exactly at the limit passes; one byte more does not', () => {
  const at = '"' + 'a'.repeat(8) + '"';
  assert.deepEqual(frame([enc.encode(at + '\n')], 10).lines, [at]);
  const over = frame([enc.encode('"' + 'a'.repeat(9) + '"\n')], 10);
  assert.deepEqual(over.lines, []);
  assert.equal(over.errors.length, 1);
});

test('the caller may reuse its chunk buffer after feed()', () => {
  const lines: string[] = [];
  const f = createLineFramer({ onLine: (l) => lines.push(l), onError: () => {} });
  const buf = enc.encode('{"a":"first');
  f.feed(buf);
  buf.fill(0x20);
  f.feed(enc.encode('"}\n'));
  assert.deepEqual(lines, ['{"a":"first"}']);
});

test('a large message in many chunks is joined once (linear) and arrives whole', () => {
  const payload = 'y'.repeat(8 * 1024 * 1024);
  const bytes = enc.encode(JSON.stringify({ payload }) + '\n');
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += 65536) chunks.push(bytes.subarray(i, i + 65536));
  const { lines } = frame(chunks);
  assert.equal(lines.length, 1);
  assert.equal(JSON.parse(lines[0]).payload.length, payload.length);
});

test('message framer: non-JSON lines (banners on stdout) are reported and skipped (STDIO-6)', () => {
  const values: unknown[] = [];
  const errors: FramingError[] = [];
  const f = createMessageFramer({ onValue: (v) => values.push(v), onError: (e) => errors.push(e) });
  f.feed(enc.encode('Server starting on stdio...\n{"jsonrpc":"2.0","id":1,"result":{}}\n[INFO] ready\n'));
  f.end();
  assert.deepEqual(values, [{ jsonrpc: '2.0', id: 1, result: {} }]);
  assert.equal(errors.length, 2);
  assert.ok(errors.every((e) => e.context.reason === 'not-json'));
  assert.match(errors[0].message, /Server starting on stdio/);
});

test('a line that never ends is reported when it crosses the cap, not at a newline that never comes (issue 11 item 6)', () => {
  const errors: FramingError[] = [];
  const f = createLineFramer({ onLine: () => assert.fail('no line expected'), onError: (e) => errors.push(e), maxLineBytes: 4096 });
  f.feed(enc.encode('{"jsonrpc":"2.0","id":42,"result":{"text":"'));
  const chunk = enc.encode('z'.repeat(1024));
  for (let i = 0; i < 3; i++) f.feed(chunk);
  assert.equal(errors.length, 0, 'still under the cap');
  f.feed(chunk);
  assert.equal(errors.length, 1, 'reported by the feed that crossed the cap');
  assert.match(String(errors[0].context.excerpt), /^\{"jsonrpc":"2\.0","id":42,/);
  for (let i = 0; i < 100; i++) f.feed(chunk);
  assert.equal(errors.length, 1, 'reported once per line');
  assert.equal(f.bufferedBytes, 0, 'nothing of the discarded line is held');
});

test('the default message cap is 128 MiB, so a 64 MiB payload with its envelope fits (issue 11 item 10)', () => {
  assert.equal(DEFAULT_MAX_MESSAGE_BYTES, 128 * 1024 * 1024);
  assert.deepEqual(frame([enc.encode('{"a":1}\n')]).lines, ['{"a":1}']);
});

test('peekResponseId reads only a top-level id of a response head', () => {
  assert.equal(peekResponseId('{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"aaa'), 7);
  assert.equal(peekResponseId(' {"id" : "abc\\"d", "result":'), 'abc"d');
  assert.equal(peekResponseId('{"result":{"id":3,"content":[]},"jsonrpc":"2.0","id":9}'), 9, 'a nested id is not the id');
  assert.equal(peekResponseId('{"result":{"id":3,"content":['), undefined, 'only nested ids in the head');
  assert.equal(peekResponseId('{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage","params":{'), undefined, "a peer's request names its own id space");
  assert.equal(peekResponseId('{"jsonrpc":"2.0","id":12'), undefined, 'a number the head may have cut');
  assert.equal(peekResponseId('[info] {"id":1,'), undefined);
  assert.equal(peekResponseId('not json at all'), undefined);
});
