// Windows command resolution, as pure functions: find a bare command through PATH + PATHEXT (Node's
// spawn only tries .exe/.com, so `npx` → `npx.cmd` fails with ENOENT), and run .cmd/.bat shims via
// `cmd.exe /d /s /c "..."` with MSVCRT quoting plus caret escaping for cmd's parser.
import { win32 } from 'node:path';

/** The default PATHEXT when the environment has none. */
export const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';

/** Lookups the resolver needs; injected so the logic is testable on any OS. */
export interface WindowsLookup {
  /** PATH as the child will see it (`;`-separated). */
  path?: string;
  /** PATHEXT as the child will see it. */
  pathExt?: string;
  /** Working directory the command is resolved against when it contains a directory part. */
  cwd: string;
  /** True when `path` names an existing regular file. */
  isFile(path: string): boolean;
}

/** Finds the file Windows would run for `command`, or undefined. Bare names search PATH only (not the cwd: planting a binary there must not hijack servers). */
export function findWindowsExecutable(command: string, lookup: WindowsLookup): string | undefined {
  const exts = (lookup.pathExt || DEFAULT_PATHEXT)
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean);
  const hasDir = /[\\/]/.test(command) || /^[a-zA-Z]:/.test(command);
  const dirs = hasDir
    ? ['']
    : (lookup.path ?? '')
        .split(';')
        .map((d) => d.trim().replace(/^"(.*)"$/, '$1'))
        .filter(Boolean);
  const ownExt = win32.extname(command).toUpperCase();
  const runnableAsIs = ownExt !== '' && exts.some((e) => e.toUpperCase() === ownExt);
  for (const dir of dirs) {
    const base = hasDir ? win32.resolve(lookup.cwd, command) : win32.join(dir, command);
    // An extensionless file next to a .cmd (npm installs a POSIX shell script `npx` beside `npx.cmd`)
    // is not runnable on Windows, so the bare name is tried only when its extension is in PATHEXT.
    if (runnableAsIs && lookup.isFile(base)) return base;
    for (const ext of exts) {
      const candidate = base + ext.toLowerCase();
      if (lookup.isFile(candidate)) return candidate;
    }
  }
  return undefined;
}

/** True for files that must run through cmd.exe. */
export function isBatchFile(file: string): boolean {
  return /\.(cmd|bat)$/i.test(file);
}

/**
 * Quotes one argument by the MSVCRT / CommandLineToArgvW rules: wrap in quotes, escape inner quotes,
 * and double the backslashes that precede a quote or the closing quote.
 */
export function quoteWindowsArg(arg: string): string {
  let out = '"';
  let backslashes = 0;
  for (const ch of arg) {
    if (ch === '\\') {
      backslashes++;
      continue;
    }
    if (ch === '"') out += '\\'.repeat(backslashes * 2 + 1) + '"';
    else out += '\\'.repeat(backslashes) + ch;
    backslashes = 0;
  }
  return out + '\\'.repeat(backslashes * 2) + '"';
}

/** Characters cmd.exe treats specially outside quotes; each is escaped with a caret. */
const CMD_META = /[()[\]%!^"`<>&|;, *?]/g;

/** Escapes cmd.exe metacharacters with `^`, `times` times (once per cmd parsing pass the text goes through). */
export function escapeCmdMeta(text: string, times: number): string {
  let out = text;
  for (let i = 0; i < times; i++) out = out.replace(CMD_META, '^$&');
  return out;
}

/** How to spawn a resolved command. */
export interface SpawnPlan {
  file: string;
  args: string[];
  /** Pass to spawn: true when `args` is already a complete, quoted cmd.exe command line. */
  windowsVerbatimArguments: boolean;
  /** The file found on PATH (the .cmd itself for shims). */
  resolved: string;
}

/** Why a plan could not be made. */
export type PlanFailure = { failure: 'not-found'; command: string } | { failure: 'newline-in-argument'; command: string; index: number };

/**
 * Plans a Windows spawn: resolves `command`, and wraps batch files as
 * `cmd.exe /d /s /c "<cmd> <args>"` (`/d` skips AutoRun, `/s` strips exactly the outer quotes).
 * Arguments to a batch file are escaped twice: once for the `/c` line, once more because shims
 * re-parse them when they expand `%*`. CR/LF cannot be passed to a batch file safely and are refused.
 */
export function planWindowsSpawn(command: string, args: readonly string[], lookup: WindowsLookup & { comSpec?: string }): SpawnPlan | PlanFailure {
  const resolved = findWindowsExecutable(command, lookup);
  if (!resolved) return { failure: 'not-found', command };
  if (!isBatchFile(resolved)) return { file: resolved, args: [...args], windowsVerbatimArguments: false, resolved };
  const bad = args.findIndex((a) => /[\r\n]/.test(a));
  if (bad >= 0) return { failure: 'newline-in-argument', command, index: bad };
  const line = [escapeCmdMeta(quoteWindowsArg(resolved), 1), ...args.map((a) => escapeCmdMeta(quoteWindowsArg(a), 2))].join(' ');
  return { file: lookup.comSpec || 'cmd.exe', args: ['/d', '/s', '/c', `"${line}"`], windowsVerbatimArguments: true, resolved };
}
