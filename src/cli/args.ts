// Parses the command line with node:util's parseArgs against the option table
// (command-table.ts): the command, its positionals, the options it takes, and what follows `--`.
// Each option is checked against the command that got it, so a flag another command owns is an
// error, not silently ignored.
import { parseArgs as nodeParseArgs } from 'node:util';
import { closest } from '../util/did-you-mean.js';
import { COMMANDS, commandSpec, GLOBAL_OPTIONS, OPTIONS, optionSpec } from './command-table.js';
import { UsageError } from './io.js';

export interface ParsedArgs {
  command?: string;
  positionals: string[];
  config?: string;
  json: boolean;
  format?: string;
  verbose: boolean;
  quiet: boolean;
  help: boolean;
  /** `--version`: print the version and exit. */
  version: boolean;
  /** Arguments after `--` (record: the server command line). */
  rest: string[];
  out?: string;
  timeout?: string;
  /** `--server NAME` (repeatable, or comma-separated): start only these servers of the config. */
  servers: string[];
  /** `--from HOST`: read that host's config file (claude-desktop, cursor, vscode, gemini, codex...). */
  from?: string;
  /** `-e KEY=VALUE` (repeatable): environment of an ad-hoc stdio server. */
  envs: string[];
  /** `-H 'Name: value'` (repeatable): headers of an ad-hoc URL server. */
  headers: string[];
  /** `--transport`: of an ad-hoc server (stdio, http, sse, streamable-http, auto). */
  transport?: string;
  /** Whether an ad-hoc stdio server gets the whole exported environment (`--pass-env`, the default) or the allow-list (`--no-pass-env`). */
  passEnv: boolean;
  /** auth login: the scopes to ask for (space-separated). */
  scope?: string;
  /** search: how many tools at most (checked by the command). */
  limit?: string;
  /** tools: `--tool-search` (true) or `--tool-search=false`; absent: the config's `toolSearch.enabled` decides. */
  toolSearch?: boolean;
  /** call: `--yes`, confirm what the policy says to confirm without asking. */
  yes: boolean;
  /** pin: `--update SERVER` (repeatable, or comma-separated): pin these servers again, keep the others. */
  update: string[];
  /** pin: `--check`: compare with the lock file instead of writing it. */
  check: boolean;
  /** doctor: `--refresh`: ignore (and replace) the remembered era verdicts and saved tool lists. */
  refresh: boolean;
  /** serve: `--stdio` (the default transport). */
  stdio?: boolean;
  /** serve: `--http HOST:PORT`. */
  http?: string;
  /** serve: `--profile NAME`. */
  profile?: string;
  /** serve: `--token TOKEN`, the bearer token HTTP clients must send. */
  token?: string;
  /** import: `--file PATH`, the host file to read. */
  file?: string;
  /** import: `--force`, replace an existing `--out` file. */
  force: boolean;
  /** import: `--rewrite-host`, write the serve entry into the host file (keeping a backup). */
  rewriteHost: boolean;
}

type NodeOptions = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

const NODE_OPTIONS: NodeOptions = Object.fromEntries(
  OPTIONS.map((o) => [o.name, { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple || o.type === 'boolean' ? { multiple: true } : {}) }]),
);

const NEGATIVE = '\u0000';

const FLAG_VALUES: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, yes: true, no: false };

/** Parses argv (without node and the script). @throws UsageError */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const dash = argv.indexOf('--');
  // A negative number is a value, never an option (`call set-offset -5`): hidden from parseArgs, put back after.
  const own = (dash < 0 ? [...argv] : argv.slice(0, dash)).map((a) => (/^-\d/.test(a) ? NEGATIVE + a : a));
  const back = (v: string) => (v.startsWith(NEGATIVE) ? v.slice(NEGATIVE.length) : v);
  const rest = dash < 0 ? [] : argv.slice(dash + 1);
  // Not strict: unknown options and `--flag=false` come back as tokens, checked below with a
  // did-you-mean, instead of parseArgs' own terse errors.
  const { tokens } = nodeParseArgs({ args: own, options: NODE_OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const positionals: string[] = [];
  const values = new Map<string, Array<string | boolean>>();
  const seen: Array<{ name: string; raw: string }> = [];
  for (const token of tokens) {
    if (token.kind === 'positional') {
      positionals.push(back(token.value));
      continue;
    }
    if (token.kind !== 'option') continue;
    const spec = optionSpec(token.name);
    if (!spec) throw unknownOption(token.rawName);
    let value: string | boolean;
    if (spec.type === 'boolean') {
      if (token.value === undefined) value = true;
      else if (token.value in FLAG_VALUES) value = FLAG_VALUES[token.value]!;
      else throw new UsageError(`${token.rawName} is a flag: give it alone, or as ${token.rawName}=true|false (got "${token.value}")`);
    } else {
      if (token.value === undefined) throw new UsageError(`${token.rawName} needs a value${spec.value ? ` (${spec.value})` : ''}`);
      // `-c=FILE` comes back as "=FILE" (short options take what follows them).
      value = back(!token.inlineValue || token.rawName.startsWith('--') ? token.value : token.value.replace(/^=/, ''));
      if (!token.inlineValue && token.value.startsWith('-') && token.value.length > 1 && !/^-\d/.test(token.value) && optionLike(token.value))
        throw new UsageError(`${token.rawName} needs a value${spec.value ? ` (${spec.value})` : ''}, got the option ${token.value}`);
    }
    seen.push({ name: spec.name, raw: token.rawName });
    values.set(spec.name, [...(values.get(spec.name) ?? []), value]);
  }
  const last = <T extends string | boolean>(name: string): T | undefined => values.get(name)?.at(-1) as T | undefined;
  const all = (name: string): string[] => (values.get(name) ?? []) as string[];
  const command = positionals.shift();
  if (command !== undefined && command !== 'help') checkOptions(command, seen);
  if (last('pass-env') === true && last('no-pass-env') === true) throw new UsageError('give --pass-env or --no-pass-env, not both');
  const parsed: ParsedArgs = {
    positionals,
    json: last('json') ?? false,
    verbose: last('verbose') ?? false,
    quiet: last('quiet') ?? false,
    help: last('help') ?? false,
    version: last('version') ?? false,
    rest,
    servers: all('server').flatMap((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
    envs: all('env'),
    update: all('update').flatMap((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
    check: last('check') ?? false,
    refresh: last('refresh') ?? false,
    headers: all('header'),
    passEnv: last('no-pass-env') === true ? false : (last('pass-env') ?? true),
    yes: last('yes') ?? false,
    force: last('force') ?? false,
    rewriteHost: last('rewrite-host') ?? false,
  };
  if (command !== undefined) parsed.command = command;
  const toolSearch = last<boolean>('tool-search');
  if (toolSearch !== undefined) parsed.toolSearch = toolSearch;
  const stdio = last<boolean>('stdio');
  if (stdio !== undefined) parsed.stdio = stdio;
  for (const key of ['config', 'format', 'out', 'timeout', 'from', 'transport', 'scope', 'limit', 'http', 'profile', 'token', 'file'] as const) {
    const v = last<string>(key);
    if (v !== undefined) parsed[key] = v;
  }
  return parsed;
}

function optionLike(word: string): boolean {
  const name = word.replace(/^--?/, '').split('=')[0]!;
  return OPTIONS.some((o) => o.name === name || o.short === name);
}

function unknownOption(raw: string): UsageError {
  const long = raw.startsWith('--');
  const name = raw.replace(/^--?/, '');
  const match = closest(name, long ? OPTIONS.map((o) => o.name) : OPTIONS.flatMap((o) => (o.short ? [o.short] : [])));
  return new UsageError(`unknown option ${raw}${match ? `; did you mean ${long ? '--' : '-'}${match}?` : ''}`);
}

/** An option the command does not take is an error naming the commands that do. */
function checkOptions(command: string, seen: ReadonlyArray<{ name: string; raw: string }>): void {
  const spec = commandSpec(command);
  if (!spec) return;
  for (const { name, raw } of seen) {
    if (GLOBAL_OPTIONS.includes(name) || spec.options.includes(name)) continue;
    const owners = COMMANDS.filter((c) => c.options.includes(name)).map((c) => c.name);
    throw new UsageError(
      `${command} does not take ${raw}${owners.length > 0 ? ` (${owners.join(', ')} do${owners.length === 1 ? 'es' : ''})` : ''}; see mcp-bridge ${command} --help`,
    );
  }
}

/** The command closest to a misspelt one, for "did you mean". */
export function suggestCommand(word: string): string | undefined {
  const names = COMMANDS.map((c) => c.name);
  // A prefix or a plural slip (`tool` for `tools`, `prompts` for `prompt`) before the edit distance.
  return names.find((n) => n === `${word}s` || `${n}s` === word) ?? names.find((n) => n.startsWith(word) && word.length >= 3) ?? closest(word, names);
}
