// Options passed in code that cannot work (a URL that does not parse, an unknown transport, a header
// value that is not text): one coded error naming the option, the value's problem and the fix, so
// the library's callers match on `code` as they do for every other failure.
import { McpBridgeError } from '../../protocol/errors/base.js';

/** The code of {@link InvalidOptionsError}, in the catalogue. */
export const INVALID_OPTIONS = 'MCPB_INVALID_OPTIONS';

/** What {@link InvalidOptionsError} reports. */
export interface InvalidOptionsInit {
  /** The option, as the caller spelt it (`url`, `transport`, `headers.Authorization`, `reconnect.maxAttempts`). */
  option: string;
  /** Who reads the option (`HTTP transport`, `replaceServerTools`), for the message. */
  where: string;
  /** What is wrong with the value, never the value itself when it may be a secret. */
  problem: string;
  /** What to pass instead. */
  hint: string;
  server?: string;
}

/** An option passed in code is invalid. `context.option` names it. */
export class InvalidOptionsError extends McpBridgeError {
  constructor(init: InvalidOptionsInit) {
    super(INVALID_OPTIONS, `${init.server ? `server "${init.server}": ` : ''}${init.where} option ${init.option} ${init.problem}`, {
      server: init.server,
      option: init.option,
      hint: init.hint,
    });
  }
}
