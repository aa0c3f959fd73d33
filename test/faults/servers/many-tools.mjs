// Offers MANY_TOOLS (default 5,000) tools over pages of 1,000, each with a small schema.
import { serve } from './lib/mini-server.mjs';
const count = Number(process.env.MANY_TOOLS ?? 5000);
const pageSize = 1000;
const tools = Array.from({ length: count }, (_, i) => ({
  name: `tool_${String(i).padStart(4, '0')}`,
  description: `Tool number ${i}`,
  inputSchema: { type: 'object', properties: { value: { type: 'string', description: 'any text' } }, required: ['value'] },
}));
serve({
  'tools/list': (params) => {
    const start = params?.cursor === undefined ? 0 : Number(params.cursor);
    const end = Math.min(start + pageSize, count);
    return end < count ? { tools: tools.slice(start, end), nextCursor: String(end) } : { tools: tools.slice(start, end) };
  },
}, { name: 'many-tools' });
