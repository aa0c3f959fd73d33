// The audit step of the call pipeline: one JSONL line per call (when, which tool of which server,
// from which entry, what the policy decided, how it ended, how long it took, a digest of the
// arguments and the arguments as configured). It sits outside pins and policy, so the calls they
// refuse are logged too, and hears of the calls refused before the pipeline (`refusedEarly`).
// Writing never holds up or fails a call (see writer.ts).
import { createRedactor, noRedaction, type Redact } from '../../../protocol/redact.js';
import type { ToolResult } from '../../bridge/types.js';
import { AuditWriteError } from '../../errors/audit-errors.js';
import type { Logger } from '../../log.js';
import { notedDecision } from '../decision.js';
import type { EarlyRefusal, Interceptor, NextInterceptor, ToolCall } from '../types.js';
import { argsTexts, type AuditArgsMode } from './args.js';
import { auditLine } from './record.js';
import { AuditWriter } from './writer.js';
import { isAbsolute, resolve } from '../../util/node-path.js';

/** Options of {@link createAuditLog}. */
export interface AuditLogOptions {
  /** The JSONL file; a relative path is resolved against `baseDir`. */
  file: string;
  /**
   * What a line says of the arguments: `none` (the digest only), `redacted` (keys kept, secret-looking
   * values masked) or `full` (as the call gave them). Values of `secrets` are masked in every mode.
   * @defaultValue `'redacted'`
   */
  args?: AuditArgsMode;
  /** The file rotates (`file` → `file.1` …) before a line would take it past this many bytes. @defaultValue 10 MiB */
  maxBytes?: number;
  /** Rotated files kept: `file.1` (newest) to `file.<keep>`. @defaultValue 5 */
  keep?: number;
  /** Where a relative `file` lives. @defaultValue `process.cwd()` */
  baseDir?: string;
  /** Values never written, whatever `args` says (API keys, tokens the servers were configured with). */
  secrets?: readonly string[];
  /** Where a write failure is reported (once per run of failures); without one, a process warning. */
  logger?: Logger;
}

/** An audit log: the pipeline step, plus a way to wait for its lines. */
export interface AuditLog extends Interceptor {
  /** The absolute path of the file. */
  readonly file: string;
  /** Resolves when every line of the calls that ended so far is written (or reported lost). */
  flush(): Promise<void>;
  /** Writes what is queued, closes the file and stops watching for the process's exit. Lines of later calls are still written. */
  close(): Promise<void>;
}

/** Default size of the file before it rotates. */
export const DEFAULT_AUDIT_MAX_BYTES = 10 * 1024 * 1024;
/** Default count of rotated files kept. */
export const DEFAULT_AUDIT_KEEP = 5;

/**
 * An audit log as a call-pipeline step: one JSON line per call in `file`, rotated by size.
 *
 * @example
 * const audit = createAuditLog({ file: 'audit.jsonl', args: 'redacted' });
 * const registry = new Registry({ interceptors: [audit] });
 */
export function createAuditLog(options: AuditLogOptions): AuditLog {
  const file = isAbsolute(options.file) ? options.file : resolve(options.baseDir ?? process.cwd(), options.file);
  const mode = options.args ?? 'redacted';
  const keep = options.keep ?? DEFAULT_AUDIT_KEEP;
  const maxBytes = options.maxBytes ?? DEFAULT_AUDIT_MAX_BYTES;
  if (!['none', 'redacted', 'full'].includes(mode)) throw new TypeError(`createAuditLog: args must be none, redacted or full, got ${String(mode)}`);
  if (!Number.isSafeInteger(keep) || keep < 1) throw new TypeError(`createAuditLog: keep must be a whole number above zero, got ${keep}`);
  if (!(maxBytes > 0)) throw new TypeError(`createAuditLog: maxBytes must be above zero, got ${maxBytes}`);
  const redact: Redact = options.secrets?.length ? createRedactor(options.secrets, { urls: false }) : noRedaction;
  const writer = new AuditWriter({
    path: file,
    maxBytes,
    keep,
    onError: (cause) => report(new AuditWriteError(file, cause instanceof Error ? cause.message : String(cause), { cause }), options.logger),
  });
  // Loaded with the first audit log only: a process that audits nothing never loads node:crypto.
  const crypto = process.getBuiltinModule('node:crypto');
  // The one-shot hash (Node 20.12+) costs a third of a Hash object's create-update-digest.
  const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;
  const sha256 = oneShot ? (text: string) => oneShot('sha256', text, 'hex') : (text: string) => crypto.createHash('sha256').update(text).digest('hex');

  const record = (call: ToolCall | EarlyRefusal, args: unknown, startedAtMs: number, result: ToolResult, noted: string | undefined) => {
    try {
      const durationMs = performance.now() - call.startedAt;
      const texts = argsTexts(args, mode, redact);
      const line = auditLine(call, result, {
        startedAtMs,
        durationMs,
        argsSha256: sha256(texts.canonical),
        ...(texts.json === undefined ? {} : { argsJson: texts.json }),
        ...(noted === undefined ? {} : { policyDecision: noted }),
      });
      writer.append(redact === noRedaction ? line : redact(line));
    } catch (error) {
      // Arguments JSON cannot hold (a BigInt from a user interceptor): the call still goes on.
      report(
        new AuditWriteError(file, `a line could not be built for "${call.name}": ${error instanceof Error ? error.message : String(error)}`),
        options.logger,
      );
    }
  };

  return {
    name: 'audit',
    stage: 'audit',
    file,
    async intercept(call: ToolCall, next: NextInterceptor): Promise<ToolResult> {
      const startedAtMs = Date.now();
      // The arguments as they arrived: a later step may replace them.
      const args = call.arguments;
      let result: ToolResult;
      try {
        result = await next(call);
      } catch (error) {
        // A step broke the never-reject contract: the line still says the call failed, and why.
        const causeCode = (error as { code?: unknown } | undefined)?.code;
        record(call, args, startedAtMs, thrownResult(typeof causeCode === 'string' ? causeCode : undefined), notedDecision(call));
        throw error;
      }
      record(call, args, startedAtMs, result, notedDecision(call));
      return result;
    },
    // Unknown tools and invalid arguments never reach `intercept`: logged here, as refused (or failed, for an abort).
    refusedEarly(call: EarlyRefusal, result: ToolResult): void {
      record(call, call.arguments, Date.now(), result, undefined);
    },
    flush: () => writer.flush(),
    close: () => writer.close(),
  };
}

function thrownResult(causeCode: string | undefined): ToolResult {
  return {
    text: '',
    parts: [],
    isError: true,
    raw: { content: [], isError: true },
    error: { code: 'MCPB_TOOL_CALL_FAILED', message: 'a pipeline step threw', ...(causeCode === undefined ? {} : { causeCode }) },
  };
}

function report(error: AuditWriteError, logger: Logger | undefined): void {
  if (logger) logger.error(error.message, { code: error.code, file: error.file });
  else process.emitWarning(error.message, { code: error.code });
}
