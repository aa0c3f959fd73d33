// Where tokens and client registrations live: an interface with compare-and-swap so concurrent
// refreshes never overwrite or delete each other's results, and the in-memory implementation.

/**
 * A key-value store of JSON records. `expected` makes `set` and `delete` conditional: they apply only
 * when the current value is deep-equal to it (undefined `expected` = unconditional; `null` = absent).
 */
export interface TokenStore {
  get(key: string): Promise<unknown | undefined>;
  /** Resolves false (and writes nothing) when `expected` is given and does not match. */
  set(key: string, value: unknown, expected?: unknown): Promise<boolean>;
  delete(key: string, expected?: unknown): Promise<boolean>;
  /** Runs `work` holding a lock on `key` (across processes for a shared store). */
  withLock?<T>(key: string, work: () => Promise<T>): Promise<T>;
}

/** Deep equality of JSON values, for compare-and-swap. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function matches(current: unknown, expected: unknown): boolean {
  if (expected === undefined) return true;
  if (expected === null) return current === undefined;
  return sameJson(current, expected);
}

/** A process-local store; values are copied in and out so callers cannot mutate what is stored. */
export class MemoryTokenStore implements TokenStore {
  private readonly values = new Map<string, string>();

  async get(key: string): Promise<unknown | undefined> {
    const raw = this.values.get(key);
    return raw === undefined ? undefined : JSON.parse(raw);
  }

  async set(key: string, value: unknown, expected?: unknown): Promise<boolean> {
    if (!matches(await this.get(key), expected)) return false;
    this.values.set(key, JSON.stringify(value));
    return true;
  }

  async delete(key: string, expected?: unknown): Promise<boolean> {
    if (!matches(await this.get(key), expected)) return false;
    return this.values.delete(key);
  }
}

/** The store key of one server's record at one issuer (AUTH-14: credentials never cross issuers). */
export function storeKey(server: string, issuer: string): string {
  return `${server} ${issuer}`;
}

/** The key pointing at the issuer last used for a server (so a restart can refresh without discovery). */
export function pointerKey(server: string): string {
  return `${server} (current)`;
}
