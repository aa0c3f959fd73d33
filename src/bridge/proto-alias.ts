// ajv skips a property named `__proto__` (its `properties` code filters the name out), so such a
// property would go unvalidated. Before compiling, the name is swapped for an alias in the schema;
// before checking, in the value; issues are mapped back. Only schemas that use the name pay for it.
import type { ValidationIssue } from '../errors/bridge-errors.js';

const PROTO = '__proto__';
/** The stand-in name: a NUL byte keeps it from clashing with any real property name. */
const ALIAS = '__proto__\u0000mcpb';

/** Keywords whose value is a list of property names. */
const NAME_LISTS = new Set(['required']);

/** Whether any object in `value` has an own `__proto__` key. */
export function usesProtoKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, PROTO)) return true;
    for (const child of Object.values(node)) if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return false;
}

/** A copy of a schema with every `__proto__` key (and `__proto__` in `required` / `dependentRequired`) aliased. */
export function aliasSchema(schema: unknown, parentKey = ''): unknown {
  if (Array.isArray(schema)) {
    return schema.map((item) => (NAME_LISTS.has(parentKey) && item === PROTO ? ALIAS : aliasSchema(item)));
  }
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    // Data keywords hold instance values, which are aliased too (a `const` object must still match).
    Object.defineProperty(out, key === PROTO ? ALIAS : key, {
      value: aliasSchema(value, parentKey === 'dependentRequired' ? 'required' : key),
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return out;
}

/** A copy of a value with every own `__proto__` key aliased (the value itself is never changed). */
export function aliasValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(aliasValue);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    Object.defineProperty(out, key === PROTO ? ALIAS : key, { value: aliasValue(child), writable: true, enumerable: true, configurable: true });
  }
  return out;
}

/** Issues with the alias turned back into `__proto__`. */
export function unaliasIssues(issues: ValidationIssue[]): ValidationIssue[] {
  const fix = (text: string): string => text.split(ALIAS).join(PROTO);
  return issues.map((issue) => {
    const out: ValidationIssue = { ...issue, path: fix(issue.path), field: fix(issue.field), message: fix(issue.message) };
    if (issue.expected !== undefined) out.expected = fix(issue.expected);
    if (issue.received !== undefined) out.received = fix(issue.received);
    return out;
  });
}
