// A deep copy of plain data (objects with the Object or null prototype, arrays, primitives): what
// LLM specs and model-sent arguments are. About five times cheaper than structuredClone on such
// trees, which matters where every spec of 5,000 tools is copied on each `toLLMSpecs` (issue 16,
// W9). Anything else (a Date, a Map, a class instance, a cycle, a huge shared graph) is handed to
// structuredClone, so the copy is what structuredClone would have made.

/** Nesting beyond this, or more nodes than {@link MAX_NODES}, means "not plain": structuredClone takes over. */
const MAX_DEPTH = 256;
const MAX_NODES = 200_000;

const NOT_PLAIN = Symbol('not plain');

/** A deep copy of `value`; plain data is copied by hand, the rest by structuredClone. */
export function clonePlain<T>(value: T): T {
  const budget = { nodes: 0 };
  try {
    return copy(value, 0, budget) as T;
  } catch (error) {
    if (error === NOT_PLAIN) return structuredClone(value);
    throw error;
  }
}

function copy(value: unknown, depth: number, budget: { nodes: number }): unknown {
  if (typeof value !== 'object' || value === null) {
    // structuredClone refuses these; let it say so.
    if (typeof value === 'function' || typeof value === 'symbol') throw NOT_PLAIN;
    return value;
  }
  if (depth > MAX_DEPTH || ++budget.nodes > MAX_NODES) throw NOT_PLAIN;
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    if (proto !== Array.prototype || Object.keys(value).length !== countIndices(value)) throw NOT_PLAIN;
    // map keeps holes, as structuredClone does.
    return value.map((item) => copy(item, depth + 1, budget));
  }
  if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copy((value as Record<string, unknown>)[key], depth + 1, budget);
    // A property named __proto__ stays an own property, never the copy's prototype.
    if (key === '__proto__') Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    else out[key] = item;
  }
  return out;
}

/** The number of index keys an array has (holes excluded), to spot extra named properties. */
function countIndices(array: readonly unknown[]): number {
  let n = 0;
  for (let i = 0; i < array.length; i++) if (i in array) n++;
  return n;
}
