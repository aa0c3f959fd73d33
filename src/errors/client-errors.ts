// Failures raised by the client layer: a server that could not be brought up, a listing that
// never converged, a method the server never declared.
import { McpBridgeError } from '../../protocol/index.js';
import { indent } from './format.js';
import { lastLines } from './transport-errors.js';

/** How many stderr lines the first line of a start error quotes, and how much of them: one-line reports show only that line. */
const SUMMARY_LINES = 3;
const SUMMARY_CHARS = 300;

/**
 * The server did not declare the capability a method needs (e.g. `resources` for `resources/list`),
 * so the request was not sent: the caller gets this instead of the server's -32601.
 */
export class CapabilityMissingError extends McpBridgeError {
  constructor(ctx: { server?: string; method: string; capability: string }) {
    const who = ctx.server ? `server "${ctx.server}"` : 'the server';
    super('MCPB_CAPABILITY_MISSING', `${who} does not support ${ctx.method}: it declared no "${ctx.capability}" capability, so the request was not sent`, {
      ...ctx,
      hint: `check client.serverCapabilities before calling; this server does not offer ${ctx.capability.split('.')[0]}`,
    });
  }
}

/**
 * The server cancelled the task a request became (Tasks extension, SEP-2663) before it finished:
 * there is no result. Its status message, if any, says why.
 */
export class TaskCancelledError extends McpBridgeError {
  constructor(ctx: { server?: string; method: string; taskId: string }, statusMessage?: string) {
    const who = ctx.server ? `server "${ctx.server}"` : 'the server';
    super('MCPB_TASK_CANCELLED', `${ctx.method} to ${who} ran as task ${ctx.taskId}, which was cancelled${statusMessage ? `: ${statusMessage}` : ''}`, {
      ...ctx,
      hint: 'the task will not produce a result; call again if the work is still wanted',
    });
  }
}

/**
 * A skill (Skills extension, SEP-2640) failed verification: its entry cannot be loaded (malformed,
 * past the limits), or a file read for it does not match the entry (size, digest, frontmatter, or
 * a file the entry does not list). The content was not used; refresh the entry with `getSkill`
 * (the skill may have changed since it was listed) and load it again.
 */
export class SkillVerificationError extends McpBridgeError {
  constructor(ctx: { server?: string; skill: string; uri?: string }, reason: string) {
    const who = ctx.server ? `server "${ctx.server}"` : 'the server';
    super('MCPB_SKILL_UNVERIFIED', `skill ${ctx.skill} of ${who} was not loaded: ${reason}`, {
      ...ctx,
      hint: 'the skill may have changed since it was listed: fetch its entry again (getSkill) and reload it; if it still fails, the server serves content that does not match what it describes',
    });
  }
}

/**
 * The server answered -32042 (2025-11-25, ELICIT-11): the request needs the user to complete one or
 * more URL-mode elicitations first (open a URL, consent, sign in elsewhere). `elicitations` holds
 * them (`mode: 'url'`, `url`, `elicitationId`, `message`); the server's error is the `cause`.
 * Complete them and call again, or set the client's `onUrlElicitationRequired` hook to retry for you.
 */
export class UrlElicitationRequiredError extends McpBridgeError {
  readonly elicitations: { mode: 'url'; url: string; elicitationId: string; message: string; [key: string]: unknown }[];
  constructor(ctx: { server?: string; method: string }, elicitations: UrlElicitationRequiredError['elicitations'], cause: unknown) {
    const who = ctx.server ? `server "${ctx.server}"` : 'the server';
    const urls = elicitations.map((e) => e.url).join(', ');
    super(
      'MCPB_URL_ELICITATION_REQUIRED',
      `${who} needs ${elicitations.length === 1 ? 'a URL elicitation' : `${elicitations.length} URL elicitations`} completed before ${ctx.method} can proceed: ${urls}`,
      {
        ...ctx,
        elicitationIds: elicitations.map((e) => e.elicitationId),
        hint: 'show the user each URL (with its host) and get consent before opening it; then retry the request (or set onUrlElicitationRequired)',
      },
      { cause },
    );
    this.elicitations = elicitations;
  }
}

/**
 * The server could not be brought up: the process exited, or did not answer `initialize` within the
 * startup budget, or the handshake failed. The original failure is the `cause`.
 */
export class ServerStartError extends McpBridgeError {
  constructor(
    ctx: {
      server?: string;
      target?: string;
      transport: string;
      startupTimeoutMs: number;
      stderrTail?: string;
      exitCode?: number | null;
      signal?: string | null;
      skippedLines?: string[];
    },
    reason: string,
    hint: string,
    cause: unknown,
  ) {
    const who = ctx.server ? `server "${ctx.server}"` : 'the server';
    const skipped = ctx.skippedLines?.length ? `\nfirst lines on stdout that are not JSON-RPC:\n${indent(ctx.skippedLines.join('\n'))}` : '';
    super(
      'MCPB_SERVER_START_FAILED',
      `${who}${ctx.target ? ` (${ctx.target})` : ''} could not be started: ${reason}${stderrSummary(ctx)}${skipped}${stderrBlock(ctx.stderrTail)}`,
      { ...ctx, hint },
      { cause },
    );
  }
}

// The first line alone must say why (CLI one-liners, JSON error messages, a status line): the exit
// and the server's last words. The block below it is only for a longer tail.
function stderrSummary(ctx: { stderrTail?: string; exitCode?: number | null; signal?: string | null }): string {
  const summary = lastLines(ctx.stderrTail ?? '', SUMMARY_LINES, SUMMARY_CHARS);
  if (summary) return `; last stderr: ${summary}`;
  const exited = (ctx.exitCode !== undefined && ctx.exitCode !== null) || !!ctx.signal;
  return exited ? '; it wrote nothing to stderr' : '';
}

function stderrBlock(tail: string | undefined): string {
  const lines = (tail ?? '').split(/\r?\n/).filter((l) => l.trim() !== '');
  const quoted = lastLines(tail ?? '', SUMMARY_LINES, SUMMARY_CHARS);
  if (lines.length <= SUMMARY_LINES && !quoted.startsWith('…')) return '';
  return `\nlast stderr lines:\n${indent(tail!)}`;
}

/** A paginated listing did not converge: the server repeated a cursor, or sent too many pages (PAGE-7). */
export class PaginationError extends McpBridgeError {
  constructor(ctx: { server?: string; method: string; pages: number; cursor?: string }, problem: string) {
    super('MCPB_PAGINATION_LOOP', `${ctx.method}${ctx.server ? ` on server "${ctx.server}"` : ''} ${problem} after ${ctx.pages} pages`, {
      ...ctx,
      hint: 'this is a server bug; report it to the server authors',
    });
  }
}
