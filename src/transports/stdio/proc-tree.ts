// Linux: the descendants of a process, read from /proc. Lets teardown reach children that left the
// server's process group (setsid, detached spawns) even after their parent exited, which neither a
// group signal nor tree-kill (it walks ppid links from a live root) can do. Empty elsewhere.
import { readdirSync, readFileSync } from 'node:fs';

/** A process identity that survives pid reuse: pid plus its start time in clock ticks since boot. */
export interface ProcIdentity {
  pid: number;
  startTime: string;
}

/** True when /proc can be read (Linux). */
export const procTreeAvailable: boolean =
  process.platform === 'linux' &&
  (() => {
    try {
      readFileSync('/proc/self/stat', 'utf8');
      return true;
    } catch {
      return false;
    }
  })();

function readStat(pid: number): { ppid: number; pgid: number; startTime: string; zombie: boolean } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is parenthesised and may contain spaces or parens: fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), pgid: Number(fields[2]), startTime: fields[19] ?? '', zombie: fields[0] === 'Z' || fields[0] === 'X' };
}

/** Live descendants of `pid` (children first), or [] when /proc is unavailable. Synchronous: usable in an exit hook. */
export function descendantsOf(pid: number): ProcIdentity[] {
  if (!procTreeAvailable) return [];
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const children = new Map<number, ProcIdentity[]>();
  for (const name of names) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    const child = Number(name);
    const stat = readStat(child);
    if (!stat || stat.zombie) continue;
    const list = children.get(stat.ppid) ?? [];
    list.push({ pid: child, startTime: stat.startTime });
    children.set(stat.ppid, list);
  }
  const out: ProcIdentity[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child.pid);
    }
  }
  return out;
}

/**
 * Whether process group `pgid` has a member that is not a zombie. A zombie still answers signal 0,
 * yet it is already dead and only waits for its (possibly slow) reaper. Undefined without /proc.
 */
export function groupHasLiveMember(pgid: number): boolean | undefined {
  if (!procTreeAvailable) return undefined;
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const name of names) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    const stat = readStat(Number(name));
    if (stat && stat.pgid === pgid && !stat.zombie) return true;
  }
  return false;
}

/** True while the process recorded in `identity` still runs (same pid and same start time). */
export function stillRunning(identity: ProcIdentity): boolean {
  const stat = readStat(identity.pid);
  return stat !== undefined && !stat.zombie && stat.startTime === identity.startTime;
}

/** Signals a recorded process only if it is still the same process. Never throws. */
export function signalIdentity(identity: ProcIdentity, signal: NodeJS.Signals): void {
  if (!stillRunning(identity)) return;
  try {
    process.kill(identity.pid, signal);
  } catch {
    /* gone meanwhile */
  }
}
