// LLM specs generated from the REAL tool lists of the recorded servers, for every provider. The
// Gemini checks use the field list written from Google's documentation (gemini-checker.ts), never
// the profile's own list.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toolDefFromMcp } from '../../src/bridge/tool-def.js';
import { toLLMSpec, type AnthropicToolSpec, type GeminiFunctionDeclaration, type OpenAiToolSpec } from '../../src/bridge/llm-specs.js';
import { isLlmSafeName } from '../../src/bridge/naming.js';
import { fixtureTool, fixtureTools, SERVERS, walkSchemas } from './fixtures.js';
import { GEMINI_SCHEMA_FIELDS } from './gemini-checker.js';

function assertCommonShape(schema: Record<string, unknown>, where: string): void {
  assert.equal(schema.type, 'object', `${where}: root type`);
  assert.equal(typeof schema.properties, 'object', `${where}: root properties`);
  walkSchemas(schema, (node, path) => {
    assert.ok(!('$schema' in node), `${where} ${path}: $schema left`);
    assert.ok(!('$ref' in node) && !('$defs' in node) && !('definitions' in node), `${where} ${path}: refs left`);
    if (node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array')))
      assert.ok(node.items !== undefined, `${where} ${path}: array without items`);
  });
}

for (const server of SERVERS) {
  describe(`LLM specs from the ${server} server's real tools`, () => {
    const tools = fixtureTools(server);

    test('the fixture is a real, non-empty tool list', () => {
      assert.ok(tools.length >= 2);
      for (const tool of tools) assert.equal(typeof tool.inputSchema, 'object');
    });

    test('openai: {type:function, function:{name, description, parameters}} with an object root and items on arrays', () => {
      for (const tool of tools) {
        const before = JSON.stringify(tool);
        const def = toolDefFromMcp(server, tool, 'p_');
        const { spec } = toLLMSpec(def, 'openai') as { spec: OpenAiToolSpec };
        assert.equal(spec.type, 'function');
        assert.ok(isLlmSafeName(spec.function.name), spec.function.name);
        assert.equal(typeof spec.function.description, 'string');
        assert.equal(spec.function.strict, undefined, 'non-strict unless asked');
        assertCommonShape(spec.function.parameters, `${server}/${tool.name}`);
        assert.equal(JSON.stringify(tool), before, 'the original tool and schema are not modified');
      }
    });

    test('openai strict: closed objects with every property required, or an explicit non-strict fallback', () => {
      for (const tool of tools) {
        const { spec, notes } = toLLMSpec(toolDefFromMcp(server, tool), 'openai', { strict: true }) as { spec: OpenAiToolSpec; notes: { change: string }[] };
        if (spec.function.strict === false) {
          assert.ok(
            notes.some((n) => /strict mode not possible/.test(n.change)),
            `${tool.name}: fallback noted`,
          );
          continue;
        }
        assert.equal(spec.function.strict, true);
        walkSchemas(spec.function.parameters, (node, path) => {
          if (node.type !== 'object' && !(Array.isArray(node.type) && node.type.includes('object'))) return;
          assert.equal(node.additionalProperties, false, `${tool.name} ${path}`);
          assert.deepEqual([...(node.required as string[])].sort(), Object.keys(node.properties as object).sort(), `${tool.name} ${path}`);
          assert.ok(!('default' in node));
        });
      }
    });

    test('anthropic: {name, description, input_schema} with an object root', () => {
      for (const tool of tools) {
        const { spec } = toLLMSpec(toolDefFromMcp(server, tool), 'anthropic') as { spec: AnthropicToolSpec };
        assert.ok(isLlmSafeName(spec.name));
        assertCommonShape(spec.input_schema, `${server}/${tool.name}`);
      }
    });

    test('gemini: only documented keywords, no additionalProperties, no anyOf in items, typed items', () => {
      for (const tool of tools) {
        const { spec } = toLLMSpec(toolDefFromMcp(server, tool), 'gemini') as { spec: GeminiFunctionDeclaration };
        assert.match(spec.name, /^[a-zA-Z_]/);
        if (!spec.parameters) {
          assert.equal(Object.keys(tool.inputSchema.properties ?? {}).length, 0, `${tool.name}: parameters only omitted without arguments`);
          continue;
        }
        assertCommonShape(spec.parameters, `${server}/${tool.name}`);
        walkSchemas(spec.parameters, (node, path, parentKey) => {
          for (const key of Object.keys(node)) assert.ok(GEMINI_SCHEMA_FIELDS.has(key), `${tool.name} ${path}: ${key} is outside Gemini's subset`);
          assert.ok(!('additionalProperties' in node), `${tool.name} ${path}: additionalProperties left`);
          if (parentKey === 'items' && Array.isArray(node.anyOf))
            for (const b of node.anyOf)
              assert.ok(['string', 'number', 'integer', 'boolean'].includes(b.type), `${tool.name} ${path}: anyOf in items holds ${JSON.stringify(b)}`);
          if (node.type === 'array') assert.equal(typeof (node.items as { type?: unknown }).type, 'string', `${tool.name} ${path}: untyped items`);
          if (typeof node.format === 'string') assert.ok(['enum', 'date-time', 'int32', 'int64', 'float', 'double'].includes(node.format));
        });
      }
    });
  });
}

test('the "no additionalProperties" check has something to remove: real input schemas declare it', () => {
  const declaring = SERVERS.flatMap((server) =>
    fixtureTools(server).filter((tool) => {
      let found = false;
      walkSchemas(tool.inputSchema, (node) => {
        found ||= 'additionalProperties' in node;
      });
      return found;
    }),
  );
  // Notion's and the git server's declarations; the four official servers declare it only in outputSchema.
  assert.ok(declaring.length >= 20, `${declaring.length} input schemas with additionalProperties`);
});

describe('nested objects and arrays from real schemas survive conversion', () => {
  test('filesystem edit_file: edits is an array of {oldText, newText} objects for every provider', () => {
    const def = toolDefFromMcp('filesystem', fixtureTool('filesystem', 'edit_file'), 'fs_');
    for (const provider of ['openai', 'anthropic', 'gemini'] as const) {
      const { spec } = toLLMSpec(def, provider);
      const params = (
        provider === 'openai'
          ? (spec as OpenAiToolSpec).function.parameters
          : provider === 'anthropic'
            ? (spec as AnthropicToolSpec).input_schema
            : (spec as GeminiFunctionDeclaration).parameters!
      ) as Record<string, any>;
      assert.equal(params.properties.edits.type, 'array', provider);
      assert.equal(params.properties.edits.items.type, 'object', provider);
      assert.equal(params.properties.edits.items.properties.oldText.type, 'string', provider);
      assert.deepEqual(params.properties.edits.items.required, ['oldText', 'newText'], provider);
      assert.deepEqual(params.required, ['path', 'edits'], provider);
    }
  });

  test('memory create_entities: an array of objects holding an array of strings', () => {
    const def = toolDefFromMcp('memory', fixtureTool('memory', 'create_entities'));
    const { spec } = toLLMSpec(def, 'gemini') as { spec: GeminiFunctionDeclaration };
    const entities = (spec.parameters as Record<string, any>).properties.entities;
    assert.equal(entities.type, 'array');
    assert.equal(entities.items.properties.observations.type, 'array');
    assert.equal(entities.items.properties.observations.items.type, 'string');
  });

  test('everything gzip-file-as-resource: format "uri" is dropped for gemini with a note, kept for openai', () => {
    const def = toolDefFromMcp('everything', fixtureTool('everything', 'gzip-file-as-resource'));
    const gemini = toLLMSpec(def, 'gemini');
    assert.equal(((gemini.spec as GeminiFunctionDeclaration).parameters as Record<string, any>).properties.data.format, undefined);
    assert.ok(gemini.notes.some((n) => n.path === '#/properties/data' && /format "uri" removed/.test(n.change)));
    const openai = toLLMSpec(def, 'openai');
    assert.equal(((openai.spec as OpenAiToolSpec).function.parameters as Record<string, any>).properties.data.format, 'uri');
  });

  test('a tool with no arguments: gemini omits parameters (noted); openai and anthropic send an empty object', () => {
    const def = toolDefFromMcp('filesystem', fixtureTool('filesystem', 'list_allowed_directories'));
    const gemini = toLLMSpec(def, 'gemini');
    assert.equal((gemini.spec as GeminiFunctionDeclaration).parameters, undefined);
    assert.ok(gemini.notes.some((n) => /parameters omitted/.test(n.change)));
    assert.deepEqual((toLLMSpec(def, 'openai').spec as OpenAiToolSpec).function.parameters, { type: 'object', properties: {} });
    assert.deepEqual((toLLMSpec(def, 'anthropic').spec as AnthropicToolSpec).input_schema, { type: 'object', properties: {} });
  });

  test('every conversion notes the dropped $schema of the draft-07 fixtures', () => {
    const def = toolDefFromMcp('memory', fixtureTool('memory', 'read_graph'));
    for (const provider of ['openai', 'anthropic', 'gemini'] as const) {
      assert.ok(
        toLLMSpec(def, provider).notes.some((n) => n.path === '#' && n.change === '$schema removed'),
        provider,
      );
    }
  });
});
