// CallToolResult → ToolResult: every content type converted (binary summarised in the text, kept in
// parts), structuredContent without duplication (TOOLS-9), output-schema check skipped for isError
// results, text trimmed to a budget with a note; the raw result always kept.
import type { CallToolResult } from '../../protocol/index.js';
import { TOOL_OUTPUT_INVALID, type ValidationIssue } from '../errors/bridge-errors.js';
import { formatIssues } from './validation-issues.js';
import type { ResultPart, ToolResult } from './types.js';

/** Default LLM text budget per result, in characters. */
export const DEFAULT_TEXT_BUDGET = 100_000;

/** How to convert one result. */
export interface ConvertResultOptions {
  /** Most characters of `text` (default {@link DEFAULT_TEXT_BUDGET}); the full result stays in `raw`. */
  textBudget?: number;
  /** The tool declares an outputSchema (then missing structuredContent is worth a warning). */
  hasOutputSchema?: boolean;
  /** Checks structuredContent against the outputSchema; returns the issues (empty when valid). */
  checkOutput?: (structured: unknown) => ValidationIssue[];
  /** Turn a failed output check into an error result instead of a warning (default false). */
  strictOutput?: boolean;
}

/** Converts a tool result for the LLM; never throws on unknown or malformed blocks. */
export function convertResult(raw: CallToolResult, options: ConvertResultOptions = {}): ToolResult {
  const warnings: string[] = [];
  const blocks: unknown[] = Array.isArray(raw.content) ? raw.content : [];
  if (!Array.isArray(raw.content)) warnings.push('result has no content array');
  const parts = blocks.map(toPart);
  const lines = parts.map(partText);
  let isError = raw.isError === true;
  const result: Partial<ToolResult> = {};

  if (raw.structuredContent !== undefined) {
    result.structured = raw.structuredContent;
    // Servers should also send the JSON as text; only when they did not is it rendered (TOOLS-9).
    if (!parts.some((p) => p.type === 'text' || p.type === 'resource')) lines.push(structuredText(raw.structuredContent, parts));
  }

  // Error results often carry no structuredContent; checking them would hide the real error (peers #27).
  if (!isError && options.hasOutputSchema) {
    let issues: ValidationIssue[] = [];
    let problem: string | undefined;
    if (raw.structuredContent === undefined) problem = 'the tool declares an outputSchema but returned no structuredContent';
    else if (options.checkOutput) {
      issues = options.checkOutput(raw.structuredContent);
      if (issues.length > 0) problem = `structuredContent does not match the outputSchema:\n${formatIssues(issues)}`;
    }
    if (problem !== undefined) {
      warnings.push(problem);
      if (options.strictOutput) {
        isError = true;
        lines.unshift(`[error: ${problem}]`);
        result.error = { code: TOOL_OUTPUT_INVALID, message: problem, ...(issues.length > 0 ? { issues } : {}) };
      }
    }
  }

  let text = lines.join('\n');
  const budget = options.textBudget ?? DEFAULT_TEXT_BUDGET;
  if (text.length > budget) {
    const originalChars = text.length;
    let cut = Math.max(0, budget);
    if (cut > 0 && /[\uD800-\uDBFF]/.test(text[cut - 1]!)) cut -= 1;
    text = `${text.slice(0, cut)}\n[truncated: showing the first ${cut} of ${originalChars} characters; the full result is kept by the host]`;
    result.truncated = { budget, originalChars, shownChars: cut };
  }
  return { text, parts, isError, ...result, ...(warnings.length > 0 ? { warnings } : {}), raw };
}

// The JSON of structuredContent for the LLM, with binary payloads (a base64 copy of an image block,
// or any long base64 string) summarised: the model must not get the same bytes twice, as text.
function structuredText(value: unknown, parts: ResultPart[]): string {
  const binary = new Set<string>();
  for (const p of parts) if (p.type === 'image' || p.type === 'audio' || p.type === 'blob') binary.add(p.data);
  return safeJson(value, (_key, v) => {
    if (typeof v !== 'string' || v.length < 256) return v;
    if (binary.has(v)) return `[base64 data, ${formatBytes(base64Bytes(v))}, same as the binary part above]`;
    return BASE64.test(v) ? `[base64 data, ${formatBytes(base64Bytes(v))}]` : v;
  });
}

const BASE64 = /^[A-Za-z0-9+/\r\n]+={0,2}$/;

function toPart(block: unknown): ResultPart {
  if (typeof block !== 'object' || block === null) return { type: 'unknown', blockType: typeof block, block };
  const b = block as Record<string, unknown>;
  const str = (v: unknown): v is string => typeof v === 'string';
  switch (b.type) {
    case 'text':
      if (str(b.text)) return { type: 'text', text: b.text };
      break;
    case 'image':
    case 'audio':
      if (str(b.data)) return { type: b.type, mimeType: str(b.mimeType) ? b.mimeType : 'application/octet-stream', data: b.data, bytes: base64Bytes(b.data) };
      break;
    case 'resource_link':
      if (str(b.uri)) {
        const link: ResultPart = { type: 'resource_link', uri: b.uri, name: str(b.name) ? b.name : b.uri };
        if (str(b.title)) link.title = b.title;
        if (str(b.description)) link.description = b.description;
        if (str(b.mimeType)) link.mimeType = b.mimeType;
        if (typeof b.size === 'number') link.size = b.size;
        return link;
      }
      break;
    case 'resource': {
      const r = b.resource as Record<string, unknown> | undefined;
      if (!r || !str(r.uri)) break;
      const mime = str(r.mimeType) ? { mimeType: r.mimeType } : {};
      if (str(r.text)) return { type: 'resource', uri: r.uri, ...mime, text: r.text };
      if (str(r.blob)) return { type: 'blob', uri: r.uri, ...mime, data: r.blob, bytes: base64Bytes(r.blob) };
      break;
    }
  }
  return { type: 'unknown', blockType: str(b.type) ? b.type : typeof b.type, block };
}

/** The text an LLM gets for one part: the text itself, or a one-line summary of binary and links. */
export function partText(part: ResultPart): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'image':
    case 'audio':
      return `[${part.type}: ${part.mimeType}, ${formatBytes(part.bytes)}]`;
    case 'resource_link': {
      const details = [part.mimeType, part.size === undefined ? undefined : formatBytes(part.size)].filter(Boolean).join(', ');
      const head = `[resource link: ${part.title ?? part.name} <${part.uri}>${details ? `, ${details}` : ''}]`;
      return part.description ? `${head}\n${part.description}` : head;
    }
    case 'resource':
      return `[resource: ${part.uri}${part.mimeType ? `, ${part.mimeType}` : ''}]\n${part.text}`;
    case 'blob':
      return `[resource: ${part.uri}, ${part.mimeType ?? 'binary'}, ${formatBytes(part.bytes)}]`;
    case 'unknown':
      return `[content of type "${part.blockType}" not shown]`;
  }
}

/** Decoded size of base64 text, without decoding it. */
export function base64Bytes(data: string): number {
  const clean = data.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** `512 B`, `12.3 KB`, `4.0 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function safeJson(value: unknown, replacer?: (key: string, value: unknown) => unknown): string {
  try {
    return JSON.stringify(value, replacer) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A ToolResult for an error the bridge produced itself (nothing or nothing usable came back from the tool). */
export function errorResult(
  error: { code: string; message: string; issues?: ValidationIssue[]; context?: Readonly<Record<string, unknown>> },
  text: string = error.message,
): ToolResult {
  const causeCode = error.context?.causeCode;
  const raw: CallToolResult = { content: [{ type: 'text', text }], isError: true };
  return {
    text,
    parts: [{ type: 'text', text }],
    isError: true,
    raw,
    error: {
      code: error.code,
      message: error.message,
      ...(error.issues && error.issues.length > 0 ? { issues: error.issues } : {}),
      ...(typeof causeCode === 'string' ? { causeCode } : {}),
    },
  };
}
