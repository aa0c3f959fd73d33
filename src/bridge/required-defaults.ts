// Required properties that declare a `default`: a server that lists a property as required and
// gives it a default (Supabase's list_tables: `schemas`, `verbose`) fills it in itself, and the
// SDK client sends such calls as they are. Refusing them before sending would fail calls that
// work everywhere else, so the declared default is put into the arguments before validation and
// sent. Only missing *required* properties are filled: an optional one is left to the server, so
// a call that was valid before is sent exactly as it was. Pure; the caller's object is never changed.
import type { JsonSchema } from '../../protocol/index.js';
import { resolveLocalRef } from './schema-refs.js';

/** What to fill in an object: required keys with a default, and plans for nested object properties. */
export interface DefaultPlan {
  fill: ReadonlyArray<readonly [key: string, value: unknown]>;
  nested: ReadonlyArray<readonly [key: string, plan: DefaultPlan]>;
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const MAX_DEPTH = 8;

/** The plan for a tool's input schema, or undefined when it declares no default on a required property (the common case). */
export function requiredDefaultsPlan(schema: JsonSchema): DefaultPlan | undefined {
  return planFor(schema, schema, 0);
}

function planFor(node: unknown, root: unknown, depth: number): DefaultPlan | undefined {
  const target = isNode(node) && typeof node.$ref === 'string' ? resolveLocalRef(root, node.$ref) : node;
  if (!isNode(target) || depth > MAX_DEPTH || !isNode(target.properties)) return undefined;
  const properties = target.properties;
  const required = Array.isArray(target.required) ? target.required.filter((k): k is string => typeof k === 'string') : [];
  const fill: Array<readonly [string, unknown]> = [];
  for (const key of required) {
    if (!Object.hasOwn(properties, key)) continue;
    const prop = properties[key];
    const resolved = isNode(prop) && typeof prop.$ref === 'string' && !('default' in prop) ? resolveLocalRef(root, prop.$ref) : prop;
    if (isNode(resolved) && Object.hasOwn(resolved, 'default')) fill.push([key, resolved.default]);
  }
  const nested: Array<readonly [string, DefaultPlan]> = [];
  for (const [key, prop] of Object.entries(properties)) {
    const plan = planFor(prop, root, depth + 1);
    if (plan) nested.push([key, plan]);
  }
  return fill.length > 0 || nested.length > 0 ? { fill, nested } : undefined;
}

/** `args` with the plan's defaults filled where missing: a copy when anything was filled, `args` itself otherwise. */
export function fillRequiredDefaults(args: Record<string, unknown>, plan: DefaultPlan | undefined): Record<string, unknown> {
  if (!plan) return args;
  let out: Record<string, unknown> | undefined;
  const write = (key: string, value: unknown) => {
    out ??= { ...args };
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  };
  for (const [key, value] of plan.fill) if (!Object.hasOwn(args, key)) write(key, structuredClone(value));
  for (const [key, sub] of plan.nested) {
    const current = Object.hasOwn(args, key) ? args[key] : undefined;
    if (!isNode(current)) continue;
    const filled = fillRequiredDefaults(current, sub);
    if (filled !== current) write(key, filled);
  }
  return out ?? args;
}
