// HTTP-10..12 for the client: which listed tools can be called over modern HTTP (invalid
// `x-mcp-header` annotations leave a tool out, reported), and the `Mcp-Param-*` headers of a call.
import { paramHeaders, scanHeaderBindings, type HeaderBinding } from '../../protocol/http/header-bindings.js';
import type { Tool } from '../../protocol/index.js';
import { ToolHeaderInvalidError } from '../errors/era-errors.js';

/** The header bindings of the tools last listed, by tool name. */
export class ToolHeaders {
  private bindings = new Map<string, HeaderBinding[]>();

  /** Whether any listing has been seen (a call before one cannot know its headers). */
  get known(): boolean {
    return this.bindings.size > 0;
  }

  /** Keeps the tools whose annotations are valid; reports each one left out (HTTP-11). */
  filter(tools: Tool[], server: string | undefined, report: (error: ToolHeaderInvalidError) => void): Tool[] {
    const next = new Map<string, HeaderBinding[]>();
    const kept: Tool[] = [];
    for (const tool of tools) {
      const scan = scanHeaderBindings(tool.inputSchema);
      if (!scan.ok) {
        report(new ToolHeaderInvalidError({ server, tool: tool.name, reason: scan.reason }));
        continue;
      }
      next.set(tool.name, scan.bindings);
      kept.push(tool);
    }
    this.bindings = next;
    return kept;
  }

  /** The `Mcp-Param-*` headers of one call; `undefined` when the tool has none. */
  headersFor(tool: string, args: Record<string, unknown>): Record<string, string> | undefined {
    const bindings = this.bindings.get(tool);
    if (!bindings || bindings.length === 0) return undefined;
    return paramHeaders(bindings, args);
  }
}
