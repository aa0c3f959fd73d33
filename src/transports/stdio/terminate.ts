// Staged teardown of a server's process tree (STDIO-7): end stdin, wait; SIGTERM the tree, wait;
// SIGKILL the tree, wait. The only tree-kill import (loaded on first use). POSIX servers lead their own
// process group, so signalling the negative pid reaches wrappers' grandchildren (npx → node) even after
// the wrapper exited.
import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { nodeFs } from '../../util/node-fs.js';
import { descendantsOf, groupHasLiveMember, procTreeAvailable, signalIdentity, stillRunning, type ProcIdentity } from './proc-tree.js';

/** What the teardown needs to know about one server process. */
export interface TerminateTarget {
  /** The server's pid (undefined when it never started). */
  readonly pid: number | undefined;
  /** True when the process leads its own process group (POSIX, spawned detached). */
  readonly leadsGroup: boolean;
  /** Closes our end of the server's stdin (the polite shutdown request). */
  endStdin(): void;
  /** True once the process exited and its stdout (and piped stderr) reached end of file. */
  isDone(): boolean;
  /** True once the direct child exited (its pid may be reused afterwards: never signal it directly then). */
  hasExited(): boolean;
  /** Subscribes to progress (exit, stdout end); returns an unsubscribe. */
  onProgress(listener: () => void): () => void;
}

/** Bounds of each stage, in milliseconds. */
export interface TerminateTimeouts {
  stdinGraceMs: number;
  termGraceMs: number;
  killGraceMs: number;
}

/** The stage that ended the tree, or `did-not-exit` when even SIGKILL left something behind within the bound. */
export type TerminateOutcome = 'stdin-closed' | 'sigterm' | 'sigkill' | 'did-not-exit';

export interface TerminateOptions {
  /** Skip the stdin stage (the server already closed its side). */
  skipStdin?: boolean;
  /** Keep the event loop alive while waiting (true for an awaited close(); false for background sweeps). */
  keepAlive?: boolean;
}

/** Runs the staged teardown; resolves within stdinGraceMs + termGraceMs + killGraceMs (+ a small poll slack). */
export async function terminateTree(target: TerminateTarget, timeouts: TerminateTimeouts, options: TerminateOptions = {}): Promise<TerminateOutcome> {
  const keepAlive = options.keepAlive ?? true;
  // Descendants seen while the root was alive, so they can be stopped after it exits (Linux).
  const known = new Map<number, ProcIdentity>();
  const remember = (): void => {
    if (target.pid === undefined || target.hasExited()) return;
    for (const identity of descendantsOf(target.pid)) known.set(identity.pid, identity);
  };
  const finished = (): boolean => target.isDone() && !groupAlive(target) && ![...known.values()].some(stillRunning);
  remember();
  if (!options.skipStdin) {
    target.endStdin();
    if (await waitFor(finished, target, timeouts.stdinGraceMs, keepAlive)) return 'stdin-closed';
  } else if (finished()) {
    return 'stdin-closed';
  }
  remember();
  await signalTree(target, 'SIGTERM', known);
  if (await waitFor(finished, target, timeouts.termGraceMs, keepAlive)) return 'sigterm';
  remember();
  await signalTree(target, 'SIGKILL', known);
  if (await waitFor(finished, target, timeouts.killGraceMs, keepAlive)) return 'sigkill';
  return 'did-not-exit';
}

/** True while any member of the target's process group is still alive (POSIX); false when it has no group. */
export function groupAlive(target: Pick<TerminateTarget, 'pid' | 'leadsGroup'>): boolean {
  if (!target.leadsGroup || target.pid === undefined || process.platform === 'win32') return false;
  // Signal 0 only probes. ESRCH: no member left; EPERM: the id now belongs to someone else's group.
  try {
    process.kill(-target.pid, 0);
  } catch {
    return false;
  }
  return groupHasLiveMember(target.pid) ?? true;
}

/** Sends `signal` to the process group led by `pid`; false when the group is gone. Never throws. */
export function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Synchronous last-resort kill of a server tree, for `process.on('exit')` (no async work is possible there). */
export function killTreeSync(pid: number, leadsGroup: boolean): void {
  if (process.platform === 'win32') {
    spawnSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    return;
  }
  const descendants = descendantsOf(pid, { fresh: true });
  if (leadsGroup) signalGroup(pid, 'SIGKILL');
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* gone */
  }
  for (const identity of descendants) signalIdentity(identity, 'SIGKILL');
}

async function signalTree(target: TerminateTarget, signal: 'SIGTERM' | 'SIGKILL', known: ReadonlyMap<number, ProcIdentity>): Promise<void> {
  const pid = target.pid;
  if (pid === undefined) return;
  if (process.platform === 'win32') {
    // Windows has no SIGTERM for console programs: both stages force-kill the tree (taskkill /T /F).
    if (!target.hasExited()) await treeKillBounded(pid, signal);
    return;
  }
  if (target.leadsGroup) signalGroup(pid, signal);
  for (const identity of known.values()) signalIdentity(identity, signal);
  if (!target.hasExited()) {
    try {
      process.kill(pid, signal);
    } catch {
      /* exited meanwhile */
    }
    // Without /proc, descendants that moved to their own session are found by tree-kill (ppid walk
    // from the live root). It needs `ps` and crashes the host without it, hence the check.
    if (!procTreeAvailable && psAvailable()) await treeKillBounded(pid, signal);
  }
}

// tree-kill is CommonJS: importing it starts Node's CJS loader, 17-30 ms on the first stdio connect
// of a process (inside W7's start-up clock). Only Windows and systems without /proc need it.
type TreeKill = (pid: number, signal: string, callback: () => void) => void;
let treeKillModule: Promise<{ default: TreeKill }> | undefined;

async function treeKillBounded(pid: number, signal: string): Promise<void> {
  let treeKill: TreeKill;
  try {
    treeKillModule ??= import('tree-kill');
    treeKill = (await treeKillModule).default;
  } catch {
    return;
  }
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 1000);
    timer.unref();
    try {
      treeKill(pid, signal, () => {
        clearTimeout(timer);
        resolve();
      });
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

let psCache: boolean | undefined;
function psAvailable(): boolean {
  if (psCache !== undefined) return psCache;
  psCache = (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        const fs = nodeFs();
        fs.accessSync(join(dir, 'ps'), fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  return psCache;
}

/** Waits until `done()` or `ms` elapse; wakes on target progress and polls (group members give no events). */
function waitFor(done: () => boolean, target: TerminateTarget, ms: number, keepAlive: boolean): Promise<boolean> {
  if (done()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const finish = (value: boolean): void => {
      clearTimeout(deadline);
      clearInterval(poll);
      off();
      resolve(value);
    };
    const check = (): void => {
      if (done()) finish(true);
    };
    const deadline = setTimeout(() => finish(done()), ms);
    const poll = setInterval(check, 25);
    if (!keepAlive) {
      deadline.unref();
      poll.unref();
    }
    const off = target.onProgress(check);
  });
}
