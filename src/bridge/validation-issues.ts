// Validator errors → located ValidationIssues, and the readable text an LLM gets back for them.
import type { ValidationIssue } from '../errors/bridge-errors.js';

/** The subset of an ajv error object this module reads (kept local so only validate.ts imports ajv). */
export interface RawValidatorError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  data?: unknown;
  parentSchema?: unknown;
}

/** Most issues reported for one value; the rest are counted. */
export const MAX_ISSUES = 20;

/** `/edits/0/newText` → `edits[0].newText`; `''` → `(root)`. */
export function fieldOf(path: string): string {
  if (path === '') return '(root)';
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, seg) => (/^\d+$/.test(seg) ? `${out}[${seg}]` : out === '' ? seg : `${out}.${seg}`), '');
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A short description of a value: `string "10"`, `number 3`, `array of 2`, `object`, `null`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `array of ${value.length}`;
  if (typeof value === 'string') return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value;
}

/** Converts validator errors into issues: located, deduplicated, capped at {@link MAX_ISSUES}. */
export function toIssues(errors: readonly RawValidatorError[]): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const issue = toIssue(e);
    const key = `${issue.path}\u0000${issue.keyword}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(issue);
    if (out.length >= MAX_ISSUES) break;
  }
  return out;
}

function toIssue(e: RawValidatorError): ValidationIssue {
  const p = e.params;
  let path = e.instancePath;
  let message = e.message ?? `fails ${e.keyword}`;
  let expected: string | undefined;
  let received: string | undefined = 'data' in e ? describeValue(e.data) : undefined;
  switch (e.keyword) {
    case 'required': {
      const missing = String(p.missingProperty);
      path = `${path}/${escape(missing)}`;
      message = 'is required but missing';
      received = undefined;
      const props = (e.parentSchema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
      const type = props && Object.prototype.hasOwnProperty.call(props, missing) ? props[missing]?.type : undefined;
      if (type !== undefined) expected = Array.isArray(type) ? type.join(' or ') : String(type);
      break;
    }
    case 'additionalProperties':
    case 'unevaluatedProperties':
      path = `${path}/${escape(String(p.additionalProperty ?? p.unevaluatedProperty))}`;
      message = 'is not an allowed property';
      received = undefined;
      break;
    case 'type':
      expected = Array.isArray(p.type) ? p.type.join(' or ') : String(p.type);
      break;
    case 'enum':
      expected = `one of ${((p.allowedValues as unknown[]) ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
      break;
    case 'const':
      expected = JSON.stringify(p.allowedValue);
      break;
    default:
      if (typeof p.comparison === 'string' && p.limit !== undefined) expected = `${p.comparison} ${String(p.limit)}`;
      else if (typeof p.limit === 'number') expected = `limit ${p.limit}`;
      else if (typeof p.pattern === 'string') expected = `matching /${p.pattern}/`;
  }
  const issue: ValidationIssue = { path, field: fieldOf(path), keyword: e.keyword, message };
  if (expected !== undefined) issue.expected = expected;
  if (received !== undefined) issue.received = received;
  return issue;
}

/** One line per issue: `- edits[0].newText: must be string (expected string, got number 3)`. */
export function formatIssues(issues: readonly ValidationIssue[]): string {
  return issues
    .map((i) => {
      const extra = [i.expected !== undefined ? `expected ${i.expected}` : '', i.received !== undefined ? `got ${i.received}` : ''].filter(Boolean).join(', ');
      return `- ${i.field}: ${i.message}${extra ? ` (${extra})` : ''}`;
    })
    .join('\n');
}

/** The full text an LLM gets for rejected arguments: what is wrong, per field, and what to do. */
export function invalidArgumentsText(toolName: string, issues: readonly ValidationIssue[]): string {
  return `Invalid arguments for tool "${toolName}" (${issues.length} problem${issues.length === 1 ? '' : 's'}); nothing was sent:\n${formatIssues(issues)}\nFix these fields and call the tool again.`;
}
