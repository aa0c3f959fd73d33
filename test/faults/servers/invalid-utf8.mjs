// Answers tools/call "broken" with a response line that is not valid UTF-8 (0xFF 0xFE in a string);
// "echo" works. Issue 11 item 5: the call must fail at once, not at its timeout.
import { NO_REPLY, serve } from './lib/mini-server.mjs';
serve({
  'tools/call': (params, message) => {
    if (params?.name !== 'broken') return { content: [{ type: 'text', text: String(params?.arguments?.text ?? '') }] };
    const head = Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"content":[{"type":"text","text":"`);
    process.stdout.write(Buffer.concat([head, Buffer.from([0xff, 0xfe, 0x41]), Buffer.from('"}]}}\n')]));
    return NO_REPLY;
  },
}, { name: 'invalid-utf8' });
