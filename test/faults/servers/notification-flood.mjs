// Answers tools/call "flood" after FLOOD_COUNT (default 10,000) notifications: log messages and
// progress for the call's token, written in a few large writes (cheap for the CPU).
import { NO_REPLY, reply, serve } from './lib/mini-server.mjs';
const count = Number(process.env.FLOOD_COUNT ?? 10_000);
serve({
  initialize: (params) => ({ protocolVersion: params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {}, logging: {} }, serverInfo: { name: 'flood', version: '1' } }),
  'tools/call': (params, message) => {
    if (params?.name !== 'flood') return { content: [{ type: 'text', text: String(params?.arguments?.text ?? '') }] };
    const token = params?._meta?.progressToken;
    const lines = [];
    for (let i = 0; i < count; i++) {
      lines.push(i % 2 === 0 || token === undefined
        ? JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `note ${i}` } })
        : JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: i, total: count } }));
      if (lines.length === 1000) { process.stdout.write(lines.join('\n') + '\n'); lines.length = 0; }
    }
    if (lines.length > 0) process.stdout.write(lines.join('\n') + '\n');
    reply(message.id, { content: [{ type: 'text', text: `after ${count} notifications` }] });
    return NO_REPLY;
  },
}, { name: 'notification-flood' });
