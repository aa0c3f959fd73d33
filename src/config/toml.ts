// A small TOML reader for host config files (Codex `config.toml`): tables, arrays of tables, dotted
// and quoted keys, the four string forms, numbers, booleans, arrays and inline tables. Dates are
// kept as their text. Pure; every error names the line and column. Written here rather than taken
// as a dependency: the installed footprint is capped, and host files use a small part of TOML.
import { BARE_KEY, TomlScanner, type TomlPosition } from './toml-scanner.js';

export { TomlSyntaxError, type TomlPosition } from './toml-scanner.js';

/** What {@link parseToml} returns: the document and the position of every key path. */
export interface TomlDocument {
  value: Record<string, unknown>;
  /** Key paths (`JSON.stringify(path)`) to the position of the key that set them. */
  positions: Map<string, TomlPosition>;
}

type Table = Record<string, unknown>;

/** Parses TOML text. @throws {TomlSyntaxError} */
export function parseToml(text: string): TomlDocument {
  return new Reader(text).document();
}

function table(): Table {
  return Object.create(null) as Table;
}

function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class Reader extends TomlScanner {
  private readonly root = table();
  private readonly positions = new Map<string, TomlPosition>();
  /** Tables created by a header or by a value: a header may not reopen them. */
  private readonly closed = new WeakSet<object>();

  constructor(s: string) {
    super(s);
  }

  document(): TomlDocument {
    let current = this.root;
    let currentPath: string[] = [];
    for (;;) {
      this.skipBlankAndComments();
      if (this.i >= this.s.length) break;
      if (this.s[this.i] === '[') {
        const many = this.s.startsWith('[[', this.i);
        const at = this.position();
        this.i += many ? 2 : 1;
        const path = this.keyPath();
        this.expect(many ? ']]' : ']');
        currentPath = path;
        current = many ? this.appendTable(path, at) : this.openTable(path, at);
      } else {
        const at = this.position();
        const path = this.keyPath();
        this.expect('=');
        const value = this.value();
        this.assign(current, path, value, at, currentPath);
      }
      this.endOfLine();
    }
    return { value: this.root, positions: this.positions };
  }

  private openTable(path: string[], at: TomlPosition): Table {
    const target = this.descend(this.root, path.slice(0, -1), at);
    const last = path[path.length - 1]!;
    const existing = target[last];
    if (existing === undefined) {
      const fresh = table();
      target[last] = fresh;
      this.closed.add(fresh);
      this.positions.set(JSON.stringify(path), at);
      return fresh;
    }
    if (!isTable(existing) || this.closed.has(existing)) throw this.error(`table [${path.join('.')}] is defined twice`, at);
    this.closed.add(existing);
    return existing;
  }

  private appendTable(path: string[], at: TomlPosition): Table {
    const target = this.descend(this.root, path.slice(0, -1), at);
    const last = path[path.length - 1]!;
    const list = target[last] ?? (target[last] = []);
    if (!Array.isArray(list)) throw this.error(`[[${path.join('.')}]] is not an array of tables`, at);
    const fresh = table();
    list.push(fresh);
    return fresh;
  }

  /** Walks (creating implicit tables) down `path`; the last element of an array of tables is entered. */
  private descend(from: Table, path: string[], at: TomlPosition): Table {
    let node = from;
    for (const key of path) {
      let next = node[key];
      if (next === undefined) node[key] = next = table();
      if (Array.isArray(next)) next = next[next.length - 1];
      if (!isTable(next)) throw this.error(`key ${key} is not a table`, at);
      node = next;
    }
    return node;
  }

  private assign(into: Table, path: string[], value: unknown, at: TomlPosition, base: string[]): void {
    const target = this.descend(into, path.slice(0, -1), at);
    const last = path[path.length - 1]!;
    if (last in target) throw this.error(`key ${[...base, ...path].join('.')} is defined twice`, at);
    target[last] = value;
    if (isTable(value)) this.closed.add(value);
    this.positions.set(JSON.stringify([...base, ...path]), at);
  }

  private keyPath(): string[] {
    const path: string[] = [];
    for (;;) {
      this.skipSpaces();
      path.push(this.key());
      this.skipSpaces();
      if (this.s[this.i] !== '.') return path;
      this.i += 1;
    }
  }

  private value(): unknown {
    this.skipSpaces();
    const c = this.s[this.i];
    if (c === '"') return this.s.startsWith('"""', this.i) ? this.multiline('"""') : this.basicString();
    if (c === "'") return this.s.startsWith("'''", this.i) ? this.multiline("'''") : this.literalString();
    if (c === '[') return this.array();
    if (c === '{') return this.inlineTable();
    if (this.s.startsWith('true', this.i) && !BARE_KEY.test(this.s[this.i + 4] ?? '')) {
      this.i += 4;
      return true;
    }
    if (this.s.startsWith('false', this.i) && !BARE_KEY.test(this.s[this.i + 5] ?? '')) {
      this.i += 5;
      return false;
    }
    return this.scalar();
  }

  private array(): unknown[] {
    this.i += 1;
    const out: unknown[] = [];
    for (;;) {
      this.skipBlankAndComments();
      if (this.s[this.i] === ']') {
        this.i += 1;
        return out;
      }
      out.push(this.value());
      this.skipBlankAndComments();
      if (this.s[this.i] === ',') {
        this.i += 1;
        continue;
      }
      if (this.s[this.i] === ']') {
        this.i += 1;
        return out;
      }
      throw this.error(`expected , or ] in an array, found ${this.describe()}`);
    }
  }

  private inlineTable(): Table {
    this.i += 1;
    const out = table();
    this.skipSpaces();
    if (this.s[this.i] === '}') {
      this.i += 1;
      return out;
    }
    for (;;) {
      const at = this.position();
      const path = this.keyPath();
      this.expect('=');
      const target = this.descend(out, path.slice(0, -1), at);
      const last = path[path.length - 1]!;
      if (last in target) throw this.error(`key ${path.join('.')} is defined twice`, at);
      target[last] = this.value();
      this.skipSpaces();
      if (this.s[this.i] === ',') {
        this.i += 1;
        continue;
      }
      if (this.s[this.i] === '}') {
        this.i += 1;
        return out;
      }
      throw this.error(`expected , or } in an inline table, found ${this.describe()}`);
    }
  }
}
