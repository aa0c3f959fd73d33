// Sends JSON that is not JSON-RPC: scalars, an array of numbers, a wrong "jsonrpc" version; answers
// tools/call "bad" with a response that lacks "jsonrpc" (so the call fails at once); "echo" works.
import { NO_REPLY, serve } from './lib/mini-server.mjs';
const junk = ['42', '"hello"', '[1,2]', 'null', '{"jsonrpc":"1.0","method":"notifications/old"}', '{"jsonrpc":"2.0"}'];
serve({
  'tools/call': (params, message) => {
    process.stdout.write(junk.join('\n') + '\n');
    if (params?.name !== 'bad') return { content: [{ type: 'text', text: String(params?.arguments?.text ?? '') }] };
    process.stdout.write(JSON.stringify({ id: message.id, result: { content: [{ type: 'text', text: 'no jsonrpc member' }] } }) + '\n');
    return NO_REPLY;
  },
}, { name: 'not-jsonrpc' });
