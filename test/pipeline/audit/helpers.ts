// A tool call as the registry hands it to the pipeline, and results of each kind, for the audit tests.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { ToolDef, ToolResult } from '../../../src/bridge/types.js';
import type { CallEntry, ToolCall } from '../../../src/pipeline/types.js';

export function toolCall(args: Record<string, unknown>, over: { server?: string | null; tool?: string; name?: string; entry?: CallEntry } = {}): ToolCall {
  const tool = over.tool ?? 'echo';
  const server = over.server === null ? undefined : (over.server ?? 'everything');
  const name = over.name ?? `ev_${tool}`;
  const definition: ToolDef = {
    name,
    description: 'Echoes back the input',
    title: tool,
    params: [],
    inputSchema: { type: 'object' },
    originalName: tool,
    ...(server === undefined ? {} : { server }),
  };
  return {
    name,
    tool,
    ...(server === undefined ? {} : { server }),
    definition,
    arguments: args,
    context: {},
    entry: over.entry ?? 'registry',
    startedAt: performance.now(),
  };
}

/** A successful result, written by hand in the ToolResult shape. */
export function okResult(text = 'ok'): ToolResult {
  return { text, parts: [{ type: 'text', text }], isError: false, raw: { content: [{ type: 'text', text }] } };
}

/** The tool's own error (MCP `isError: true`), no bridge error. */
export function toolErrorResult(text = 'no such file'): ToolResult {
  return { text, parts: [{ type: 'text', text }], isError: true, raw: { content: [{ type: 'text', text }], isError: true } };
}

/** A bridge error result with `code` (a refusal or a failure). */
export function bridgeError(code: string, causeCode?: string): ToolResult {
  const text = `refused or failed: ${code}`;
  return {
    text,
    parts: [{ type: 'text', text }],
    isError: true,
    raw: { content: [{ type: 'text', text }], isError: true },
    error: { code, message: text, ...(causeCode ? { causeCode } : {}) },
  };
}

/** Every line of a JSONL file, parsed (a torn line fails the parse). */
export function readLines(file: string): Record<string, unknown>[] {
  const text = readFileSync(file, 'utf8');
  if (text === '') return [];
  if (!text.endsWith('\n')) throw new Error(`${file} does not end with a newline: a line was torn`);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
