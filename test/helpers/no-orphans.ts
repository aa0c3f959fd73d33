// Proof that no process is left behind: reads the Linux process table from /proc (never trusts our
// own bookkeeping) to list a pid's descendants and group, and polls until given pids are gone.
import { AssertionError } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** One row of the process table. */
export interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  /** Single-letter state from /proc/<pid>/stat (`R`, `S`, `Z`, ...). */
  state: string;
  comm: string;
}

/** True when /proc is available (Linux); tests that need it should skip otherwise. */
export function procAvailable(): boolean {
  try {
    readFileSync('/proc/self/stat', 'utf8');
    return true;
  } catch {
    return false;
  }
}

/** Reads one process's stat line, or undefined when it no longer exists. */
export function readProc(pid: number): ProcInfo | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // comm is parenthesised and may itself contain spaces or parens: split at the LAST ')'.
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < 0) return undefined;
  const rest = text.slice(close + 2).split(' ');
  return { pid, comm: text.slice(open + 1, close), state: rest[0] ?? '?', ppid: Number(rest[1]), pgid: Number(rest[2]) };
}

/** The whole process table. */
export function processTable(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = readProc(Number(name));
    if (info) out.push(info);
  }
  return out;
}

/** A process counts as alive unless it is gone or a zombie (a zombie holds no resources, only a pid slot). */
export function isAlive(pid: number): boolean {
  const info = readProc(pid);
  return info !== undefined && info.state !== 'Z' && info.state !== 'X';
}

/** Every live descendant of `pid` (children, grandchildren, ...), found through ppid links. */
export function descendantsOf(pid: number): number[] {
  const table = processTable().filter((p) => p.state !== 'Z' && p.state !== 'X');
  const byParent = new Map<number, number[]>();
  for (const p of table) {
    const list = byParent.get(p.ppid) ?? [];
    list.push(p.pid);
    byParent.set(p.ppid, list);
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    for (const child of byParent.get(next) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/** Every live member of process group `pgid`. */
export function processGroupMembers(pgid: number): number[] {
  return processTable()
    .filter((p) => p.pgid === pgid && p.state !== 'Z' && p.state !== 'X')
    .map((p) => p.pid);
}

/** `pid` with all its live descendants and group members: the set a test expects to vanish. */
export function processTree(pid: number): number[] {
  return [...new Set([pid, ...descendantsOf(pid), ...processGroupMembers(pid)])].filter(isAlive);
}

/** Polls until none of `pids` is alive or the deadline passes; returns the survivors (empty = success). */
export async function waitForGone(pids: Iterable<number>, options: { timeoutMs?: number; intervalMs?: number } = {}): Promise<number[]> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let remaining = [...new Set(pids)];
  for (;;) {
    remaining = remaining.filter(isAlive);
    if (remaining.length === 0 || Date.now() >= deadline) return remaining;
    await sleep(options.intervalMs ?? 25);
  }
}

/** Fails (naming every survivor and its command) unless all `pids` are gone within the deadline. */
export async function assertNoProcesses(pids: Iterable<number>, options: { timeoutMs?: number; message?: string } = {}): Promise<void> {
  const list = [...pids];
  const survivors = await waitForGone(list, options);
  if (survivors.length === 0) return;
  const described = survivors.map((pid) => `${pid} (${describe(pid)})`).join(', ');
  throw new AssertionError({ message: `${options.message ?? 'processes left behind'}: ${described} still alive of [${list.join(', ')}]` });
}

function describe(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 200);
  } catch {
    return readProc(pid)?.comm ?? '?';
  }
}

/** Kills any survivors with SIGKILL (test cleanup after a failed assertion, so one failure does not leak). */
export function killAll(pids: Iterable<number>): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}
