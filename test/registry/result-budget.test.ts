// Oversized results stay out of the window: a head that is still valid (JSON that parses, text cut
// at a line end), a handle, and read_result to page or select inside the kept result; the store is
// bounded and says so when a handle was evicted. Every entry point goes through Registry.execute.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from '../../src/index.js';
import { resultHead, textHead } from '../../src/bridge/result-head.js';
import { pointerTokens } from '../../src/registry/result-store.js';

const rows = Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `row ${i}`, tags: ['a', 'b'], note: 'x'.repeat(40) }));
const bigJson = JSON.stringify({ total: rows.length, items: rows }, null, 2);
const bigText = Array.from({ length: 20_000 }, (_, i) => `line ${i}: ${'lorem ipsum '.repeat(3)}`).join('\n');

/** The head of a cut result: everything before the note the registry appends. */
function headOf(text: string): string {
  return text.slice(0, text.lastIndexOf('\n[result cut:'));
}

describe('result heads', () => {
  it('cuts JSON at element boundaries: the head parses and is a prefix of the whole', () => {
    const { head, kind, omitted } = resultHead(bigJson, 10_000);
    assert.equal(kind, 'json');
    assert.ok(head.length <= 10_000);
    const parsed = JSON.parse(head) as { total: number; items: unknown[] };
    assert.equal(parsed.total, 5000);
    assert.ok(parsed.items.length > 10 && parsed.items.length < 5000);
    assert.deepEqual(parsed.items, rows.slice(0, parsed.items.length));
    assert.deepEqual(omitted, [{ pointer: '/items', count: 5000 - parsed.items.length }]);
  });

  it('a single member too big on its own is cut inside, and a long string is cut with a marker, still JSON', () => {
    const { head } = resultHead(JSON.stringify({ blob: 'y'.repeat(50_000) }), 1000);
    const parsed = JSON.parse(head) as { blob: string };
    assert.match(parsed.blob, /… \[cut: 50000 characters in all\]$/);
    assert.ok(head.length <= 1000);
  });

  it('cuts text at a line end, and never inside a surrogate pair', () => {
    const head = textHead(bigText, 5000);
    assert.ok(head.length <= 5000);
    assert.ok(bigText.startsWith(head) && bigText[head.length] === '\n', 'ends where a line ends');
    assert.equal(textHead(`${'a'.repeat(9)}😀😀`, 10), 'a'.repeat(9));
  });

  it('reads JSON pointers and simple paths', () => {
    assert.deepEqual(pointerTokens('/items/3/name'), ['items', '3', 'name']);
    assert.deepEqual(pointerTokens('/a~1b/c~0d'), ['a/b', 'c~d']);
    assert.deepEqual(pointerTokens('items[3].name'), ['items', '3', 'name']);
  });
});

describe('Registry: oversized results', () => {
  function registry(options: ConstructorParameters<typeof Registry>[0] = {}): Registry {
    const r = new Registry(options);
    r.register({ name: 'big_json', handler: () => ({ content: [{ type: 'text', text: bigJson }] }) });
    r.register({ name: 'big_text', handler: () => bigText });
    r.register({ name: 'small', handler: () => 'fine' });
    return r;
  }

  it('gives a valid head, a handle and read_result; paging and pointers reach the rest', async () => {
    const r = registry({ results: { maxResultTokens: 2000 } });
    assert.ok(!r.has('read_result'), 'no reading tool until a result needs it');
    const small = await r.execute('small', {});
    assert.equal(small.text, 'fine');
    assert.equal(small.handle, undefined);

    const cut = await r.execute('big_json', {});
    assert.ok(cut.text.length <= 8000, `${cut.text.length} characters`);
    assert.equal(cut.handle, 'result-1');
    assert.match(cut.text, /call read_result with \{"handle": "result-1", "offset": \d+\}.*"pointer"/s);
    const head = JSON.parse(headOf(cut.text)) as { items: unknown[] };
    assert.deepEqual(head.items, rows.slice(0, head.items.length));
    assert.ok(r.has('read_result'), 'the reading tool is registered with the first cut result');
    assert.deepEqual(cut.truncated, { budget: 8000, originalChars: bigJson.length, shownChars: headOf(cut.text).length });

    const picked = await r.execute('read_result', { handle: 'result-1', pointer: '/items/4321/name' });
    assert.equal(picked.isError, false, picked.text);
    assert.equal(picked.text, '"row 4321"');
    const viaPath = await r.execute('read_result', { handle: 'result-1', pointer: 'items[7]' });
    assert.deepEqual(JSON.parse(viaPath.text), rows[7]);
    const missing = await r.execute('read_result', { handle: 'result-1', pointer: '/items/99999' });
    assert.equal(missing.isError, true);
    assert.match(missing.text, /\/items is an array of 5000 elements, no element "99999"/);

    const text = await r.execute('big_text', {});
    assert.equal(text.handle, 'result-2');
    let offset = headOf(text.text).length;
    let whole = headOf(text.text);
    for (let page = 0; page < 400 && offset < bigText.length; page++) {
      const next = await r.execute('read_result', { handle: 'result-2', offset });
      assert.equal(next.isError, false, next.text);
      const body = next.text.slice(0, next.text.lastIndexOf('\n['));
      whole += body;
      offset += body.length;
    }
    assert.equal(whole, bigText, 'paging through read_result gives back the whole result, byte for byte');
  });

  it('the store is bounded: the oldest handle is evicted and reading it says so', async () => {
    const r = registry({ results: { maxResultTokens: 500, maxStoredResults: 2 } });
    for (let i = 0; i < 3; i++) await r.execute('big_text', {});
    const gone = await r.execute('read_result', { handle: 'result-1' });
    assert.equal(gone.isError, true);
    assert.match(gone.text, /No kept result "result-1": it was evicted \(the store keeps the 2 newest\)/);
    assert.equal((await r.execute('read_result', { handle: 'result-3' })).isError, false);
  });

  it('through a provider entry point too (OpenAI tool message), and results: false keeps the old cut', async () => {
    const r = registry({ results: { maxResultTokens: 1000 } });
    const message = await r.executeOpenAiToolCall({ id: 'c1', type: 'function', function: { name: 'big_json', arguments: '{}' } });
    assert.match(String(message.content), /\[result cut: .*"handle": "result-1"/s);
    const plain = registry({ results: false, textBudget: 1000 });
    const old = await plain.execute('big_text', {});
    assert.equal(old.handle, undefined);
    assert.match(old.text, /\[truncated: showing the first 1000 of/);
    assert.ok(!plain.has('read_result'));
  });
});
