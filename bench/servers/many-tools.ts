// Hand-written stdio MCP server offering many realistic tools (W9): `MANY_TOOLS` tools (default 5,000)
// shaped like those of real API servers (a resource, an action, 3–8 typed properties with enums,
// nested objects, arrays, defaults and descriptions), listed in pages of `MANY_TOOLS_PAGE` (default
// 1,000), and `tool_0` answering every call. Built once at start-up as one string per page, so the
// server is never the bottleneck.
import { createInterface } from 'node:readline';

const COUNT = Number(process.env.MANY_TOOLS ?? 5000);
const PAGE = Number(process.env.MANY_TOOLS_PAGE ?? 1000);

const RESOURCES = [
  'issue',
  'pull_request',
  'repository',
  'branch',
  'commit',
  'comment',
  'label',
  'milestone',
  'project',
  'release',
  'workflow',
  'deployment',
  'page',
  'database',
  'block',
  'user',
  'team',
  'file',
  'folder',
  'channel',
  'message',
  'invoice',
  'customer',
  'order',
  'ticket',
];
const ACTIONS = ['create', 'get', 'list', 'update', 'delete', 'search', 'archive', 'restore', 'export', 'sync'];

function tool(i: number): Record<string, unknown> {
  const resource = RESOURCES[i % RESOURCES.length];
  const action = ACTIONS[Math.floor(i / RESOURCES.length) % ACTIONS.length];
  const properties: Record<string, unknown> = {
    [`${resource}_id`]: { type: 'string', description: `The ${resource.replace('_', ' ')} identifier (as returned by list_${resource}).`, minLength: 1 },
    workspace: { type: 'string', description: "Workspace slug; defaults to the token's workspace.", pattern: '^[a-z0-9-]+$' },
  };
  const required = [`${resource}_id`];
  if (i % 2 === 0) properties.limit = { type: 'integer', minimum: 1, maximum: 100, default: 30, description: 'Most results per page.' };
  if (i % 3 === 0) properties.state = { type: 'string', enum: ['open', 'closed', 'all'], default: 'open', description: 'Filter by state.' };
  if (i % 4 === 0) properties.labels = { type: 'array', items: { type: 'string' }, description: 'Label names to apply.' };
  if (i % 5 === 0) {
    properties.body = {
      type: 'object',
      description: 'Fields to set.',
      additionalProperties: false,
      properties: { title: { type: 'string' }, text: { type: 'string', description: 'Markdown text.' }, due: { type: 'string', format: 'date-time' } },
      required: ['title'],
    };
    required.push('body');
  }
  if (i % 7 === 0) properties.cursor = { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Cursor from the previous page.' };
  return {
    name: `${action}_${resource}_${i}`,
    title: `${action[0].toUpperCase()}${action.slice(1)} ${resource.replace('_', ' ')} (${i})`,
    description: `${action[0].toUpperCase()}${action.slice(1)}s a ${resource.replace('_', ' ')} in the workspace. Returns the ${resource.replace('_', ' ')} as JSON with its id, timestamps and links. Requires the ${resource}:${action === 'get' || action === 'list' || action === 'search' ? 'read' : 'write'} scope.`,
    inputSchema: { type: 'object', properties, required, additionalProperties: false, $schema: 'http://json-schema.org/draft-07/schema#' },
    annotations: { readOnlyHint: action === 'get' || action === 'list' || action === 'search' },
  };
}

const pages: string[] = [];
for (let start = 0; start < COUNT; start += PAGE) {
  const tools = [];
  for (let i = start; i < Math.min(COUNT, start + PAGE); i++) tools.push(tool(i));
  pages.push(JSON.stringify({ tools, ...(start + PAGE < COUNT ? { nextCursor: String(start + PAGE) } : {}) }));
}
if (pages.length === 0) pages.push('{"tools":[]}');

function reply(id: unknown, result: string): void {
  process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result}}\n`);
}

createInterface({ input: process.stdin }).on('line', (line) => {
  let m: { id?: unknown; method?: string; params?: { protocolVersion?: string; cursor?: string } };
  try {
    m = JSON.parse(line);
  } catch {
    return;
  }
  if (typeof m.method !== 'string' || !('id' in m)) return;
  switch (m.method) {
    case 'initialize':
      return reply(
        m.id,
        JSON.stringify({
          protocolVersion: m.params?.protocolVersion ?? '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'bench-many-tools', version: '1.0.0' },
        }),
      );
    case 'ping':
      return reply(m.id, '{}');
    case 'tools/list': {
      const index = m.params?.cursor === undefined ? 0 : Number(m.params.cursor) / PAGE;
      return reply(m.id, pages[index] ?? '{"tools":[]}');
    }
    case 'tools/call':
      return reply(m.id, '{"content":[{"type":"text","text":"ok"}]}');
    default:
      process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: `method not found: ${m.method}` } })}\n`);
  }
});
process.stdin.on('end', () => process.exit(0));
process.stdout.on('error', () => process.exit(0));
