// A server handle used directly (`manager.server(name).callTool(...)`) passes the same call
// pipeline as the registry's calls: pins, policy, audit and telemetry see it, and a refusal throws
// the step's error with nothing sent. Calls the registry makes through its own pipeline never meet
// this gate (they take `ServerHandle.callChecked`), so no call is checked twice.
import { McpBridgeError, type CallToolResult, type Tool } from '../../protocol/index.js';
import { convertResult, errorResult } from '../bridge/result.js';
import { toolDefFromMcp } from '../bridge/tool-def.js';
import type { ToolDef } from '../bridge/types.js';
import type { CallToolOptions } from '../client/client.js';
import type { ToolCall } from '../pipeline/types.js';
import type { ToolRegistry } from '../registry/registry.js';
import type { ToolCallGate } from './server-handle-options.js';

/** The gate of the handles and clients of one manager. */
export class CallGate {
  constructor(private readonly registry: ToolRegistry) {}

  /** The gate of one server's handle; `prefix` and `listed` build a definition for a tool the registry does not hold. */
  forServer(server: string, prefix: () => string, listed: () => readonly Tool[]): ToolCallGate {
    return (tool, args, options, send) => {
      const registry = this.registry;
      if (!registry.hasPipelineSteps()) return send(args, options);
      const definition = registry.findByOrigin(server, tool) ?? unregistered(server, tool, prefix(), listed());
      return this.run(registry, { server, tool, definition, args, options }, send);
    };
  }

  private async run(
    registry: ToolRegistry,
    c: { server: string; tool: string; definition: ToolDef; args: Record<string, unknown>; options: CallToolOptions },
    send: (args: Record<string, unknown>, options: CallToolOptions) => Promise<CallToolResult>,
  ): Promise<CallToolResult> {
    let failure: { error: unknown } | undefined;
    let sent = false;
    const call: ToolCall = {
      name: c.definition.name,
      server: c.server,
      tool: c.tool,
      definition: c.definition,
      arguments: c.args,
      context: { ...c.options, entry: 'server' },
      entry: 'server',
      startedAt: performance.now(),
    };
    const result = await registry.runPipeline(call, async (reached) => {
      sent = true;
      try {
        // The context is the caller's options with `entry` added, as a step left it.
        return convertResult(await send(reached.arguments, reached.context), { textBudget: Number.POSITIVE_INFINITY });
      } catch (error) {
        failure = { error };
        return errorResult({ code: codeOf(error) ?? 'MCPB_TOOL_CALL_FAILED', message: error instanceof Error ? error.message : String(error) });
      }
    });
    // A direct caller gets what the server's call would have given it: its own rejection, or the result.
    if (failure) throw failure.error;
    if (result.error && !sent) throw new McpBridgeError(result.error.code, result.error.message, { server: c.server, tool: c.tool, entry: 'server' });
    return result.raw;
  }
}

/**
 * The definition of a tool the registry does not hold (filtered out by `tools`/`excludeTools`, its
 * name taken, or not listed at all): built as the registry would, so the steps judge it by its
 * name, server and annotations; a tool the server does not list carries none (the spec's defaults).
 */
function unregistered(server: string, tool: string, prefix: string, listed: readonly Tool[]): ToolDef {
  return toolDefFromMcp(server, listed.find((t) => t.name === tool) ?? { name: tool, inputSchema: { type: 'object' } }, prefix);
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
