// Every piece of text of a tool definition the model reads: name, title, description, and inside the
// input and output schemas every description, title, default, enum and const value, example and
// property name ("full-schema poisoning" hides instructions in any of them).
import type { Tool } from '../../../protocol/index.js';
import type { ToolText } from './types.js';

// Structural keywords whose strings are syntax, not prose: a `$ref` or a `pattern` is never read as an instruction.
const SYNTAX_KEYS = new Set(['$schema', '$id', '$ref', '$anchor', '$dynamicRef', 'pattern', 'format', 'contentMediaType', 'contentEncoding']);
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const MAX_DEPTH = 24;
const MAX_TEXTS = 5_000;

/** The texts of `tool`, each with where it sits. */
export function toolTexts(tool: Tool): ToolText[] {
  const out: ToolText[] = [{ where: 'name', text: tool.name, name: true }];
  if (typeof tool.title === 'string') out.push({ where: 'title', text: tool.title });
  if (typeof tool.description === 'string') out.push({ where: 'description', text: tool.description });
  const annotationTitle = tool.annotations?.title;
  if (typeof annotationTitle === 'string') out.push({ where: 'annotations.title', text: annotationTitle });
  walk(tool.inputSchema, 'inputSchema', out, 0);
  if (tool.outputSchema !== undefined) walk(tool.outputSchema, 'outputSchema', out, 0);
  return out;
}

function walk(node: unknown, where: string, out: ToolText[], depth: number): void {
  if (depth > MAX_DEPTH || out.length > MAX_TEXTS) return;
  if (typeof node === 'string') {
    out.push({ where, text: node });
    return;
  }
  if (Array.isArray(node)) {
    node.forEach((item, i) => walk(item, `${where}[${i}]`, out, depth + 1));
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const at = `${where}.${key}`;
    if (SYNTAX_KEYS.has(key)) continue;
    // A `type` is syntax while it names a JSON type; anything else there is text the model reads.
    if (key === 'type' && (typeof value === 'string' ? JSON_TYPES.has(value) : Array.isArray(value) && value.every((t) => JSON_TYPES.has(t)))) continue;
    if (key === 'required' && Array.isArray(value)) continue;
    if ((key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions') && isRecord(value)) {
      for (const [name, sub] of Object.entries(value)) {
        if (key === 'properties') out.push({ where: `${at}.${name}`, text: name, name: true });
        walk(sub, `${at}.${name}`, out, depth + 1);
      }
      continue;
    }
    walk(value, at, out, depth + 1);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A name read as words: `content_from_reading_ssh_id_rsa` → `content from reading ssh id rsa`, `sendEmail` → `send Email`. */
export function nameWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim();
}
