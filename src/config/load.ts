// The only `yaml` import: parses a config file (YAML, JSON or JSON with comments) into a document
// with a line counter, runs the validator over it, maps every issue back to line and column, and
// throws one ConfigError carrying them all. Secret values are masked in every excerpt.

import type { Document, Pair } from 'yaml';
import type * as YamlModule from 'yaml';
import { nodeFs as fs } from '../util/node-fs.js';
import { CONFIG_INVALID, CONFIG_NOT_FOUND, CONFIG_UNREADABLE, ConfigError, type ConfigIssue } from '../errors/config-errors.js';
import { buildConfig } from './build-config.js';
import type { RawIssue } from './formats.js';
import { blankJsonComments } from './jsonc.js';
import { parseToml, TomlSyntaxError } from './toml.js';
import { formatPath, type DocPath, type Locator, type Position } from './paths.js';
import { isSecretName } from './redact.js';
import type { BridgeConfig, ConfigOptions } from './types.js';
import { resolve } from '../util/node-path.js';

// yaml is loaded on first use (synchronously, through require) so that importing mcp-bridge for
// its client alone does not pay for the config parser; node:module through getBuiltinModule, and
// node:fs through util/node-fs.ts, for the same reason.
let yamlModule: typeof YamlModule | undefined;
function Y(): typeof YamlModule {
  return (yamlModule ??= process.getBuiltinModule('node:module').createRequire(import.meta.url)('yaml') as typeof YamlModule);
}

/**
 * One YAML document as plain JSON values; throws on invalid YAML. Not config-specific: yaml has one
 * doorway, so the skills frontmatter check (src/client/skill-load.ts) parses through here too.
 */
export function parseYaml(text: string): unknown {
  return Y().parse(text);
}

/** A value as YAML text (block style, keys in insertion order): what `mcp-bridge import` writes. */
export function stringifyYaml(value: unknown): string {
  return Y().stringify(value, { lineWidth: 0 });
}

/**
 * A config file's text as plain values, without validating it: JSON (comments allowed in .json/.jsonc),
 * YAML or TOML by the file name.
 * @throws {ConfigError} `MCPB_CONFIG_INVALID` when it does not parse.
 */
export function readConfigDocument(text: string, file: string): unknown {
  return (/\.toml$/i.test(file) ? readToml(text, file) : readYaml(text, file)).root;
}

/** Options for {@link parseConfig}. */
export interface ParseConfigOptions extends ConfigOptions {
  /** The file the text came from, used in messages and to resolve relative paths. */
  file: string;
}

/**
 * Reads and parses a config file. The format is detected from the content:
 * - mcp-bridge YAML: `tools.mcp.servers` is a list of entries with a `name`, `transport`
 *   (`stdio | sse | streamable-http | auto`, default `auto`), `command`/`args`/`env`/`envFile`/`cwd`/
 *   `inheritEnv` or `url`/`headers`, and `tools`, `prefix`, `timeout`, `startupTimeout`,
 *   `maxResultChars`, `pingInterval`, `start`, `idleStopAfter`, `toolListMaxAge`, `enabled`, `resources`, `prompts`. Durations are strings with units (`500ms`, `30s`, `2m`, `1h`, `1d`).
 * - Claude Desktop / Cursor / Claude Code JSON: `mcpServers` maps names to entries
 *   (`command, args, env, cwd` or `url, headers, type?`); `disabled: true` is honoured.
 * - VS Code `mcp.json`: `servers` maps names to entries with `type` (`stdio | http | sse`);
 *   `${input:id}` takes `opts.inputs[id]`, else the variable `MCP_BRIDGE_INPUT_<ID>`.
 * - The other hosts' files (Windsurf, Cline, Roo, gemini-cli, Zed, Continue, OpenCode, Goose, Codex
 *   TOML, Claude Code `~/.claude.json`): the host is detected from the file's name, place and content
 *   (or given as `opts.host`), and its keys, timeout unit and variable spellings are translated.
 * Host `type: http` loads as `auto` (Streamable HTTP, falling back to legacy SSE, as VS Code does).
 * Our keys (`tools`, `prefix`, `timeout`, ...) are accepted in host files too. `.json`/`.jsonc`
 * files may contain `//` and `/* *\/` comments and trailing commas.
 *
 * In `command`, `args`, `env`, `envFile`, `cwd`, `url` and `headers`, `${VAR}`, `${env:VAR}`,
 * `${VAR:-default}` and `${workspaceFolder}` (the config file's folder) are expanded; `$${` is a
 * literal `${`. An unset variable is an error naming it and its path (a warning in a disabled server).
 * @param file - Path of the config file; relative paths are resolved against the current directory.
 * @param opts - `env` for `${VAR}` expansion (default `process.env`).
 * @returns The normalised config with every default filled in.
 * @throws {ConfigError} `MCPB_CONFIG_NOT_FOUND` when the file does not exist, `MCPB_CONFIG_UNREADABLE`
 *   when it cannot be read, `MCPB_CONFIG_INVALID` (with every issue) when it does not parse or validate.
 * @example
 * const config = await loadConfig('mcp-bridge.yaml');
 * for (const server of config.servers) console.log(server.name, server.transport);
 */
export async function loadConfig(file: string, opts: ConfigOptions = {}): Promise<BridgeConfig> {
  let text: string;
  try {
    text = await fs().promises.readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new ConfigError(
        CONFIG_NOT_FOUND,
        { file, summary: `Config file not found: ${resolve(file)}`, hint: 'pass --config <file>, or create mcp-bridge.yaml' },
        { cause: err },
      );
    }
    throw new ConfigError(
      CONFIG_UNREADABLE,
      {
        file,
        summary: `Config file could not be read (${code ?? 'error'}): ${resolve(file)}`,
        hint: 'check that it is a readable file, or pass --config <file>',
      },
      { cause: err },
    );
  }
  return parseConfig(text, { ...opts, file });
}

/**
 * Parses config text that came from `opts.file` (the name decides only whether JSON comments are
 * allowed and how relative paths resolve). Pure apart from reading files named by `envFile`.
 * @throws {ConfigError} `MCPB_CONFIG_INVALID` listing every problem, each with path, line, column and hint.
 */
export function parseConfig(text: string, opts: ParseConfigOptions): BridgeConfig {
  const file = resolve(opts.file);
  const parsed = /\.toml$/i.test(opts.file) ? readToml(text, opts.file) : readYaml(text, opts.file);
  const { root, locator, excerptSource } = parsed;
  const raw: RawIssue[] = [];
  const config = buildConfig(root, raw, { file, locator, env: opts.env ?? process.env, options: opts });
  const toIssue = (i: RawIssue): ConfigIssue => ({
    path: formatPath(i.path),
    ...locator.position(i.pos ?? i.path, i.at),
    message: i.message,
    ...(i.hint ? { hint: i.hint } : {}),
  });
  const byLine = (a: ConfigIssue, b: ConfigIssue) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
  const errors = raw
    .filter((i) => !i.warning)
    .map(toIssue)
    .sort(byLine);
  if (errors.length > 0 || config === undefined)
    throw new ConfigError(CONFIG_INVALID, { file: opts.file, issues: errors, ...(excerptSource !== undefined ? { excerptSource } : {}) });
  const warnings = raw
    .filter((i) => i.warning)
    .map(toIssue)
    .sort(byLine);
  return warnings.length > 0 ? { ...config, warnings } : config;
}

/** A parsed document, how to find a path in its source, and the source with secrets masked for excerpts. */
interface ParsedDocument {
  root: unknown;
  locator: Locator;
  excerptSource?: string;
}

function readYaml(text: string, file: string): ParsedDocument {
  const source = /\.jsonc?$/i.test(file) ? blankJsonComments(text) : text;
  const lineCounter = new (Y().LineCounter)();
  const doc = Y().parseDocument(source, { lineCounter, prettyErrors: false, merge: true, uniqueKeys: true });
  const excerptSource = maskSecrets(source, doc);
  const at = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  if (doc.errors.length > 0) {
    const issues = doc.errors.map(
      (e): ConfigIssue => ({
        path: '',
        ...at(e.pos[0]),
        message: `syntax error: ${e.message}`,
        hint: syntaxHint(e.code, source !== text || /\.json/i.test(file)),
      }),
    );
    throw new ConfigError(CONFIG_INVALID, { file, issues, excerptSource, summary: `Config ${file} does not parse` });
  }
  let root: unknown;
  try {
    root = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    throw new ConfigError(
      CONFIG_INVALID,
      { file, issues: [{ path: '', message: `the document could not be read: ${(err as Error).message}`, hint: 'use fewer aliases' }] },
      { cause: err },
    );
  }
  return { root, locator: yamlLocator(doc, at, source), excerptSource };
}

/** TOML (Codex `config.toml`): positions come from the key that set each path; no excerpt is shown. */
function readToml(text: string, file: string): ParsedDocument {
  let parsed: ReturnType<typeof parseToml>;
  try {
    parsed = parseToml(text);
  } catch (err) {
    if (!(err instanceof TomlSyntaxError)) throw err;
    const message = err.message.replace(/ \(line \d+, column \d+\)$/, '');
    throw new ConfigError(
      CONFIG_INVALID,
      {
        file,
        issues: [{ path: '', line: err.line, column: err.column, message: `syntax error: ${message}`, hint: 'check the quoting and brackets near this spot' }],
        summary: `Config ${file} does not parse`,
      },
      { cause: err },
    );
  }
  const locator: Locator = {
    position(path) {
      for (let n = path.length; n > 0; n--) {
        const hit = parsed.positions.get(JSON.stringify(path.slice(0, n)));
        if (hit) return hit;
      }
      return undefined;
    },
    scalarSource: () => undefined,
  };
  return { root: parsed.value, locator };
}

/** Finds the node (and the pair holding it) at a path; stops at the deepest node that exists. */
function walk(doc: Document, path: DocPath): { node: unknown; pair?: Pair; complete: boolean } {
  let node: unknown = doc.contents;
  let pair: Pair | undefined;
  for (const seg of path) {
    if (Y().isAlias(node)) node = node.resolve(doc);
    let next: unknown;
    let nextPair: Pair | undefined;
    if (Y().isMap(node)) {
      nextPair = node.items.find((p) => (Y().isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(seg));
      next = nextPair?.value;
      if (nextPair && next == null) next = nextPair.key;
    } else if (Y().isSeq(node) && typeof seg === 'number') next = node.items[seg];
    if (next === undefined || next === null) return { node, pair, complete: false };
    node = next;
    pair = nextPair;
  }
  return { node, pair, complete: true };
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range ? range[0] : undefined;
}

function yamlLocator(doc: Document, at: (offset: number) => Position, source: string): Locator {
  return {
    position(path, where = 'value') {
      const found = walk(doc, path);
      const target = where === 'key' && found.complete && found.pair ? found.pair.key : found.node;
      const offset = rangeStart(target) ?? rangeStart(doc.contents);
      return offset === undefined ? undefined : at(offset);
    },
    scalarSource(path) {
      const found = walk(doc, path);
      if (!found.complete || !Y().isScalar(found.node) || !found.node.range) return undefined;
      return source.slice(found.node.range[0], found.node.range[1]);
    },
  };
}

/**
 * The source with every `env` and `headers` value, URL credentials and secret query values
 * replaced by asterisks of the same length, so excerpts can be shown and carets still line up.
 */
function maskSecrets(source: string, doc: Document): string {
  const chars = source.split('');
  const mask = (start: number, end: number) => {
    for (let i = start; i < end && i < chars.length; i++) if (chars[i] !== '\n' && chars[i] !== '\r') chars[i] = '*';
  };
  Y().visit(doc, {
    Pair(_, pair) {
      const key = Y().isScalar(pair.key) ? String(pair.key.value) : '';
      const value = pair.value as { range?: [number, number, number] } | null;
      if ((key === 'env' || key === 'headers') && value?.range) {
        if (Y().isMap(value))
          for (const item of value.items) {
            const r = (item.value as { range?: [number, number, number] } | null)?.range;
            if (r) mask(r[0], r[1]);
          }
        else mask(value.range[0], value.range[1]);
      } else if ((key === 'url' || key === 'serverUrl') && Y().isScalar(value) && value.range) {
        const text = source.slice(value.range[0], value.range[1]);
        const masked = maskUrlText(text);
        for (let i = 0; i < masked.length; i++) chars[value.range[0] + i] = masked[i]!;
      }
    },
  });
  return chars.join('');
}

function maskUrlText(text: string): string {
  const stars = (s: string) => '*'.repeat(s.length);
  return text
    .replace(/(\/\/)([^/?#@\s"']*)@/, (_, slashes: string, info: string) => `${slashes}${stars(info)}@`)
    .replace(/([?&])([^=&#\s"']+)=([^&#\s"']*)/g, (all, sep: string, key: string, value: string) => (isSecretName(key) ? `${sep}${key}=${stars(value)}` : all));
}

function syntaxHint(code: string, json: boolean): string {
  if (code === 'DUPLICATE_KEY') return 'each key may appear only once in a mapping (server names must be unique)';
  if (code === 'TAB_AS_INDENT') return 'indent with spaces, not tabs';
  if (json) return 'check for a missing comma, quote or bracket just before this spot';
  if (code === 'BAD_INDENT' || code === 'MISSING_CHAR') return 'check the indentation and the closing bracket or quote near this spot';
  return 'check the indentation and quoting near this spot (a value holding ": " or starting with a special character needs quotes)';
}
