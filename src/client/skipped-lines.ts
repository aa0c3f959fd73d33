// The first stdout lines a server wrote that were not JSON-RPC, kept by every connection while it
// connects: a start error (start-error.ts) quotes them.
import type { McpBridgeError, McpError } from '../../protocol/index.js';

/** How many skipped stdout lines (banners, logs: the usual cause of a silent start) a start error quotes, and how much of each. */
export const SKIPPED_LINES_KEPT = 5;
export const SKIPPED_LINE_CHARS = 200;

/** The first lines the server sent that were not JSON-RPC, bounded, quoted by a start error. */
export class SkippedLines {
  readonly lines: string[] = [];

  /** Keeps the excerpt of a framing or invalid-message error, while the client is still connecting. */
  keep(error: McpBridgeError | McpError): void {
    if (this.lines.length >= SKIPPED_LINES_KEPT) return;
    if (error.code !== 'MCPB_FRAMING' && error.code !== 'MCPB_INVALID_MESSAGE') return;
    const context = (error as McpBridgeError).context;
    if (context.reason === 'too-large') return;
    const line = String(context.excerpt ?? '').trim();
    if (line !== '') this.lines.push(line.length > SKIPPED_LINE_CHARS ? `${line.slice(0, SKIPPED_LINE_CHARS)}…` : line);
  }
}
