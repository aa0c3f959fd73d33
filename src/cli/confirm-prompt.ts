// `mcp-bridge call` and a tool the policy says to confirm: asked on the terminal ("Run X on S with
// {...}? [y/N]"), answered yes by --yes, and refused when there is no terminal to ask on. The
// question shows what would be sent; the server is never asked to stand in for the user.
import type { ToolCall } from '../pipeline/types.js';
import type { CliIo } from './io.js';

/** The longest argument summary the question shows. */
const SUMMARY_CHARS = 200;

/** What the policy hands the CLI's hook: the call, and the rule that asked. */
export type CliConfirm = (call: ToolCall, decision: { rule?: number; reason?: string }) => Promise<boolean>;

/**
 * The confirm hook of one CLI call: `yes` confirms without asking; a terminal (`io.promptInput`)
 * gets the question and only `y` or `yes` confirms; without either it refuses, saying why.
 */
export function cliConfirm(io: Pick<CliIo, 'promptInput'>, yes: boolean): CliConfirm {
  if (yes) return async () => true;
  const prompt = io.promptInput;
  if (!prompt) {
    return async () => {
      throw new Error('there is no terminal to ask on (stdin or stderr is not a terminal); pass --yes to confirm it without asking');
    };
  }
  return async (call, decision) => isYes(await prompt(confirmQuestion(call, decision.reason), false));
}

/** `Run fs_write_file on fs with {"path":"a.txt"}? (writes need a human) [y/N] ` */
export function confirmQuestion(call: Pick<ToolCall, 'name' | 'server' | 'arguments'>, reason?: string): string {
  const on = call.server !== undefined ? ` on ${call.server}` : '';
  return `Run ${call.name}${on} with ${summarize(call.arguments)}?${reason !== undefined ? ` (${oneLine(reason)})` : ''} [y/N] `;
}

/** Only an explicit yes confirms; Enter alone is the default, no. */
export function isYes(answer: string): boolean {
  return /^\s*y(es)?\s*$/i.test(answer);
}

// JSON escapes control characters, so no argument can move the cursor or rewrite the question.
function summarize(args: Record<string, unknown>): string {
  let text: string;
  try {
    text = JSON.stringify(args) ?? '{}';
  } catch {
    text = '{…}';
  }
  return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1)}… (${text.length} characters)` : text;
}

function oneLine(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
