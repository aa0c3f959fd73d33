// Variable expansion in config strings over an injected environment: ${VAR}, ${VAR:-default},
// ${env:VAR}, ${workspaceFolder} and friends, with $${ as the escape for a literal "${".
// Problems name the variable, never the surrounding text, because that text may be a secret.

import { basename, sep } from '../util/node-path.js';

/** What expansion reads: the environment and the config file's folder. */
export interface ExpandContext {
  /** Variables for `${VAR}`; an `undefined` value counts as unset. */
  env: Readonly<Record<string, string | undefined>>;
  /** Absolute folder of the config file. */
  configDir: string;
  /** The value of `${workspaceFolder}`: the folder above a host folder such as `.vscode/`. @defaultValue `configDir` */
  workspaceFolder?: string;
  /** Values for VS Code's `${input:id}` prompts, by id. */
  inputs?: Readonly<Record<string, string>>;
}

/** The environment variable that supplies `${input:id}`: `MCP_BRIDGE_INPUT_` and the id in capitals. */
export function inputVariable(id: string): string {
  return `MCP_BRIDGE_INPUT_${id.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}`;
}

/** Why a string could not be expanded. `variable` is set when the cause is an unset variable. */
export interface ExpandProblem {
  message: string;
  hint: string;
  variable?: string;
}

/** Outcome of {@link expandString}. */
export type ExpandResult = { ok: true; value: string } | { ok: false; problems: ExpandProblem[] };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const REFERENCE = /^(env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([\s\S]*))?$/;

/**
 * Expands variable references in one config string.
 *
 * - `${VAR}` and `${env:VAR}`: the variable's value; unset is a problem, never a silent empty string.
 * - `${VAR:-default}`: the default when VAR is unset or empty (shell semantics); the default may
 *   itself contain references.
 * - `${workspaceFolder}` (the config file's folder), `${workspaceFolderBasename}`, `${userHome}`
 *   (HOME or USERPROFILE), `${pathSeparator}` and `${/}`.
 * - `$${` is a literal `${` (scanning left to right, so `$$${X}` gives `$${X}`). Any other `$` is
 *   literal: `pa$$word` stays as written and `$VAR` without braces is not expanded.
 * - `${input:id}` (VS Code prompts): `inputs[id]`, else the variable `MCP_BRIDGE_INPUT_<ID>`; unset is a problem.
 * - Other `${scheme:...}` forms are reported as unsupported.
 */
export function expandString(input: string, ctx: ExpandContext): ExpandResult {
  const problems: ExpandProblem[] = [];
  const value = expandInto(input, ctx, problems);
  return problems.length === 0 ? { ok: true, value } : { ok: false, problems };
}

function expandInto(input: string, ctx: ExpandContext, problems: ExpandProblem[]): string {
  let out = '';
  let i = 0;
  while (i < input.length) {
    if (input.startsWith('$${', i)) {
      out += '${';
      i += 3;
    } else if (input.startsWith('${', i)) {
      const end = matchingBrace(input, i + 2);
      if (end < 0) {
        problems.push({ message: 'a "${" has no closing "}"', hint: 'close the reference as ${NAME}, or write $${ for a literal "${"' });
        return out;
      }
      out += resolve(input.slice(i + 2, end), ctx, problems);
      i = end + 1;
    } else {
      out += input[i];
      i += 1;
    }
  }
  return out;
}

/** Index of the `}` closing a reference whose body starts at `from`, counting nested `${`. */
function matchingBrace(input: string, from: number): number {
  let depth = 0;
  for (let i = from; i < input.length; i++) {
    if (input.startsWith('$${', i)) i += 2;
    else if (input.startsWith('${', i)) {
      depth += 1;
      i += 1;
    } else if (input[i] === '}') {
      if (depth === 0) return i;
      depth -= 1;
    }
  }
  return -1;
}

function resolve(body: string, ctx: ExpandContext, problems: ExpandProblem[]): string {
  const builtin = builtinVariable(body, ctx, problems);
  if (builtin !== undefined) return builtin;
  const ref = REFERENCE.exec(body);
  if (ref) {
    const [, , name, fallback] = ref;
    const value = ctx.env[name!];
    if (fallback !== undefined) return value === undefined || value === '' ? expandInto(fallback, ctx, problems) : value;
    if (value !== undefined) return value;
    problems.push({
      variable: name,
      message: `environment variable ${name} is not set`,
      hint: `set ${name}, or give a default: \${${name}:-value}`,
    });
    return '';
  }
  const input = /^input:(.*)$/s.exec(body);
  if (input) {
    const given = input[1]!;
    const supplied = ctx.inputs && Object.hasOwn(ctx.inputs, given) ? ctx.inputs[given] : ctx.env[inputVariable(given)];
    if (supplied !== undefined) return supplied;
    const plain = NAME.test(given.replace(/[.-]/g, '_'));
    const id = plain ? given : '...';
    const name = plain ? given.toUpperCase().replace(/[.-]/g, '_') : 'NAME';
    problems.push({
      variable: plain ? inputVariable(given) : undefined,
      message: `\${input:${id}} is a VS Code prompt variable with no value here`,
      hint: `set ${plain ? inputVariable(given) : 'MCP_BRIDGE_INPUT_<ID>'} (or pass inputs: { "${id}": ... } to loadConfig), or replace it with \${env:${name}} and set ${name}`,
    });
    return '';
  }
  const scheme = /^([A-Za-z]+):/.exec(body);
  problems.push(
    scheme
      ? { message: `\${${scheme[1]}:...} variables are not supported`, hint: 'supported: ${VAR}, ${VAR:-default}, ${env:VAR}, ${workspaceFolder}, ${userHome}' }
      : {
          message: 'malformed variable reference',
          hint: 'write ${NAME} or ${NAME:-default} with NAME made of letters, digits and _ (not starting with a digit); $${ is a literal "${"',
        },
  );
  return '';
}

function builtinVariable(body: string, ctx: ExpandContext, problems: ExpandProblem[]): string | undefined {
  switch (body) {
    case 'workspaceFolder':
      return ctx.workspaceFolder ?? ctx.configDir;
    case 'workspaceFolderBasename':
      return basename(ctx.workspaceFolder ?? ctx.configDir);
    case 'pathSeparator':
    case '/':
      return sep;
    case 'userHome': {
      const home = ctx.env.HOME ?? ctx.env.USERPROFILE;
      if (home !== undefined && home !== '') return home;
      problems.push({ variable: 'HOME', message: '${userHome} needs HOME (or USERPROFILE), which is not set', hint: 'set HOME, or write the folder out' });
      return '';
    }
    default:
      return undefined;
  }
}
