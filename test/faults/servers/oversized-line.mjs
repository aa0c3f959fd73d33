// Answers tools/call "big" with one line of OVER_MB MiB (head, filler, tail, newline), written in
// 1 MiB pieces, and "notify_big" with a notification line that size before a normal answer. Calls
// that arrive meanwhile are answered only after the line is complete, as a server that writes one
// message at a time does. "echo" works.
import { NO_REPLY, reply, serve } from './lib/mini-server.mjs';

const total = Number(process.env.OVER_MB ?? 12);
const chunk = Buffer.alloc(1024 * 1024, 0x78);
let idle = Promise.resolve();

/** Writes `head`, OVER_MB MiB of filler and `tail` + newline; resolves once all is flushed. */
function bigLine(head, tail) {
  return new Promise((resolve) => {
    process.stdout.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        sent++;
        if (!process.stdout.write(chunk)) return void process.stdout.once('drain', pump);
      }
      process.stdout.write(tail + '\n', () => resolve());
    };
    pump();
  });
}

serve(
  {
    'tools/call': (params, message) => {
      const text = (t) => ({ content: [{ type: 'text', text: t }] });
      if (params?.name === 'big') {
        idle = idle.then(() => bigLine(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"content":[{"type":"text","text":"`, '"}]}}'));
        return NO_REPLY;
      }
      if (params?.name === 'notify_big') {
        idle = idle
          .then(() => bigLine('{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"', '"}}'))
          .then(() => reply(message.id, text('after the big notification')));
        return NO_REPLY;
      }
      return idle.then(() => text(String(params?.arguments?.text ?? '')));
    },
  },
  { name: 'oversized-line' },
);
