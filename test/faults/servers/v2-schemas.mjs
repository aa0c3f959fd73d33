// A TS SDK v2 server (`@modelcontextprotocol/server` 2.x, stdio) whose tools carry raw JSON Schema
// 2020-12 documents (`fromJsonSchema` serves them as written): `shape` uses $id, $defs, $anchor,
// prefixItems, dependentSchemas and unevaluatedProperties; `profile` has a $ref to the URL given as
// the first argument (a canary a client must never fetch), listed verbatim. Each tool answers with its arguments.
import { McpServer, fromJsonSchema } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const canary = process.argv[2] ?? 'http://127.0.0.1:9/never.json';
export const SHAPE = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://schemas.example.test/shape',
  type: 'object',
  $defs: { point: { $anchor: 'point', type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false } },
  properties: { at: { $ref: '#point' }, card: { type: 'string' }, label: { type: 'string' } },
  dependentSchemas: { card: { required: ['at'] } },
  unevaluatedProperties: false,
};
const PROFILE = { type: 'object', properties: { id: { type: 'string' }, profile: { $ref: canary } }, required: ['id'] };

// The SDK's own validator refuses an unresolvable $ref, so this one is served through a Standard
// Schema that lists it verbatim and accepts any object.
const asIs = (schema) => ({
  '~standard': { version: 1, vendor: 'fixture', validate: (value) => ({ value }), jsonSchema: { input: () => schema, output: () => schema } },
});
const echo = async (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] });
serveStdio(() => {
  const s = new McpServer({ name: 'v2-schemas', version: '2.4.0' }, { capabilities: { tools: {} } });
  s.registerTool('shape', { description: 'A 2020-12 schema', inputSchema: fromJsonSchema(SHAPE) }, echo);
  s.registerTool('profile', { description: 'A network $ref', inputSchema: asIs(PROFILE) }, echo);
  return s;
}, { legacy: 'serve' });
