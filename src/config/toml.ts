// A small TOML reader for host config files (Codex `config.toml`): tables, arrays of tables, dotted
// and quoted keys, the four string forms, numbers, booleans, arrays and inline tables. Dates are
// kept as their text. Pure; every error names the line and column. Written here rather than taken
// as a dependency: the installed footprint is capped, and host files use a small part of TOML.

/** Where a key or table header stands, for messages. */
export interface TomlPosition {
  line: number;
  column: number;
}

/** What {@link parseToml} returns: the document and the position of every key path. */
export interface TomlDocument {
  value: Record<string, unknown>;
  /** Key paths (`JSON.stringify(path)`) to the position of the key that set them. */
  positions: Map<string, TomlPosition>;
}

/** A syntax error, with its position. */
export class TomlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${message} (line ${line}, column ${column})`);
    this.name = 'TomlSyntaxError';
  }
}

type Table = Record<string, unknown>;

const BARE_KEY = /[A-Za-z0-9_-]/;
const ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\', e: '\u001b' };

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

class Reader {
  private i = 0;
  private readonly root = table();
  private readonly positions = new Map<string, TomlPosition>();
  /** Tables created by a header or by a value: a header may not reopen them. */
  private readonly closed = new WeakSet<object>();

  constructor(private readonly s: string) {}

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

  private key(): string {
    const c = this.s[this.i];
    if (c === '"') return this.basicString();
    if (c === "'") return this.literalString();
    const start = this.i;
    while (this.i < this.s.length && BARE_KEY.test(this.s[this.i]!)) this.i += 1;
    if (start === this.i) throw this.error(`expected a key, found ${this.describe()}`);
    return this.s.slice(start, this.i);
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

  private scalar(): unknown {
    const start = this.i;
    while (this.i < this.s.length && /[0-9A-Za-z_+\-.:]/.test(this.s[this.i]!)) this.i += 1;
    // A date-time may have one space between date and time.
    if (/^\d{4}-\d{2}-\d{2}$/.test(this.s.slice(start, this.i)) && / \d{2}:/.test(this.s.slice(this.i, this.i + 4))) {
      this.i += 1;
      while (this.i < this.s.length && /[0-9:.+\-Z]/.test(this.s[this.i]!)) this.i += 1;
    }
    const raw = this.s.slice(start, this.i);
    if (raw === '') throw this.error(`expected a value, found ${this.describe()}`);
    const plain = raw.replace(/_/g, '');
    if (/^[+-]?(0|[1-9]\d*)$/.test(plain)) return Number(plain);
    if (/^0x[0-9a-f]+$/i.test(plain)) return Number.parseInt(plain.slice(2), 16);
    if (/^0o[0-7]+$/.test(plain)) return Number.parseInt(plain.slice(2), 8);
    if (/^0b[01]+$/.test(plain)) return Number.parseInt(plain.slice(2), 2);
    if (/^[+-]?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(plain)) return Number(plain);
    if (/^[+-]?(inf|nan)$/.test(plain)) return plain.endsWith('inf') ? (plain.startsWith('-') ? -Infinity : Infinity) : NaN;
    if (/^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}/.test(raw)) return raw;
    throw this.error(`"${raw.slice(0, 40)}" is not a TOML value (strings need quotes)`, undefined, start);
  }

  private basicString(): string {
    this.i += 1;
    let out = '';
    for (;;) {
      const c = this.s[this.i];
      if (c === undefined || c === '\n') throw this.error('unterminated string');
      this.i += 1;
      if (c === '"') return out;
      out += c === '\\' ? this.escape() : c;
    }
  }

  private escape(): string {
    const c = this.s[this.i];
    this.i += 1;
    if (c !== undefined && c in ESCAPES) return ESCAPES[c]!;
    if (c === 'u' || c === 'U') {
      const len = c === 'u' ? 4 : 8;
      const hex = this.s.slice(this.i, this.i + len);
      if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) throw this.error(`bad \\${c} escape`);
      this.i += len;
      return String.fromCodePoint(Number.parseInt(hex, 16));
    }
    throw this.error(`unknown escape \\${c ?? ''}`);
  }

  private literalString(): string {
    const end = this.s.indexOf("'", this.i + 1);
    const newline = this.s.indexOf('\n', this.i + 1);
    if (end < 0 || (newline >= 0 && newline < end)) throw this.error('unterminated string');
    const out = this.s.slice(this.i + 1, end);
    this.i = end + 1;
    return out;
  }

  private multiline(quote: '"""' | "'''"): string {
    this.i += 3;
    if (this.s[this.i] === '\n') this.i += 1;
    else if (this.s.startsWith('\r\n', this.i)) this.i += 2;
    let out = '';
    for (;;) {
      if (this.i >= this.s.length) throw this.error('unterminated multi-line string');
      if (this.s.startsWith(quote, this.i)) {
        // Up to two quotes may stand right before the closing three.
        let extra = 0;
        while (extra < 2 && this.s[this.i + 3 + extra] === quote[0]) extra += 1;
        out += quote[0]!.repeat(extra);
        this.i += 3 + extra;
        return out;
      }
      const c = this.s[this.i]!;
      this.i += 1;
      if (quote === '"""' && c === '\\') {
        if (/^[ \t]*\r?\n/.test(this.s.slice(this.i))) {
          while (/\s/.test(this.s[this.i] ?? '')) this.i += 1;
        } else out += this.escape();
      } else out += c;
    }
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

  private expect(token: string): void {
    this.skipSpaces();
    if (!this.s.startsWith(token, this.i)) throw this.error(`expected ${token}, found ${this.describe()}`);
    this.i += token.length;
  }

  private endOfLine(): void {
    this.skipSpaces();
    if (this.s[this.i] === '#') while (this.i < this.s.length && this.s[this.i] !== '\n') this.i += 1;
    if (this.i >= this.s.length) return;
    if (this.s[this.i] === '\r') this.i += 1;
    if (this.s[this.i] !== '\n') throw this.error(`expected the end of the line, found ${this.describe()}`);
    this.i += 1;
  }

  private skipSpaces(): void {
    while (this.s[this.i] === ' ' || this.s[this.i] === '\t') this.i += 1;
  }

  private skipBlankAndComments(): void {
    for (;;) {
      const c = this.s[this.i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.i += 1;
      else if (c === '#') while (this.i < this.s.length && this.s[this.i] !== '\n') this.i += 1;
      else return;
    }
  }

  private describe(): string {
    const c = this.s[this.i];
    return c === undefined ? 'the end of the file' : c === '\n' ? 'the end of the line' : JSON.stringify(c);
  }

  private position(offset = this.i): TomlPosition {
    const before = this.s.slice(0, offset);
    const line = before.split('\n').length;
    return { line, column: offset - before.lastIndexOf('\n') };
  }

  private error(message: string, at?: TomlPosition, offset?: number): TomlSyntaxError {
    const p = at ?? this.position(offset);
    return new TomlSyntaxError(message, p.line, p.column);
  }
}
