// Answers tools/call with responses for ids we never sent (a number, a string), then the right
// answer twice (the second must be dropped), then an answer for an id not sent yet (dropped too).
import { NO_REPLY, serve } from './lib/mini-server.mjs';
serve({
  'tools/call': (params, message) => {
    const text = String(params?.arguments?.text ?? '');
    // One write, so all of it reaches the client before it can send its next request.
    const lines = [
      { jsonrpc: '2.0', id: 987654, result: { content: [{ type: 'text', text: 'for nobody' }] } },
      { jsonrpc: '2.0', id: 'not-ours', result: { content: [{ type: 'text', text: 'for nobody' }] } },
      { jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: `first ${text}` }] } },
      { jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: `duplicate ${text}` }] } },
      { jsonrpc: '2.0', id: message.id + 1, result: { content: [{ type: 'text', text: 'early answer for the next id' }] } },
    ];
    process.stdout.write(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    return NO_REPLY;
  },
}, { name: 'wrong-ids' });
