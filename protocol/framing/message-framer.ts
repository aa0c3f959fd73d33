// Lines → parsed JSON values: the step after line framing. Non-JSON lines (servers that log to
// stdout, STDIO-6) are reported and skipped, never fatal.
import { FramingError } from '../errors/protocol-errors.js';
import { createLineFramer, type LineFramer, type LineFramerOptions } from './line-framer.js';

export interface MessageFramerOptions {
  /**
   * Receives each parsed JSON value (classification is the session's job) and the length of the line
   * it was parsed from, in UTF-16 code units (a line no longer than `MAX_SHALLOW_TEXT_LENGTH` cannot
   * nest too deep to read).
   */
  onValue(value: unknown, textLength: number): void;
  /** Receives every line that could not be used. */
  onError(error: FramingError): void;
  maxMessageBytes?: number;
  /** See {@link LineFramerOptions.reusesBuffers}. @defaultValue true */
  reusesBuffers?: boolean;
}

/** A line framer whose lines are parsed as JSON. */
export function createMessageFramer(options: MessageFramerOptions): LineFramer {
  return createLineFramer({
    maxLineBytes: options.maxMessageBytes,
    reusesBuffers: options.reusesBuffers,
    onError: options.onError,
    onLine(line) {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        const excerpt = line.length > 200 ? line.slice(0, 200) + '…' : line;
        options.onError(new FramingError('not-json', `skipped a line that is not JSON: ${JSON.stringify(excerpt)}`, { bytes: line.length, excerpt }));
        return;
      }
      options.onValue(value, line.length);
    },
  });
}
