// How deeply a received JSON value nests, checked without recursion. A server can send a message
// nested 100,000 deep (JSON.parse reads it fine), and every recursive walker after it (JSON.stringify,
// structuredClone, schema conversion, redaction) would throw a RangeError on it, some of them in a
// listener where the throw reaches the host program. Refusing such messages at the door keeps every
// later walker within the stack. RFC 8259 §9 lets a parser "set limits on the maximum depth of
// nesting"; serde_json (the Rust servers' parser) stops at 128.

/** Deepest nesting accepted in a received message: an object or array inside 256 others is refused. */
export const MAX_MESSAGE_DEPTH = 256;

/**
 * The longest JSON text that cannot nest past {@link MAX_MESSAGE_DEPTH}: every level takes an opening
 * and a closing bracket, so a value refused for its depth needs at least 2 × 257 characters. A value
 * parsed from a text no longer than this needs no walk.
 */
export const MAX_SHALLOW_TEXT_LENGTH = 2 * (MAX_MESSAGE_DEPTH + 1) - 1;

/**
 * True when `value` holds objects or arrays nested more than `limit` levels deep (the value itself is
 * level 1). Stops at the first branch over the limit, and any depth is safe: up to a limit of 1024
 * it recurses, never more than `limit` + 1 frames deep whatever the value, and allocates nothing (it
 * runs on every received message, where an `Object.values` array per object cost twice the time);
 * past that it walks with explicit stacks.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return limit <= MAX_RECURSIVE_LIMIT ? deeperThan(value, limit) : deeperThanIterative(value, limit);
}

/** Deepest limit checked by recursion (a frame per level); a larger one walks with explicit stacks. */
const MAX_RECURSIVE_LIMIT = 1024;

function deeperThanIterative(value: object, limit: number): boolean {
  const stack: object[] = [value];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const node = stack.pop() as object;
    const depth = depths.pop() as number;
    if (depth > limit) return true;
    // Object.values reads an own `__proto__` key (kept by JSON.parse) as data, not the prototype.
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) {
        stack.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

// Whether `node` (an object or array) nests more than `left` levels, counting itself.
function deeperThan(node: object, left: number): boolean {
  if (left <= 0) return true;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (typeof child === 'object' && child !== null && deeperThan(child, left - 1)) return true;
    }
    return false;
  }
  for (const key in node) {
    // Own keys only (an enumerable key someone put on Object.prototype is not the message's), and an
    // own `__proto__` key (kept by JSON.parse) read as data, not as the prototype.
    if (!Object.hasOwn(node, key)) continue;
    const child: unknown = key === '__proto__' ? Object.getOwnPropertyDescriptor(node, key)?.value : (node as Record<string, unknown>)[key];
    if (typeof child === 'object' && child !== null && deeperThan(child, left - 1)) return true;
  }
  return false;
}
