// The logger contract (no dependency): structured, level-filtered, silent by default.
import { noRedaction, redactValue, type Redact } from '../protocol/redact.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Where mcp-bridge reports what it does. Fields never contain secrets (header or env values). */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const noop = (): void => {};

/** A logger that drops everything: the default, so a library never writes on its own. */
export const nullLogger: Logger = { debug: noop, info: noop, warn: noop, error: noop };

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * A logger writing one line per entry to a stream-like sink (default: stderr), at `level` and above.
 * @example createConsoleLogger('info')
 */
export function createConsoleLogger(level: LogLevel = 'info', write: (line: string) => void = (l) => process.stderr.write(l)): Logger {
  const make = (lv: LogLevel) =>
    RANK[lv] < RANK[level]
      ? noop
      : (message: string, fields?: Record<string, unknown>) => {
          const extra = fields && Object.keys(fields).length > 0 ? ' ' + safeJson(fields) : '';
          write(`[mcp-bridge] ${lv}: ${message}${extra}\n`);
        };
  return { debug: make('debug'), info: make('info'), warn: make('warn'), error: make('error') };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return '[unserialisable fields]';
  }
}

/**
 * A logger that masks every configured secret in the message and the fields before `logger` sees
 * them. The manager and the client wrap the user's logger with it, so no path logs a secret.
 */
export function redactingLogger(logger: Logger, redact: Redact): Logger {
  if (redact === noRedaction || logger === nullLogger) return logger;
  const wrap =
    (write: Logger['info']): Logger['info'] =>
    (message, fields) =>
      write(redact(message), fields === undefined ? undefined : redactValue(fields, redact));
  return {
    debug: wrap((m, f) => logger.debug(m, f)),
    info: wrap((m, f) => logger.info(m, f)),
    warn: wrap((m, f) => logger.warn(m, f)),
    error: wrap((m, f) => logger.error(m, f)),
  };
}
