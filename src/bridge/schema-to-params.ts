// inputSchema → a flat, typed parameter summary (name, type, description, required, enum, nested
// items/properties) for agents that describe tools themselves; local $refs are resolved first.
import type { JsonSchema } from '../../protocol/index.js';
import { hasRef, inlineRefs } from './schema-refs.js';
import { hasOwn, isNullSchema, isObject, setOwn, type Node } from './schema-shapes.js';
import type { ToolParam } from './types.js';

/** The parameters of an object schema (its `properties`), in declaration order. */
export function schemaToParams(schema: JsonSchema): ToolParam[] {
  // Most schemas have no $ref; reading them needs no inlined copy.
  const root = (hasRef(schema) ? inlineRefs(schema, []) : schema) as Node;
  return objectParams(mergedObject(root));
}

function objectParams(node: Node): ToolParam[] {
  const props = isObject(node.properties) ? node.properties : {};
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  return Object.entries(props).map(([name, sub]) => toParam(name, isObject(sub) ? sub : {}, required.has(name)));
}

/** A root `anyOf`/`oneOf`/`allOf` of objects reads as one object whose properties are the union. */
function mergedObject(node: Node): Node {
  if (isObject(node.properties)) return node;
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    const properties: Node = {};
    const required: string[] = [];
    for (const b of branches.filter(isObject)) {
      if (isObject(b.properties)) for (const [name, sub] of Object.entries(b.properties)) if (!hasOwn(properties, name)) setOwn(properties, name, sub);
      if (key === 'allOf' && Array.isArray(b.required)) required.push(...(b.required as string[]));
    }
    return { properties, required };
  }
  return node;
}

function toParam(name: string, node: Node, required: boolean): ToolParam {
  const param: ToolParam = { name, type: 'any', required };
  let shape = node;
  for (const key of ['anyOf', 'oneOf']) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    const others = branches.filter((b) => !isNullSchema(b));
    if (others.length < branches.length) param.nullable = true;
    if (others.length === 1 && isObject(others[0])) shape = { ...others[0], ...withoutKey(node, key) };
    else {
      const types = [...new Set(others.filter(isObject).map((b) => (typeof b.type === 'string' ? b.type : 'any')))];
      param.type = types.length === 1 ? types[0]! : 'union';
      if (types.length > 1) param.types = types;
    }
  }
  if (typeof shape.type === 'string') param.type = shape.type;
  else if (Array.isArray(shape.type)) {
    const types = shape.type.filter((t): t is string => typeof t === 'string');
    const nonNull = types.filter((t) => t !== 'null');
    if (nonNull.length < types.length) param.nullable = true;
    param.type = nonNull.length === 1 ? nonNull[0]! : nonNull.length === 0 ? 'null' : 'union';
    if (nonNull.length > 1) param.types = nonNull;
  } else if (param.type === 'any') {
    if (isObject(shape.properties)) param.type = 'object';
    else if (shape.items !== undefined) param.type = 'array';
    else if (Array.isArray(shape.enum) && shape.enum.every((v) => typeof v === 'string')) param.type = 'string';
    else if (typeof shape.const === 'string') param.type = 'string';
  }
  if (typeof shape.description === 'string') param.description = shape.description;
  else if (typeof node.description === 'string') param.description = node.description;
  if (Array.isArray(shape.enum)) param.enum = shape.enum;
  else if ('const' in shape) param.enum = [shape.const];
  if ('default' in shape) param.default = shape.default;
  if (param.type === 'array' || shape.items !== undefined) {
    const items = Array.isArray(shape.items) ? shape.items[0] : (shape.items ?? (Array.isArray(shape.prefixItems) ? shape.prefixItems[0] : undefined));
    if (isObject(items)) param.items = toParam('[]', items, true);
  }
  if (param.type === 'object' || isObject(shape.properties)) param.properties = objectParams(shape);
  return param;
}

function withoutKey(node: Node, key: string): Node {
  const { [key]: _dropped, ...rest } = node;
  return rest;
}
