// The child's environment: a safe allow-list of the parent's variables (or all of them when asked),
// with the configured variables on top (configured always wins; null unsets). Pure.

/** Parent variables passed to every server by default on POSIX. */
export const POSIX_ENV_ALLOWLIST: readonly string[] = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'LANG', 'LC_ALL', 'TMPDIR'];

/** Parent variables passed to every server by default on Windows (PATHEXT and COMSPEC included: without them shims fail). */
export const WINDOWS_ENV_ALLOWLIST: readonly string[] = [
  'APPDATA',
  'HOMEDRIVE',
  'HOMEPATH',
  'LOCALAPPDATA',
  'PATH',
  'PATHEXT',
  'PROCESSOR_ARCHITECTURE',
  'SYSTEMDRIVE',
  'SYSTEMROOT',
  'TEMP',
  'TMP',
  'USERNAME',
  'USERPROFILE',
  'COMSPEC',
  'WINDIR',
  'PROGRAMFILES',
];

export interface ChildEnvOptions {
  /** The parent's environment (normally `process.env`). */
  parentEnv: Readonly<Record<string, string | undefined>>;
  /** Configured variables; `null` removes the variable even if the parent has it. */
  env?: Readonly<Record<string, string | null>>;
  /** Pass the parent's whole environment instead of the allow-list. */
  inheritEnv?: boolean;
  /** `process.platform`; on `win32` names compare case-insensitively. */
  platform: string;
}

/** Builds the environment for a server process. */
export function buildChildEnv(options: ChildEnvOptions): Record<string, string> {
  const windows = options.platform === 'win32';
  const fold = (name: string): string => (windows ? name.toUpperCase() : name);
  // Keyed by folded name so that on Windows a configured `Path` replaces the parent's `PATH`.
  const out = new Map<string, [name: string, value: string]>();
  if (options.inheritEnv) {
    for (const [name, value] of Object.entries(options.parentEnv)) {
      if (value !== undefined) out.set(fold(name), [name, value]);
    }
  } else {
    const allow = new Set((windows ? WINDOWS_ENV_ALLOWLIST : POSIX_ENV_ALLOWLIST).map(fold));
    for (const [name, value] of Object.entries(options.parentEnv)) {
      if (value === undefined || !allow.has(fold(name))) continue;
      // Bash exports functions as `() { ...`; passing them on by default is a known injection vector.
      if (value.startsWith('()')) continue;
      out.set(fold(name), [name, value]);
    }
  }
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === null) out.delete(fold(name));
    else out.set(fold(name), [name, value]);
  }
  const result: Record<string, string> = {};
  for (const [name, value] of out.values()) result[name] = value;
  return result;
}

/** Looks a variable up the way the platform does (case-insensitively on Windows). */
export function getEnv(env: Readonly<Record<string, string | undefined>>, name: string, platform: string): string | undefined {
  if (platform !== 'win32') return env[name];
  const wanted = name.toUpperCase();
  for (const [key, value] of Object.entries(env)) if (key.toUpperCase() === wanted) return value;
  return undefined;
}
