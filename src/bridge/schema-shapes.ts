// Small schema rewrites shared by the provider profiles: nullable unions, tuple items, object merges
// and a root that is always `{type: "object", properties}`. Each one records a note.
import type { JsonSchema } from '../../protocol/index.js';
import type { SchemaNote } from './types.js';

/** A schema node as plain JSON data. */
export type Node = Record<string, unknown>;

/**
 * Sets `key` as an own data property. Server-supplied names become keys here: a plain assignment
 * with `__proto__` would call the prototype setter and lose the property (issue 11, item 4).
 */
export function setOwn(target: Node, key: string, value: unknown): void {
  // defineProperty is several times slower than assignment, and only this one name needs it.
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** Whether `key` is an own property (never an inherited one such as `toString` or `constructor`). */
export function hasOwn(target: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(target, key);
}

/** True for a plain (non-array, non-null) object. */
export function isObject(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for `{type: "null"}` (and nothing else that constrains). */
export function isNullSchema(value: unknown): boolean {
  return isObject(value) && value.type === 'null' && Object.keys(value).every((k) => k === 'type' || k === 'description' || k === 'title');
}

/**
 * For `anyOf`/`oneOf` with exactly one non-null branch and one `{type:"null"}` branch, returns the
 * non-null branch merged with the node's other keywords; otherwise undefined.
 */
export function nullableUnion(node: Node): { key: 'anyOf' | 'oneOf'; inner: Node; rest: Node } | undefined {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (!Array.isArray(branches) || branches.length !== 2) continue;
    const nulls = branches.filter(isNullSchema);
    const others = branches.filter((b) => !isNullSchema(b));
    if (nulls.length !== 1 || others.length !== 1 || !isObject(others[0])) continue;
    const { [key]: _dropped, ...rest } = node;
    return { key, inner: others[0], rest };
  }
  return undefined;
}

/** Merges object schemas: union of properties (first definition wins), required = intersection or union. */
export function mergeObjects(branches: Node[], required: 'intersection' | 'union'): Node {
  const properties: Record<string, unknown> = {};
  for (const branch of branches) {
    if (isObject(branch.properties)) for (const [name, sub] of Object.entries(branch.properties)) if (!hasOwn(properties, name)) setOwn(properties, name, sub);
  }
  const lists = branches.map((b) => (Array.isArray(b.required) ? (b.required as string[]) : []));
  const req = required === 'union' ? [...new Set(lists.flat())] : (lists[0] ?? []).filter((name) => lists.every((list) => list.includes(name)));
  const merged: Node = { type: 'object', properties };
  if (req.length > 0) merged.required = req;
  const description = branches.map((b) => b.description).find((d) => typeof d === 'string');
  if (description !== undefined) merged.description = description;
  return merged;
}

/** True when every branch is (or looks like) an object schema. */
export function allObjects(branches: unknown[]): branches is Node[] {
  return branches.length > 0 && branches.every((b) => isObject(b) && (b.type === 'object' || (b.type === undefined && isObject(b.properties))));
}

/** Turns tuple forms (`items: [..]`, `prefixItems`) into one `items` schema. */
export function untuple(node: Node, path: string, notes: SchemaNote[]): void {
  const tuple = Array.isArray(node.items) ? node.items : Array.isArray(node.prefixItems) ? node.prefixItems : undefined;
  if (!tuple) return;
  const which = Array.isArray(node.items) ? 'items' : 'prefixItems';
  delete node.prefixItems;
  const distinct = [...new Map(tuple.map((t) => [JSON.stringify(t), t])).values()];
  node.items = distinct.length === 1 ? distinct[0] : distinct.length === 0 ? {} : { anyOf: distinct };
  notes.push({ path, change: `tuple ${which} turned into one items schema (positions are no longer enforced)` });
}

/** True when the node describes an array (its type is or includes `array`). */
export function isArrayType(node: Node): boolean {
  return node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array'));
}

/**
 * Makes the root `{type: "object", properties: {...}}`: merges a root union of objects, adds a
 * missing `type` or `properties`, and replaces a non-object root. `notes` says which.
 */
export function objectRoot(schema: Node, notes: SchemaNote[]): Node {
  let root = schema;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = root[key];
    if (!Array.isArray(branches) || isObject(root.properties)) continue;
    if (allObjects(branches)) {
      const { [key]: _dropped, ...rest } = root;
      root = { ...rest, ...mergeObjects(branches, key === 'allOf' ? 'union' : 'intersection') };
      notes.push({
        path: '#',
        change: `root ${key} of objects merged into one object (properties united, required ${key === 'allOf' ? 'united' : 'intersected'})`,
      });
    }
  }
  if (root.type === undefined && (isObject(root.properties) || Object.keys(root).length === 0)) {
    root = { type: 'object', ...root };
    notes.push({ path: '#', change: 'type "object" added at the root' });
  } else if (Array.isArray(root.type) && root.type.includes('object')) {
    root = { ...root, type: 'object' };
    notes.push({ path: '#', change: 'root type narrowed to "object"' });
  } else if (root.type !== 'object') {
    notes.push({ path: '#', change: `root was not an object schema (${JSON.stringify(root.type ?? null)}); replaced by an empty object schema` });
    const description = typeof root.description === 'string' ? { description: root.description } : {};
    return { type: 'object', ...description, properties: {} };
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'not', 'enum', 'const'] as const) {
    if (key in root) {
      delete root[key];
      notes.push({ path: '#', change: `root ${key} removed (providers reject it at the top level)` });
    }
  }
  if (!isObject(root.properties)) {
    root = { ...root, properties: {} };
    notes.push({ path: '#', change: 'empty properties added at the root' });
  }
  return root;
}

/** Copies a schema as plain JSON data (drops functions, undefined, symbols). */
export function cloneSchema(schema: JsonSchema): Node {
  return JSON.parse(JSON.stringify(schema ?? {})) as Node;
}
