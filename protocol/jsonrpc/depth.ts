// How deeply a received JSON value nests, checked without recursion. A server can send a message
// nested 100,000 deep (JSON.parse reads it fine), and every recursive walker after it (JSON.stringify,
// structuredClone, schema conversion, redaction) would throw a RangeError on it, some of them in a
// listener where the throw reaches the host program. Refusing such messages at the door keeps every
// later walker within the stack. RFC 8259 §9 lets a parser "set limits on the maximum depth of
// nesting"; serde_json (the Rust servers' parser) stops at 128.

/** Deepest nesting accepted in a received message: an object or array inside 256 others is refused. */
export const MAX_MESSAGE_DEPTH = 256;

/**
 * True when `value` holds objects or arrays nested more than `limit` levels deep (the value itself is
 * level 1). Iterative, so any depth is safe; stops at the first branch over the limit.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
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
