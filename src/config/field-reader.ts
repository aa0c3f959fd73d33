// Readers for the fields of one server entry: type checks, variable expansion and conversion,
// each problem recorded with its path. Values of env and headers are never put in a message.

import { checkDuration } from './duration.js';
import { expandString, inputVariable } from './expand-vars.js';
import { parseEnvFile } from './envfile.js';
import { isObject, typeName, type RawIssue } from './formats.js';
import type { DocPath, Locator } from './paths.js';
import { formatPath } from './paths.js';
import { isSecretEnv, isSecretName } from './redact.js';
import { isAbsolute, resolve } from '../util/node-path.js';

/** Everything the field readers need besides the entry itself. */
export interface FieldContext {
  configDir: string;
  /** `${workspaceFolder}`: the folder above a host folder such as `.vscode/`. */
  workspaceFolder?: string;
  /** Values of VS Code `${input:id}` prompts. */
  inputs?: Readonly<Record<string, string>>;
  /** Ids of the VS Code inputs declared `"password": true`: their values are secrets wherever they land. */
  passwordInputs?: ReadonlySet<string>;
  env: Readonly<Record<string, string | undefined>>;
  locator: Locator;
  issues: RawIssue[];
  /** Reads a file named by `envFile` (absolute path); throws like fs.readFileSync. */
  readTextFile(path: string): string;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Reads the fields of one entry at `base`. `enabled` decides whether unset variables are errors or warnings. */
export class FieldReader {
  /** Values of secret-named variables (KEY, TOKEN, SECRET, PASSWORD, AUTH...) this entry expanded. */
  readonly secrets: string[] = [];

  constructor(
    private readonly ctx: FieldContext,
    private readonly base: DocPath,
    private readonly obj: Record<string, unknown>,
    private readonly enabled: boolean,
  ) {}

  /** Records a problem at `key` (or deeper). */
  fail(path: DocPath, message: string, hint?: string, at?: 'key' | 'value', pos?: DocPath): void {
    this.ctx.issues.push({
      path: [...this.base, ...path],
      message,
      ...(hint ? { hint } : {}),
      ...(at ? { at } : {}),
      ...(pos ? { pos: [...this.base, ...pos] } : {}),
    });
  }

  /** True when the key is present with a non-null value (null counts as absent). */
  has(key: string): boolean {
    return this.obj[key] !== undefined && this.obj[key] !== null;
  }

  /** A plain string field, unexpanded; undefined when absent or mistyped (mistypes are recorded). */
  rawString(key: string, hint?: string): string | undefined {
    if (!this.has(key)) return undefined;
    const value = this.obj[key];
    if (typeof value === 'string') return value;
    this.fail([key], `${key} must be a string, got ${typeName(value)}`, hint ?? (typeof value === 'number' ? `quote it: ${key}: "${value}"` : undefined));
    return undefined;
  }

  /** A string field with variables expanded; `nonEmpty` rejects blank results. */
  string(key: string, nonEmpty = false): string | undefined {
    const raw = this.rawString(key);
    if (raw === undefined) return undefined;
    const value = this.expand([key], raw);
    if (value !== undefined && nonEmpty && value.trim() === '') {
      this.fail([key], `${key} is empty`, `give ${key} a value or remove the key`);
      return undefined;
    }
    return value;
  }

  boolean(key: string): boolean | undefined {
    if (!this.has(key)) return undefined;
    const value = this.obj[key];
    if (typeof value === 'boolean') return value;
    this.fail([key], `${key} must be true or false, got ${typeName(value)}`, `write ${key}: true or ${key}: false`);
    return undefined;
  }

  duration(key: string, fallback: number): number {
    if (!this.has(key)) return fallback;
    const checked = checkDuration(this.obj[key]);
    if (checked.ok) return checked.ms;
    this.fail([key], `${key}: ${checked.message}`, checked.hint);
    return fallback;
  }

  positiveInt(key: string, fallback: number): number {
    if (!this.has(key)) return fallback;
    const value = this.obj[key];
    if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
    this.fail([key], `${key} must be a whole number above zero, got ${typeof value === 'number' ? value : typeName(value)}`, `e.g. ${key}: 100000`);
    return fallback;
  }

  /** A list of scalars as strings (numbers keep their source spelling), variables expanded. */
  stringList(key: string, expand: boolean): string[] {
    if (!this.has(key)) return [];
    const value = this.obj[key];
    if (!Array.isArray(value)) {
      this.fail([key], `${key} must be a list, got ${typeName(value)}`, `write ${key}: [a, b] or one "- item" per line`);
      return [];
    }
    const out: string[] = [];
    value.forEach((item, i) => {
      const text = this.scalarText([key, i], item);
      if (text === undefined) this.fail([key, i], `${key}[${i}] must be a string, got ${typeName(item)}`);
      else if (!expand) out.push(text);
      else {
        const expanded = this.expand([key, i], text);
        if (expanded !== undefined) out.push(expanded);
      }
    });
    return out;
  }

  /** `env`: names to strings, or null to unset. Values are secrets: messages name the key only. */
  env(): Record<string, string | null> {
    const out: Record<string, string | null> = {};
    const map = this.mapping('env');
    for (const [name, value] of Object.entries(map ?? {})) {
      if (name === '' || name.includes('=') || name.includes('\0')) {
        this.fail(['env', name], `env name ${JSON.stringify(name)} is not a valid variable name`, 'names must be non-empty and contain no "="', 'key');
        continue;
      }
      if (value === null) {
        setOwn(out, name, null);
        continue;
      }
      const text = this.scalarText(['env', name], value);
      if (text === undefined) {
        this.fail(['env', name], `env.${name} must be a string, a number or null (null unsets it), got ${typeName(value)}`);
        continue;
      }
      const expanded = typeof value === 'string' ? this.expand(['env', name], text) : text;
      if (expanded !== undefined) setOwn(out, name, expanded);
    }
    return out;
  }

  /** `headers`: HTTP header names to strings. Values are secrets: messages name the header only. */
  headers(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(this.mapping('headers') ?? {})) {
      if (!HEADER_NAME.test(name)) {
        this.fail(
          ['headers', name],
          `header name ${JSON.stringify(name)} is not a valid HTTP header name`,
          'use letters, digits and - (e.g. X-Api-Key)',
          'key',
        );
        continue;
      }
      const text = typeof value === 'string' || typeof value === 'number' ? this.scalarText(['headers', name], value) : undefined;
      if (text === undefined) {
        this.fail(['headers', name], `header ${name} must be a string, got ${typeName(value)}`, `write ${name}: "value"`);
        continue;
      }
      const expanded = typeof value === 'string' ? this.expand(['headers', name], text) : text;
      if (expanded === undefined) continue;
      if (/[\r\n\0]/.test(expanded)) {
        this.fail(['headers', name], `header ${name} contains a line break or NUL once expanded`, 'header values must be one line');
        continue;
      }
      setOwn(out, name, expanded);
    }
    return out;
  }

  /** Variables from the file named by `envFile`, resolved against the config folder. */
  envFile(): Record<string, string> {
    const raw = this.string('envFile', true);
    if (raw === undefined) return {};
    const path = isAbsolute(raw) ? raw : resolve(this.ctx.configDir, raw);
    let text: string;
    try {
      text = this.ctx.readTextFile(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      this.fail(
        ['envFile'],
        code === 'ENOENT' ? `env file not found: ${path}` : `env file could not be read (${code ?? 'error'}): ${path}`,
        "fix the path (relative paths are resolved against the config file's folder) or remove envFile",
      );
      return {};
    }
    const { vars, badLines } = parseEnvFile(text);
    for (const line of badLines)
      this.fail(['envFile'], `env file ${path}: line ${line} is not KEY=value`, 'each line must be KEY=value, export KEY=value, a # comment or blank');
    return vars;
  }

  /** A mapping field; undefined (recorded) when mistyped. */
  private mapping(key: string): Record<string, unknown> | undefined {
    if (!this.has(key)) return undefined;
    const value = this.obj[key];
    if (isObject(value)) return value;
    this.fail([key], `${key} must be a mapping of names to values, got ${typeName(value)}`, `write ${key}: { NAME: value }`);
    return undefined;
  }

  private scalarText(path: DocPath, value: unknown): string | undefined {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') {
      return this.ctx.locator.scalarSource([...this.base, ...path]) ?? String(value);
    }
    return undefined;
  }

  /**
   * Expands variables. In a disabled server an unset variable is only a warning and the text is
   * kept as written, so a server kept for later does not break the whole file.
   */
  expand(path: DocPath, raw: string): string | undefined {
    const result = expandString(raw, this.ctx);
    if (result.ok) this.noteSecretVariables(raw);
    if (result.ok && result.value.includes('\0')) {
      // Node refuses NUL in spawn arguments and env; say so here, without showing the value.
      this.fail(path, `${formatPath([...this.base, ...path])} contains a NUL character once expanded`, 'remove the NUL (check the variables it uses)');
      return undefined;
    }
    if (result.ok) return result.value;
    const where = formatPath([...this.base, ...path]);
    const onlyUnset = result.problems.every((p) => p.variable !== undefined);
    for (const p of result.problems) {
      const message = p.variable ? `${p.message} (used in ${where})` : `${p.message} (in ${where})`;
      this.ctx.issues.push({ path: [...this.base, ...path], message, hint: p.hint, ...(!this.enabled && onlyUnset ? { warning: true } : {}) });
    }
    return !this.enabled && onlyUnset ? raw : undefined;
  }

  // A secret-named variable's value, and a VS Code input declared as a password (or named like a
  // secret), is a secret wherever it lands (an argument, a URL path, any env name), so the redactor
  // must know it even where the field it lands in does not look secret.
  private noteSecretVariables(raw: string): void {
    for (const match of raw.matchAll(/\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)/g)) {
      const name = match[1]!;
      const value = this.ctx.env[name];
      if (value !== undefined && isSecretEnv(name, value)) this.noteSecret(value);
    }
    for (const match of raw.matchAll(/\$\{input:([^}]*)\}/g)) {
      const id = match[1]!;
      if (!this.ctx.passwordInputs?.has(id) && !isSecretName(id)) continue;
      const value = this.ctx.inputs && Object.hasOwn(this.ctx.inputs, id) ? this.ctx.inputs[id] : this.ctx.env[inputVariable(id)];
      if (value !== undefined) this.noteSecret(value);
    }
  }

  private noteSecret(value: string): void {
    if (value !== '' && !this.secrets.includes(value)) this.secrets.push(value);
  }
}

/** Sets an own property even for names such as `__proto__`, which plain assignment would swallow. */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
