// Message → one newline-terminated line. JSON.stringify never emits raw newlines (they are escaped
// inside strings), so no further guard is needed for STDIO-2.
import type { JsonRpcMessage } from './messages.js';

/** Serialises one message as a single line terminated by `\n` (STDIO-2, STDIO-3). */
export function encodeLine(message: JsonRpcMessage): string {
  return JSON.stringify(message) + '\n';
}
