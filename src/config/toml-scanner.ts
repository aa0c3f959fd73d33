// The lexical half of the TOML reader (toml.ts has the document structure): a cursor over the
// text that reads keys, the four string forms with their escapes, numbers, booleans and dates kept as
// text, skips blanks and comments, and turns a position into a line and column for every error.

/** Where a key or table header stands, for messages. */
export interface TomlPosition {
  line: number;
  column: number;
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

export const BARE_KEY = /[A-Za-z0-9_-]/;
const ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\', e: '\u001b' };

/** A cursor over TOML text and the readers of its tokens. */
export abstract class TomlScanner {
  protected i = 0;

  constructor(protected readonly s: string) {}

  protected key(): string {
    const c = this.s[this.i];
    if (c === '"') return this.basicString();
    if (c === "'") return this.literalString();
    const start = this.i;
    while (this.i < this.s.length && BARE_KEY.test(this.s[this.i]!)) this.i += 1;
    if (start === this.i) throw this.error(`expected a key, found ${this.describe()}`);
    return this.s.slice(start, this.i);
  }

  protected scalar(): unknown {
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

  protected basicString(): string {
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

  protected escape(): string {
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

  protected literalString(): string {
    const end = this.s.indexOf("'", this.i + 1);
    const newline = this.s.indexOf('\n', this.i + 1);
    if (end < 0 || (newline >= 0 && newline < end)) throw this.error('unterminated string');
    const out = this.s.slice(this.i + 1, end);
    this.i = end + 1;
    return out;
  }

  protected multiline(quote: '"""' | "'''"): string {
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

  protected expect(token: string): void {
    this.skipSpaces();
    if (!this.s.startsWith(token, this.i)) throw this.error(`expected ${token}, found ${this.describe()}`);
    this.i += token.length;
  }

  protected endOfLine(): void {
    this.skipSpaces();
    if (this.s[this.i] === '#') while (this.i < this.s.length && this.s[this.i] !== '\n') this.i += 1;
    if (this.i >= this.s.length) return;
    if (this.s[this.i] === '\r') this.i += 1;
    if (this.s[this.i] !== '\n') throw this.error(`expected the end of the line, found ${this.describe()}`);
    this.i += 1;
  }

  protected skipSpaces(): void {
    while (this.s[this.i] === ' ' || this.s[this.i] === '\t') this.i += 1;
  }

  protected skipBlankAndComments(): void {
    for (;;) {
      const c = this.s[this.i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.i += 1;
      else if (c === '#') while (this.i < this.s.length && this.s[this.i] !== '\n') this.i += 1;
      else return;
    }
  }

  protected describe(): string {
    const c = this.s[this.i];
    return c === undefined ? 'the end of the file' : c === '\n' ? 'the end of the line' : JSON.stringify(c);
  }

  protected position(offset = this.i): TomlPosition {
    const before = this.s.slice(0, offset);
    const line = before.split('\n').length;
    return { line, column: offset - before.lastIndexOf('\n') };
  }

  protected error(message: string, at?: TomlPosition, offset?: number): TomlSyntaxError {
    const p = at ?? this.position(offset);
    return new TomlSyntaxError(message, p.line, p.column);
  }
}
