// Registry of live server processes, killed synchronously when the host process exits (uncaught
// exception, process.exit(), end of the event loop), so a dying agent leaves no servers behind.
import { killTreeSync } from './terminate.js';

const live = new Map<number, { leadsGroup: boolean }>();
let hooked = false;

function onExit(): void {
  killAllServersSync();
}

/**
 * Records a live server process; returns the function that forgets it. The `exit` hook is added
 * with the first live child and removed with the last, so an idle library leaves `process` untouched.
 */
export function trackChild(pid: number, leadsGroup: boolean): () => void {
  const entry = { leadsGroup };
  live.set(pid, entry);
  if (!hooked) {
    process.on('exit', onExit);
    hooked = true;
  }
  return () => {
    if (live.get(pid) !== entry) return;
    live.delete(pid);
    if (live.size === 0 && hooked) {
      process.off('exit', onExit);
      hooked = false;
    }
  };
}

/** SIGKILLs every live server's process tree now, synchronously. Used by the exit hook and signal cleanup. */
export function killAllServersSync(): void {
  for (const [pid, { leadsGroup }] of live) {
    killTreeSync(pid, leadsGroup);
  }
  live.clear();
}

/** Pids of the server processes currently tracked (diagnostics, tests). */
export function liveServerPids(): number[] {
  return [...live.keys()];
}
