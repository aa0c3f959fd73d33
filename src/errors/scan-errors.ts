// The scanner's refusal: a call to a tool whose definition has a high finding, under `scan: block`.
import { McpBridgeError } from '../../protocol/errors/base.js';

/** A call was refused because the scanner flagged the tool's definition. */
export const TOOL_FLAGGED = 'MCPB_TOOL_FLAGGED';

/** What the refusal says about one finding (the scanner's own finding shape, without server and tool). */
export interface FlaggedFinding {
  rule: string;
  severity: string;
  excerpt: string;
}

/** The scanner found a high-severity problem in the tool's definition; nothing was sent. */
export class ToolFlaggedError extends McpBridgeError {
  constructor(
    readonly server: string,
    readonly toolName: string,
    readonly findings: readonly FlaggedFinding[],
  ) {
    const first = findings[0];
    const what = first ? `${first.rule}: ${first.excerpt}` : 'a high finding';
    super(TOOL_FLAGGED, `Tool "${toolName}" of server "${server}" was not called: its definition was flagged by the scanner (${what})`, {
      server,
      tool: toolName,
      rules: findings.map((f) => f.rule),
      hint: 'review it with `mcp-bridge scan`; if the server is trusted, set tools.mcp.scan to warn (or remove the server from the config)',
    });
  }
}
