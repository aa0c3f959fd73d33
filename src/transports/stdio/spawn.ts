// Starting a server process: merged env, cwd, pipes, own process group on POSIX, hidden window and
// PATHEXT/.cmd resolution on Windows, no shell. Spawn failures become SpawnError.
import { spawn as nodeSpawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { SpawnError } from '../../errors/transport-errors.js';
import { nodeFs } from '../../util/node-fs.js';
import { buildChildEnv, getEnv } from './child-env.js';
import { planWindowsSpawn } from './windows-command.js';

/** The signature of `child_process.spawn`, injectable for tests and sandboxes. */
export type SpawnFunction = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess;

export interface LaunchOptions {
  command: string;
  args?: readonly string[];
  env?: Readonly<Record<string, string | null>>;
  cwd?: string;
  inheritEnv?: boolean;
  stderr?: 'pipe' | 'inherit' | 'ignore';
  serverName?: string;
  spawn?: SpawnFunction;
  /** Overrides `process.platform` (tests). */
  platform?: string;
  /** Overrides `process.env` as the parent environment (tests). */
  parentEnv?: Readonly<Record<string, string | undefined>>;
}

/** A started (or starting) server process. */
export interface Launched {
  child: ChildProcess;
  /** True when the child leads its own process group (POSIX), so the whole group can be signalled. */
  leadsGroup: boolean;
  /** Resolves once the OS started the process; rejects with {@link SpawnError}. */
  ready: Promise<void>;
}

/**
 * Spawns the server. Throws {@link SpawnError} synchronously when the command cannot even be planned
 * (Windows: not found on PATH/PATHEXT, or CR/LF in an argument to a batch file).
 */
export function launchServer(options: LaunchOptions): Launched {
  const platform = options.platform ?? process.platform;
  const windows = platform === 'win32';
  const args = [...(options.args ?? [])];
  const cwd = options.cwd;
  const env = buildChildEnv({ parentEnv: options.parentEnv ?? process.env, env: options.env, inheritEnv: options.inheritEnv, platform });
  const spawnErrorInit = { command: options.command, args, cwd, server: options.serverName };

  let file = options.command;
  let fileArgs = args;
  let windowsVerbatimArguments = false;
  if (windows) {
    const plan = planWindowsSpawn(options.command, args, {
      path: getEnv(env, 'PATH', platform),
      pathExt: getEnv(env, 'PATHEXT', platform),
      comSpec: getEnv(env, 'COMSPEC', platform),
      cwd: cwd ?? process.cwd(),
      isFile,
    });
    if ('failure' in plan) {
      throw plan.failure === 'not-found'
        ? new SpawnError({ ...spawnErrorInit, causeCode: 'ENOENT', detail: 'command not found on PATH (tried every PATHEXT extension)' })
        : new SpawnError({
            ...spawnErrorInit,
            causeCode: 'EINVAL',
            detail: `argument ${plan.index} contains a line break, which cannot be passed safely to a .cmd/.bat file`,
            hint: 'remove line breaks from the arguments, or run the underlying program directly',
          });
    }
    ({ file, args: fileArgs, windowsVerbatimArguments } = plan);
  }

  const stdio: SpawnOptions['stdio'] = ['pipe', 'pipe', options.stderr ?? 'pipe'];
  const spawn = options.spawn ?? (nodeSpawn as SpawnFunction);
  let child: ChildProcess;
  try {
    child = spawn(file, fileArgs, {
      cwd,
      env,
      stdio,
      shell: false,
      windowsHide: true,
      windowsVerbatimArguments,
      // POSIX: a new process group (setsid), so close() can signal wrappers and their children together.
      // Windows: detached would open a new console; trees are killed with taskkill /T there.
      detached: !windows,
    });
  } catch (error) {
    throw mapSpawnError(error, spawnErrorInit);
  }

  const ready = new Promise<void>((resolve, reject) => {
    const onSpawn = (): void => {
      child.off('error', onError);
      resolve();
    };
    const onError = (error: Error): void => {
      child.off('spawn', onSpawn);
      reject(mapSpawnError(error, spawnErrorInit));
    };
    child.once('spawn', onSpawn);
    child.once('error', onError);
  });
  return { child, leadsGroup: !windows, ready };
}

function mapSpawnError(error: unknown, init: { command: string; args: string[]; cwd?: string; server?: string }): SpawnError {
  if (error instanceof SpawnError) return error;
  const causeCode = (error as NodeJS.ErrnoException | undefined)?.code;
  // Node reports a missing cwd as `spawn <command> ENOENT`, blaming the command: say what really failed.
  if (causeCode === 'ENOENT' && init.cwd !== undefined && !isDirectory(init.cwd)) {
    return new SpawnError(
      { ...init, causeCode, detail: `the working directory ${init.cwd} does not exist (ENOENT)`, hint: 'set cwd to an existing directory' },
      { cause: error },
    );
  }
  return new SpawnError({ ...init, causeCode }, { cause: error });
}

function isFile(path: string): boolean {
  try {
    return nodeFs().statSync(path).isFile();
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return nodeFs().statSync(path).isDirectory();
  } catch {
    return false;
  }
}
