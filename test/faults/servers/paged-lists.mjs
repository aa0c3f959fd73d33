// Every list method a client pages through, each in three pages of two items: a listing shows whether
// the client follows the cursor to the end, and whether each page asks with what the first one did
// (a directory read without its uri is refused).
import { serve } from './lib/mini-server.mjs';

const PAGES = 3;

function paged(field, item, check = () => {}) {
  return (params) => {
    check(params);
    const cursor = params?.cursor;
    const page = cursor === undefined ? 0 : Number(/^page-(\d+)$/.exec(String(cursor))?.[1]);
    if (!(page >= 0 && page < PAGES)) throw new Error(`unknown cursor ${JSON.stringify(cursor)}`);
    return { [field]: [item(`${page}-0`), item(`${page}-1`)], ...(page + 1 < PAGES ? { nextCursor: `page-${page + 1}` } : {}) };
  };
}

serve(
  {
    initialize: (params) => ({
      protocolVersion: params?.protocolVersion ?? '2025-06-18',
      capabilities: {
        tools: {},
        resources: {},
        prompts: {},
        tasks: { list: {} },
        extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } },
      },
      serverInfo: { name: 'paged-lists', version: '1.0.0' },
    }),
    'resources/list': paged('resources', (n) => ({ uri: `test://resource/${n}`, name: `resource-${n}` })),
    'resources/templates/list': paged('resourceTemplates', (n) => ({ uriTemplate: `test://template/${n}/{id}`, name: `template-${n}` })),
    'prompts/list': paged('prompts', (n) => ({ name: `prompt-${n}` })),
    'tasks/list': paged('tasks', (n) => ({ taskId: `task-${n}`, status: 'working', createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:00Z', ttl: null })),
    'skills/list': paged('skills', (n) => ({ name: `skill-${n}`, uri: `skill://skill-${n}/SKILL.md` })),
    'resources/directory/read': paged(
      'resources',
      (n) => ({ uri: `skill://dir/${n}`, name: `file-${n}` }),
      (params) => {
        if (params?.uri !== 'skill://dir/') throw new Error(`directory read without its uri: ${JSON.stringify(params)}`);
      },
    ),
  },
  { name: 'paged-lists' },
);
