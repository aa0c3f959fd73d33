// RFC 8785 (JSON Canonicalization Scheme): the oracle is the RFC's own published examples, written
// out here from the RFC text (section 3.2.2's sample, section 3.2.3's sorting sample, Appendix B's
// number samples), never computed by the code under test. Then the property pins depend on: two
// schemas that differ only in key order and whitespace have one canonical form and one hash.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createHash } from 'node:crypto';
import type { JsonSchema } from '../../../protocol/index.js';
import { canonicalJson } from '../../../src/util/canonical-json.js';
import { pinHash, pinnedFields } from '../../../src/pipeline/pins/definition.js';

describe('RFC 8785 canonical JSON', () => {
  test('section 3.2.2: the sample object, whitespace removed, members sorted, numbers and strings as ECMAScript writes them', () => {
    // The RFC's input, as its text gives it (numbers and escapes exactly so).
    const input = `{
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\"\\/",
      "literals": [null, true, false]
    }`;
    const expected = `{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA'B\\"\\\\\\\\\\"/"}`;
    assert.equal(canonicalJson(JSON.parse(input)), expected);
  });

  test("section 3.2.3: members sorted by UTF-16 code units (an emoji's surrogates sort before U+FB33)", () => {
    const input = `{
      "\\u20ac": "Euro Sign",
      "\\r": "Carriage Return",
      "\\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\\ud83d\\ude00": "Emoji: Grinning Face",
      "\\u0080": "Control",
      "\\u00f6": "Latin Small Letter O With Diaeresis"
    }`;
    // Written with escapes: the RFC's output holds these characters as UTF-8, and U+FB33 would be
    // silently decomposed by an editor.
    const expected =
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}';
    assert.equal(canonicalJson(JSON.parse(input)), expected);
  });

  test('Appendix B: IEEE 754 values and their canonical text', () => {
    const samples: Array<[string, string]> = [
      ['0000000000000000', '0'],
      ['8000000000000000', '0'],
      ['0000000000000001', '5e-324'],
      ['8000000000000001', '-5e-324'],
      ['7fefffffffffffff', '1.7976931348623157e+308'],
      ['ffefffffffffffff', '-1.7976931348623157e+308'],
      ['4340000000000000', '9007199254740992'],
      ['c340000000000000', '-9007199254740992'],
      ['4430000000000000', '295147905179352830000'],
      ['44b52d02c7e14af5', '9.999999999999997e+22'],
      ['44b52d02c7e14af6', '1e+23'],
      ['44b52d02c7e14af7', '1.0000000000000001e+23'],
      ['444b1ae4d6e2ef4e', '999999999999999700000'],
      ['444b1ae4d6e2ef4f', '999999999999999900000'],
      ['444b1ae4d6e2ef50', '1e+21'],
      ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
      ['3eb0c6f7a0b5ed8d', '0.000001'],
      ['41b3de4355555553', '333333333.3333332'],
      ['41b3de4355555554', '333333333.33333325'],
      ['41b3de4355555555', '333333333.3333333'],
      ['41b3de4355555556', '333333333.3333334'],
      ['41b3de4355555557', '333333333.33333343'],
      ['becbf647612f3696', '-0.0000033333333333333333'],
      ['43143ff3c1cb0959', '1424953923781206.2'],
    ];
    for (const [bits, text] of samples) {
      const view = new DataView(new ArrayBuffer(8));
      view.setBigUint64(0, BigInt(`0x${bits}`));
      assert.equal(canonicalJson(view.getFloat64(0)), text, `0x${bits}`);
    }
    // NaN and Infinity (0x7fffffffffffffff, 0x7ff0000000000000) must be refused.
    assert.throws(() => canonicalJson(Number.NaN), TypeError);
    assert.throws(() => canonicalJson(Number.POSITIVE_INFINITY), TypeError);
  });

  test('a member whose value is undefined is left out; arrays keep their order', () => {
    assert.equal(canonicalJson({ b: [3, 1, 2], a: undefined }), '{"b":[3,1,2]}');
  });
});

describe('pinned definitions', () => {
  const schemaText = {
    compact: '{"type":"object","properties":{"path":{"type":"string","description":"File"},"depth":{"type":"integer","minimum":0}},"required":["path"]}',
    reordered: `{
      "required" : [ "path" ],
      "properties": {
        "depth": { "minimum": 0, "type": "integer" },
        "path":  { "description": "File", "type": "string" }
      },
      "type": "object"
    }`,
  };

  test('schemas differing only in key order and whitespace have one canonical form and one hash', () => {
    const a = JSON.parse(schemaText.compact);
    const b = JSON.parse(schemaText.reordered);
    assert.equal(canonicalJson(a), canonicalJson(b));
    const tool = (inputSchema: JsonSchema) => ({ name: 'read', description: 'Reads', inputSchema, annotations: { readOnlyHint: true, title: 'R' } });
    assert.equal(pinHash(pinnedFields(tool(a))), pinHash(pinnedFields(tool(b))));
    // ...and a real difference (one number) changes the hash.
    const c = JSON.parse(schemaText.compact.replace('"minimum":0', '"minimum":1'));
    assert.notEqual(pinHash(pinnedFields(tool(a))), pinHash(pinnedFields(tool(c))));
  });

  test('the hash covers name, title, description, schemas and annotations, and nothing else (icons, _meta)', () => {
    const base = { name: 't', inputSchema: { type: 'object' } };
    const h = pinHash(pinnedFields(base));
    assert.match(h, /^sha256:[0-9a-f]{64}$/);
    for (const extra of [{ title: 'T' }, { description: 'd' }, { outputSchema: { type: 'object' } }, { annotations: { readOnlyHint: true } }, { name: 'u' }])
      assert.notEqual(pinHash(pinnedFields({ ...base, ...extra })), h, JSON.stringify(extra));
    assert.equal(pinHash(pinnedFields({ ...base, icons: [{ src: 'https://x/i.png' }], _meta: { x: 1 } })), h);
  });

  test('the hash is SHA-256 of the canonical text (checked with node:crypto)', () => {
    const fields = { name: 'a', description: 'é', inputSchema: { type: 'object', properties: {} } };
    const text = '{"description":"é","inputSchema":{"properties":{},"type":"object"},"name":"a"}';
    assert.equal(canonicalJson(pinnedFields(fields)), text);
    assert.equal(pinHash(pinnedFields(fields)), `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`);
  });
});
