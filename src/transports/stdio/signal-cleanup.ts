// Opt-in signal cleanup for programs (the CLI): on SIGINT/SIGTERM/SIGHUP kill every server tree, then
// exit with 128+signo. A library never installs this itself: swallowing signals is the host's call.
import { constants } from 'node:os';
import { killAllServersSync } from './exit-hook.js';

export interface SignalCleanupOptions {
  /** Signals to handle (default SIGINT, SIGTERM, SIGHUP). */
  signals?: NodeJS.Signals[];
  /** Called after the servers were killed and before exiting (flush logs, print a line). Must be synchronous. */
  beforeExit?: (signal: NodeJS.Signals) => void;
}

let uninstallCurrent: (() => void) | undefined;

/**
 * Installs handlers that kill every live server process tree on a termination signal and then exit
 * with `128 + signal number` (130 for SIGINT). Idempotent; returns a function that removes them.
 */
export function installSignalCleanup(options: SignalCleanupOptions = {}): () => void {
  if (uninstallCurrent) return uninstallCurrent;
  const signals = options.signals ?? ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const handlers = new Map<NodeJS.Signals, () => void>();
  const uninstall = (): void => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
    handlers.clear();
    if (uninstallCurrent === uninstall) uninstallCurrent = undefined;
  };
  for (const signal of signals) {
    const handler = (): void => {
      killAllServersSync();
      uninstall();
      try {
        options.beforeExit?.(signal);
      } finally {
        process.exit(128 + (constants.signals[signal] ?? 0));
      }
    };
    handlers.set(signal, handler);
    process.on(signal, handler);
  }
  uninstallCurrent = uninstall;
  return uninstall;
}
