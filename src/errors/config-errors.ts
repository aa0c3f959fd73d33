// The config error: every problem found in a config file as data (path, line, column, message,
// hint) plus a pretty multi-line message with a caret excerpt of each offending source line.

import { McpBridgeError } from '../../protocol/errors/base.js';

/** The config file failed validation or could not be parsed; see `issues`. */
export const CONFIG_INVALID = 'MCPB_CONFIG_INVALID';
/** The config file does not exist. */
export const CONFIG_NOT_FOUND = 'MCPB_CONFIG_NOT_FOUND';
/** The config file exists but could not be read (permissions, a directory, ...). */
export const CONFIG_UNREADABLE = 'MCPB_CONFIG_UNREADABLE';

/** One problem found in a config file. Never carries a header or env value. */
export interface ConfigIssue {
  /** Where in the document, e.g. `tools.mcp.servers[2].command` or `mcpServers.fs.url`; `''` for the whole file. */
  path: string;
  /** 1-based line in the source file, when known. */
  line?: number;
  /** 1-based column in the source file, when known. */
  column?: number;
  /** What is wrong. */
  message: string;
  /** What to write instead. */
  hint?: string;
}

/** Everything needed to build a {@link ConfigError}. */
export interface ConfigErrorInit {
  /** The config file as the user named it. */
  file: string;
  /** The problems, in source order. */
  issues?: ConfigIssue[];
  /**
   * The source text, with secret values already masked, used for caret excerpts.
   * Omit it and the message has no excerpts.
   */
  excerptSource?: string;
  /** Overrides the first line of the message. */
  summary?: string;
  /** A hint for the whole error (used when there are no issues). */
  hint?: string;
}

/**
 * A config file is missing, unreadable or invalid. `code` is {@link CONFIG_INVALID},
 * {@link CONFIG_NOT_FOUND} or {@link CONFIG_UNREADABLE}. For invalid files `issues` lists every
 * problem at once, so a user can fix them in one pass.
 */
export class ConfigError extends McpBridgeError {
  /** The config file as the user named it. */
  readonly file: string;
  /** Every problem found, in source order (empty for not-found and unreadable files). */
  readonly issues: ConfigIssue[];

  constructor(code: string, init: ConfigErrorInit, options?: { cause?: unknown }) {
    const issues = init.issues ?? [];
    const message = formatConfigMessage(init.file, issues, init.excerptSource, init.summary);
    super(code, message, { file: init.file, issues, ...(init.hint ? { hint: init.hint } : {}) }, options);
    this.file = init.file;
    this.issues = issues;
  }
}

/** Builds the multi-line message: a summary, then per issue `file:line:col path`, message, excerpt, hint. */
export function formatConfigMessage(file: string, issues: ConfigIssue[], source?: string, summary?: string): string {
  const head = summary ?? `Invalid config ${file}: ${issues.length} problem${issues.length === 1 ? '' : 's'}`;
  if (issues.length === 0) return head;
  const lines = source === undefined ? [] : source.split(/\r?\n/);
  const out = [head];
  for (const issue of issues) {
    const where = issue.line === undefined ? file : `${file}:${issue.line}${issue.column === undefined ? '' : `:${issue.column}`}`;
    out.push('', `${where}${issue.path ? ` ${issue.path}` : ''}`, `  ${issue.message}`);
    const excerpt = caretExcerpt(lines, issue.line, issue.column);
    if (excerpt) out.push(...excerpt);
    if (issue.hint) out.push(`  hint: ${issue.hint}`);
  }
  return out.join('\n');
}

function caretExcerpt(lines: string[], line: number | undefined, column: number | undefined): string[] | undefined {
  if (line === undefined || line < 1 || line > lines.length) return undefined;
  const text = lines[line - 1]!.replace(/\t/g, ' ');
  // Long lines (minified JSON) are shown as a window around the column, so the caret stays visible.
  const width = 100;
  const col = column !== undefined && column >= 1 && column <= text.length + 1 ? column : undefined;
  let start = 0;
  if (text.length > width) start = Math.max(0, Math.min((col ?? 1) - 1 - width / 2, text.length - width));
  const lead = start > 0 ? '...' : '';
  const tail = start + width < text.length ? '...' : '';
  const shown = `${lead}${text.slice(start, start + width)}${tail}`;
  const gutter = `  ${String(line).padStart(4)} | `;
  const out = [`${gutter}${shown}`];
  if (col !== undefined) out.push(`${' '.repeat(gutter.length - 2)}| ${' '.repeat(col - 1 - start + lead.length)}^`);
  return out;
}
