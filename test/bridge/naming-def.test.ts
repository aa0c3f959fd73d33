// Exposed names (sanitising, 64-char limit with a stable hash), ToolDef building (TOOLS-13 title
// fallback) and the params summary derived from real and hand-made schemas.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { displayTitle, toolDefFromMcp } from '../../src/bridge/tool-def.js';
import { exposedName, isLlmSafeName, MAX_NAME_LENGTH, stableHash, suggestPrefix } from '../../src/bridge/naming.js';
import { schemaToParams } from '../../src/bridge/schema-to-params.js';
import { fixtureTool } from './fixtures.js';

describe('exposed names', () => {
  test('valid names pass unchanged: prefix + name', () => {
    // covers: TOOLS-12
    assert.deepEqual(exposedName('fs_', 'read_file'), { name: 'fs_read_file', changes: [] });
    assert.deepEqual(exposedName('', 'get-sum'), { name: 'get-sum', changes: [] });
  });

  test('characters outside [a-zA-Z0-9_-] become _ (dots, slashes, spaces, non-ASCII)', () => {
    // covers: TOOLS-11
    const out = exposedName('my.server/', 'tool name.v2é');
    assert.equal(out.name, 'my_server_tool_name_v2_');
    assert.equal(out.changes.length, 1);
    assert.ok(isLlmSafeName(out.name));
  });

  test('a leading digit or dash gets an underscore (Gemini wants a letter or _ first)', () => {
    assert.equal(exposedName('', '3d-render').name, '_3d-render');
    assert.equal(exposedName('-x', 'y').name, '_-xy');
    assert.equal(exposedName('', '').name, 'tool');
  });

  test('names over 64 characters are shortened with a stable hash of the full name', () => {
    const long = 'a'.repeat(80);
    const a = exposedName('srv_', long);
    const b = exposedName('srv_', long);
    const c = exposedName('srv_', `${'a'.repeat(79)}b`);
    assert.equal(a.name.length, MAX_NAME_LENGTH);
    assert.equal(a.name, b.name, 'the same on every call');
    assert.notEqual(a.name, c.name, 'names differing only past the cut stay distinct');
    assert.ok(a.name.endsWith(`_${stableHash(`srv_${long}`)}`));
    assert.ok(isLlmSafeName(a.name));
    assert.ok(a.changes.some((c) => /shortened/.test(c)));
    assert.equal(exposedName('', 'x'.repeat(64)).name, 'x'.repeat(64), 'exactly 64 is allowed');
  });

  test('the hash is fixed across runs and platforms (FNV-1a)', () => {
    assert.equal(stableHash(''), '811c9dc5');
    assert.equal(stableHash('a'), 'e40c292c');
  });

  test('prefix suggestions are the sanitised server name, made distinct when already in use', () => {
    assert.equal(suggestPrefix('github.com', ''), 'github_com_');
    assert.equal(suggestPrefix('git', 'git_'), `git_${stableHash('git').slice(0, 4)}_`);
    assert.equal(suggestPrefix('9x', ''), '_9x_');
  });
});

describe('ToolDef from an MCP tool', () => {
  test('keeps the original schema, server and name; exposes prefix + name', () => {
    const tool = fixtureTool('filesystem', 'read_text_file');
    const def = toolDefFromMcp('fs', tool, 'fs_');
    assert.equal(def.name, 'fs_read_text_file');
    assert.equal(def.server, 'fs');
    assert.equal(def.originalName, 'read_text_file');
    assert.equal(def.inputSchema, tool.inputSchema, 'the very same schema object, intact');
    assert.equal(def.outputSchema, tool.outputSchema);
    assert.equal(def.title, 'Read Text File');
    assert.equal(def.description, tool.description);
  });

  test('description falls back to title, then annotations.title (TOOLS-13)', () => {
    // covers: TOOLS-13
    const schema = { type: 'object' as const };
    assert.equal(toolDefFromMcp('s', { name: 'a', title: 'Nice A', inputSchema: schema }).description, 'Nice A');
    assert.equal(toolDefFromMcp('s', { name: 'a', annotations: { title: 'Annotated' }, inputSchema: schema }).description, 'Annotated');
    assert.equal(toolDefFromMcp('s', { name: 'a', title: 'T', annotations: { title: 'Annotated' }, inputSchema: schema }).title, 'T');
    assert.equal(toolDefFromMcp('s', { name: 'a', inputSchema: schema }).description, '');
    assert.equal(displayTitle({ name: 'plain' }), 'plain');
  });

  test('a missing or broken inputSchema reads as an object with no parameters', () => {
    const def = toolDefFromMcp('s', { name: 'a', inputSchema: null as never });
    assert.deepEqual(def.inputSchema, { type: 'object', properties: {} });
    assert.deepEqual(def.params, []);
  });
});

describe('params derived from inputSchema', () => {
  test('real filesystem edit_file: nested array of objects, defaults, required flags', () => {
    const params = toolDefFromMcp('fs', fixtureTool('filesystem', 'edit_file')).params;
    const [path, edits, dryRun] = params;
    assert.deepEqual(path, { name: 'path', type: 'string', required: true });
    assert.equal(edits.type, 'array');
    assert.equal(edits.required, true);
    assert.equal(edits.items?.type, 'object');
    assert.deepEqual(
      edits.items?.properties?.map((p) => [p.name, p.type, p.required]),
      [
        ['oldText', 'string', true],
        ['newText', 'string', true],
      ],
    );
    assert.equal(edits.items?.properties?.[0].description, 'Text to search for - must match exactly');
    assert.equal(dryRun.type, 'boolean');
    assert.equal(dryRun.required, false);
    assert.equal(dryRun.default, false);
  });

  test('enums, nullable unions, type lists, unions, refs', () => {
    const params = schemaToParams({
      type: 'object',
      properties: {
        mode: { type: 'string', enum: ['a', 'b'], description: 'how' },
        maybe: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        listy: { type: ['string', 'null'] },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        node: { $ref: '#/$defs/N' },
        fixed: { const: 'x' },
      },
      required: ['mode'],
      $defs: { N: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
    });
    const byName = Object.fromEntries(params.map((p) => [p.name, p]));
    assert.deepEqual(byName.mode, { name: 'mode', type: 'string', required: true, description: 'how', enum: ['a', 'b'] });
    assert.deepEqual(byName.maybe, { name: 'maybe', type: 'integer', required: false, nullable: true });
    assert.deepEqual(byName.listy, { name: 'listy', type: 'string', required: false, nullable: true });
    assert.deepEqual(byName.either, { name: 'either', type: 'union', types: ['string', 'number'], required: false });
    assert.deepEqual(byName.node.properties, [{ name: 'id', type: 'integer', required: true }]);
    assert.deepEqual(byName.fixed, { name: 'fixed', type: 'string', required: false, enum: ['x'] });
  });
});
