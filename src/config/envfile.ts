// Parses the dotenv files that `envFile` points at (VS Code and Cursor support the key). Errors
// name the line number only: the file holds secrets, so no text from it is ever echoed.

/** Result of {@link parseEnvFile}: the variables, and the line numbers that could not be read. */
export interface EnvFileResult {
  vars: Record<string, string>;
  badLines: number[];
}

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*?)\s*$/;

/**
 * Reads `KEY=value` lines. Supports `export KEY=value`, blank lines, `#` comments (whole-line, or
 * after an unquoted value following a space), single quotes (literal) and double quotes (with
 * `\n`, `\t`, `\"` and `\\` escapes). Values are never expanded.
 */
export function parseEnvFile(text: string): EnvFileResult {
  const vars: Record<string, string> = {};
  const badLines: number[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    if (/^\s*(#|$)/.test(raw)) return;
    const m = LINE.exec(raw);
    const value = m ? unquote(m[2]!) : undefined;
    if (!m || value === undefined) badLines.push(index + 1);
    else Object.defineProperty(vars, m[1]!, { value, enumerable: true, writable: true, configurable: true });
  });
  return { vars, badLines };
}

function unquote(raw: string): string | undefined {
  const quote = raw[0];
  if (quote === "'" || quote === '"') {
    const close = raw.lastIndexOf(quote);
    if (close <= 0 || !/^\s*(#.*)?$/.test(raw.slice(close + 1))) return undefined;
    const inner = raw.slice(1, close);
    if (quote === "'") return inner;
    return inner.replace(/\\([nrt"\\])/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' })[c] ?? c);
  }
  return raw.replace(/\s+#.*$/, '');
}
