// Local failures of the 2026-07-28 request path: multi-round-trip input the client cannot give,
// and tools whose header annotations cannot be honoured.
import { McpBridgeError } from '../../protocol/index.js';

const HOOK: Record<string, string> = { 'elicitation/create': 'onElicitation', 'sampling/createMessage': 'onSampling', 'roots/list': 'roots' };

/** The server asked for input (MRTR) of a kind no hook answers; nothing more was sent. */
export class InputHandlerMissingError extends McpBridgeError {
  constructor(ctx: { server?: string; method: string; inputMethod: string; key: string }) {
    const hook = HOOK[ctx.inputMethod];
    super(
      'MCPB_INPUT_HANDLER_MISSING',
      `${ctx.method}${ctx.server ? ` to server "${ctx.server}"` : ''} needs input the client cannot give: ${ctx.inputMethod} (request "${ctx.key}")`,
      {
        ...ctx,
        hint: hook ? `pass ${hook} in the client options to answer ${ctx.inputMethod}` : `${ctx.inputMethod} is not an input kind mcp-bridge answers`,
      },
    );
  }
}

/** A hook failed (or refused) to answer an input request; the request was not retried. */
export class InputRequestFailedError extends McpBridgeError {
  constructor(ctx: { server?: string; method: string; inputMethod: string; key: string }, problem: string) {
    super(
      'MCPB_INPUT_REQUEST_FAILED',
      `${ctx.method}${ctx.server ? ` to server "${ctx.server}"` : ''}: answering ${ctx.inputMethod} (request "${ctx.key}") failed: ${problem}`,
      { ...ctx },
    );
  }
}

/** MRTR-6: the server kept asking for input beyond the round cap. */
export class InputRoundsExceededError extends McpBridgeError {
  constructor(ctx: { server?: string; method: string; rounds: number }) {
    super('MCPB_INPUT_REQUIRED_ROUNDS', `${ctx.method}${ctx.server ? ` to server "${ctx.server}"` : ''} still asked for input after ${ctx.rounds} rounds`, {
      ...ctx,
      hint: 'the server may be asking again because an answer was declined; raise maxInputRounds if it legitimately needs more',
    });
  }
}

/** HTTP-11: a tool's `x-mcp-header` annotations break the rules; it is left out of the tool list. */
export class ToolHeaderInvalidError extends McpBridgeError {
  constructor(ctx: { server?: string; tool: string; reason: string }) {
    super('MCPB_TOOL_HEADER_INVALID', `tool "${ctx.tool}"${ctx.server ? ` of server "${ctx.server}"` : ''} is left out: ${ctx.reason}`, {
      ...ctx,
      method: 'tools/list',
      hint: 'the server must fix the x-mcp-header annotations of this tool (HTTP-11)',
    });
  }
}
