// Errors of pinned tool definitions: a call refused because the tool changed since it was pinned,
// and a lock file that is missing where one is required, or cannot be used.
import { McpBridgeError } from '../../protocol/errors/base.js';

/** A call refused, nothing sent: the tool's definition differs from the lock file. */
export const TOOL_CHANGED = 'MCPB_TOOL_CHANGED';
/** The lock file cannot be read, is not JSON, or is not a lock file this version understands. */
export const PIN_LOCK_INVALID = 'MCPB_PIN_LOCK_INVALID';
/** A command needs the lock file and there is none. */
export const PIN_LOCK_MISSING = 'MCPB_PIN_LOCK_MISSING';

/** The command that approves a server's current definitions. */
export function approveCommand(server: string): string {
  return `mcp-bridge pin --update ${server}`;
}

/** A call to a tool whose definition changed since it was pinned (or that is not pinned, where that blocks). */
export class ToolChangedError extends McpBridgeError {
  constructor(
    readonly server: string,
    readonly tool: string,
    /** The kinds of change, e.g. `description`, `schema-narrowed`, `new`. */
    readonly kinds: readonly string[],
    /** What changed, one line each. */
    readonly details: readonly string[],
  ) {
    const what = details.length > 0 ? details.slice(0, 5).join('; ') + (details.length > 5 ? `; and ${details.length - 5} more` : '') : kinds.join(', ');
    const headline = kinds.includes('new') ? 'is not in the lock file' : `changed since it was pinned (${kinds.join(', ')})`;
    super(TOOL_CHANGED, `Tool "${tool}" of server "${server}" ${headline}: ${what}. The call was refused and nothing was sent`, {
      server,
      tool,
      kinds: [...kinds],
      hint: `review the change (mcp-bridge pin --check lists it), then approve it with: ${approveCommand(server)}`,
    });
  }
}

/** The lock file exists but cannot be used; nothing is trusted from it. */
export class PinLockError extends McpBridgeError {
  constructor(
    readonly file: string,
    problem: string,
    hint: string,
    options?: { cause?: unknown },
  ) {
    super(PIN_LOCK_INVALID, `Lock file ${file}: ${problem}`, { file, hint }, options);
  }
}

/** There is no lock file where a command needs one. */
export class PinLockMissingError extends McpBridgeError {
  constructor(readonly file: string) {
    super(PIN_LOCK_MISSING, `No lock file at ${file}`, { file, hint: 'write one with: mcp-bridge pin (it pins the tools every configured server offers now)' });
  }
}
