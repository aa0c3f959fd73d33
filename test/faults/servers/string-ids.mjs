// Echoes every request id of tools/call back as a string ("7" for 7): a result for "echo", a
// JSON-RPC error for "fail". Everything else (initialize, tools/list) is answered correctly.
import { NO_REPLY, reply, replyError, serve } from './lib/mini-server.mjs';
serve({
  'tools/call': (params, message) => {
    const id = String(message.id);
    if (params?.name === 'fail') replyError(id, -32000, 'failed on purpose');
    else reply(id, { content: [{ type: 'text', text: String(params?.arguments?.text ?? '') }] });
    return NO_REPLY;
  },
}, { name: 'string-ids' });
