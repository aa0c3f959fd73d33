// Linux: the descendants of a process, read from /proc. Lets teardown reach children that left the
// server's process group (setsid, detached spawns) even after their parent exited, which neither a
// group signal nor tree-kill (it walks ppid links from a live root) can do. Empty elsewhere.
import { nodeFs as fs } from '../../util/node-fs.js';

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
      fs().readFileSync('/proc/self/stat', 'utf8');
      return true;
    } catch {
      return false;
    }
  })();

interface ProcStat {
  ppid: number;
  pgid: number;
  startTime: string;
  zombie: boolean;
}

function readStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = fs().readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is parenthesised and may contain spaces or parens: fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), pgid: Number(fields[2]), startTime: fields[19] ?? '', zombie: fields[0] === 'Z' || fields[0] === 'X' };
}

/**
 * How long one reading of the whole process table serves every tree being torn down. Closing a
 * manager closes all its servers in the same moment; each teardown used to read every
 * `/proc/<pid>/stat` on the machine for itself (377 ms for 10 servers on a busy machine, growing
 * with servers × processes). A process forked within this window after the reading is missed, as
 * one forked just after a fresh reading always was; the exit hook reads afresh.
 */
export const PROC_TABLE_REUSE_MS = 50;

/** See {@link groupHasLiveMember}. */
const GROUP_CHECK_REUSE_MS = 5;

let table: { readAt: number; stats: Map<number, ProcStat> } | undefined;

/** Every process's stat, read at most `maxAgeMs` ago; undefined without /proc. */
function processTable(maxAgeMs: number): Map<number, ProcStat> | undefined {
  if (!procTreeAvailable) return undefined;
  if (table && performance.now() - table.readAt <= maxAgeMs) return table.stats;
  let names: string[];
  try {
    names = fs().readdirSync('/proc');
  } catch {
    return undefined;
  }
  const stats = new Map<number, ProcStat>();
  for (const name of names) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    const pid = Number(name);
    const stat = readStat(pid);
    if (stat) stats.set(pid, stat);
  }
  table = { readAt: performance.now(), stats };
  return stats;
}

/**
 * Live descendants of `pid` (children first), or [] when /proc is unavailable. Synchronous: usable in
 * an exit hook, which passes `fresh` to read the table now rather than reuse a recent reading.
 */
export function descendantsOf(pid: number, options: { fresh?: boolean } = {}): ProcIdentity[] {
  const stats = processTable(options.fresh ? -1 : PROC_TABLE_REUSE_MS);
  if (!stats) return [];
  const children = new Map<number, ProcIdentity[]>();
  for (const [child, stat] of stats) {
    if (stat.zombie) continue;
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
 * Shares only a reading of the same moment (the teardowns of one close), so that a member seen
 * alive is read again at the caller's next poll.
 */
export function groupHasLiveMember(pgid: number): boolean | undefined {
  const stats = processTable(GROUP_CHECK_REUSE_MS);
  if (!stats) return undefined;
  for (const stat of stats.values()) if (stat.pgid === pgid && !stat.zombie) return true;
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
