// tools/list pagination that never converges: CURSOR_MODE=endless gives a new cursor on every page,
// CURSOR_MODE=repeat gives the same cursor again on the second page.
import { echoTool, serve } from './lib/mini-server.mjs';
const mode = process.env.CURSOR_MODE ?? 'endless';
serve({
  'tools/list': (params) => {
    const page = params?.cursor === undefined ? 0 : Number(String(params.cursor).slice(1)) + 1;
    const tool = { ...echoTool, name: `tool_${page}` };
    return { tools: [tool], nextCursor: mode === 'repeat' ? 'c0' : `c${page}` };
  },
}, { name: 'bad-cursors' });
