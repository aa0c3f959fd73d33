// Answers tools/call "endless" with the head of a response and then ENDLESS_MB (default 100) MiB of
// one string, never ending the line, and stays alive. Issue 11 item 6: the call must fail with the
// size error the moment the cap is crossed, with memory bounded. "echo" works.
import { NO_REPLY, serve } from './lib/mini-server.mjs';
const total = Number(process.env.ENDLESS_MB ?? 100);
const chunk = Buffer.alloc(1024 * 1024, 0x78);
serve({
  'tools/call': (params, message) => {
    if (params?.name !== 'endless') return { content: [{ type: 'text', text: String(params?.arguments?.text ?? '') }] };
    process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"content":[{"type":"text","text":"`);
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        sent++;
        if (!process.stdout.write(chunk)) { process.stdout.once('drain', pump); return; }
      }
      process.stderr.write(`endless-line: wrote ${total} MiB without a newline\n`);
    };
    pump();
    return NO_REPLY;
  },
}, { name: 'endless-line', exitOnEof: true });
