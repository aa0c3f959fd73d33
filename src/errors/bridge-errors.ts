// Errors of the tool bridge and registry: unknown tool, invalid arguments or output (with structured
// issues), unusable schema, name collision, failed call, unparseable provider tool call.

import { McpBridgeError } from '../../protocol/errors/base.js';

/** No tool with that exposed name is registered. */
export const TOOL_NOT_FOUND = 'MCPB_TOOL_NOT_FOUND';
/** The arguments do not match the tool's inputSchema; see `issues`. */
export const TOOL_INPUT_INVALID = 'MCPB_TOOL_INPUT_INVALID';
/** The tool's structuredContent does not match its outputSchema; see `issues`. */
export const TOOL_OUTPUT_INVALID = 'MCPB_TOOL_OUTPUT_INVALID';
/** A tool's inputSchema or outputSchema could not be compiled (unsupported dialect, too deep, broken). */
export const TOOL_SCHEMA_INVALID = 'MCPB_TOOL_SCHEMA_INVALID';
/** Two tools map to the same exposed name; the later one was not registered. */
export const TOOL_NAME_COLLISION = 'MCPB_TOOL_NAME_COLLISION';
/** The tool call itself failed (the server call or native handler threw, or the call was aborted). */
export const TOOL_CALL_FAILED = 'MCPB_TOOL_CALL_FAILED';
/** A provider tool call carried arguments that are not a JSON object. */
export const TOOL_ARGUMENTS_UNPARSEABLE = 'MCPB_TOOL_ARGUMENTS_UNPARSEABLE';
export const TOOL_CALL_MALFORMED = 'MCPB_TOOL_CALL_MALFORMED';
/** A caller or handler returned something that is not a CallToolResult. */
export const TOOL_RESULT_INVALID = 'MCPB_TOOL_RESULT_INVALID';

/** One schema-validation problem, located by JSON pointer into the validated value. */
export interface ValidationIssue {
  /** JSON pointer of the offending value, `''` for the whole value (e.g. `/edits/0/newText`). */
  path: string;
  /** Dotted field name for people and LLMs, `(root)` for the whole value (e.g. `edits[0].newText`). */
  field: string;
  /** The JSON Schema keyword that failed (`type`, `required`, `enum`, ...). */
  keyword: string;
  /** What is wrong, e.g. `must be integer`. */
  message: string;
  /** What was expected, when the keyword says (`integer`, `one of "a", "b"`, ...). */
  expected?: string;
  /** A short description of what was found instead (`string "10"`, `3 items`, ...). */
  received?: string;
}

/** Where a tool came from, for messages: an MCP server's tool or a native one. */
export interface ToolOrigin {
  /** Configured server name; absent for native tools. */
  server?: string;
  /** The tool's own name (the MCP name, or the native tool's name). */
  tool: string;
}

/** Human form of an origin: `tool "x" of server "s"` or `native tool "x"`. */
export function describeOrigin(origin: ToolOrigin): string {
  return origin.server === undefined ? `native tool "${origin.tool}"` : `tool "${origin.tool}" of server "${origin.server}"`;
}

/** No registered tool has this name; `suggestions` lists close names. */
export class ToolNotFoundError extends McpBridgeError {
  constructor(
    readonly toolName: string,
    readonly suggestions: string[],
  ) {
    super(TOOL_NOT_FOUND, `No tool named "${toolName}" is registered`, {
      tool: toolName,
      suggestions,
      hint: suggestions.length > 0 ? `did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : 'list the tools to see what is available',
    });
  }
}

/** The arguments (or output) failed the tool's schema; `issues` says where and why. */
export class ToolValidationError extends McpBridgeError {
  constructor(
    code: typeof TOOL_INPUT_INVALID | typeof TOOL_OUTPUT_INVALID,
    readonly toolName: string,
    readonly issues: ValidationIssue[],
    context: { server?: string } = {},
  ) {
    const what = code === TOOL_INPUT_INVALID ? 'arguments' : 'structured output';
    super(code, `Invalid ${what} for tool "${toolName}": ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`, {
      ...context,
      tool: toolName,
      issues,
      hint: code === TOOL_INPUT_INVALID ? 'fix the listed fields and call again' : 'the server broke its own outputSchema; report it to the server author',
    });
  }
}

/** A tool's schema could not be used for validation; the tool is still registered, unvalidated. */
export class ToolSchemaError extends McpBridgeError {
  constructor(
    readonly origin: ToolOrigin,
    readonly which: 'inputSchema' | 'outputSchema',
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(
      TOOL_SCHEMA_INVALID,
      `The ${which} of ${describeOrigin(origin)} cannot be used for validation: ${reason}`,
      {
        server: origin.server,
        tool: origin.tool,
        schema: which,
        hint: which === 'inputSchema' ? 'the tool stays callable; its arguments are sent unvalidated' : 'its structured output is passed on unchecked',
      },
      options,
    );
  }
}

/** Two tools wanted the same exposed name; the first stays, `rejected` was not registered. */
export class ToolNameCollisionError extends McpBridgeError {
  constructor(
    readonly exposedName: string,
    readonly kept: ToolOrigin,
    readonly rejected: ToolOrigin,
    readonly suggestedPrefix: string | undefined,
  ) {
    const hint =
      suggestedPrefix !== undefined
        ? `give server "${rejected.server}" a prefix such as "${suggestedPrefix}" to keep both`
        : rejected.server === undefined
          ? 'rename the native tool'
          : 'the server exposes two tools that differ only in characters LLM names cannot carry; allow-list one of them';
    super(TOOL_NAME_COLLISION, `Tool name "${exposedName}" is already taken by ${describeOrigin(kept)}; ${describeOrigin(rejected)} was not registered`, {
      tool: exposedName,
      kept,
      rejected,
      suggestedPrefix,
      hint,
    });
  }
}

/** The call failed before a result came back (server error, handler threw, aborted, timed out). */
export class ToolCallError extends McpBridgeError {
  constructor(
    readonly toolName: string,
    reason: string,
    context: { server?: string; causeCode?: string } = {},
    options?: { cause?: unknown },
  ) {
    super(TOOL_CALL_FAILED, `Tool "${toolName}" failed: ${reason}`, { ...context, tool: toolName }, options);
  }
}

/** A provider tool call's `arguments` were not a JSON object. */
export class ToolArgumentsError extends McpBridgeError {
  constructor(
    readonly toolName: string,
    reason: string,
  ) {
    super(TOOL_ARGUMENTS_UNPARSEABLE, `Arguments for tool "${toolName}" are not a JSON object: ${reason}`, {
      tool: toolName,
      hint: 'send the arguments as one JSON object',
    });
  }
}

/** A provider tool call too malformed to run: it names no tool, or is not an object at all. */
export class ToolCallMalformedError extends McpBridgeError {
  constructor(
    reason: string,
    readonly provider: string,
  ) {
    super(TOOL_CALL_MALFORMED, `The ${provider} tool call cannot be run: ${reason}`, {
      hint: 'pass the tool call item exactly as the model API returned it',
    });
  }
}

/** A caller or native handler returned something that is not a CallToolResult. */
export class ToolResultError extends McpBridgeError {
  constructor(
    readonly toolName: string,
    reason: string,
    context: { server?: string } = {},
  ) {
    super(TOOL_RESULT_INVALID, `Tool "${toolName}" returned an unusable result: ${reason}`, { ...context, tool: toolName });
  }
}
