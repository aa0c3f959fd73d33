// What every fault test needs: a client on one misbehaving server (fast shutdown bounds), a bound
// on how long an outcome may take, proof that the server tree is gone, and a memory watch.
import assert from 'node:assert/strict';
import { Client, type ClientOptions } from '../../src/client/client.js';
import { StdioTransport, type StdioTransportOptions } from '../../src/transports/stdio/index.js';
import { assertNoProcesses, killAll, procAvailable, processTree } from '../helpers/no-orphans.js';
import { fixtureServer } from '../helpers/servers.js';

/** Shutdown bounds short enough for tests, long enough to show which stage ended a server. */
export const fastClose = { stdinGraceMs: 500, termGraceMs: 500, killGraceMs: 2000 };

export interface FaultClient {
  client: Client;
  transport: StdioTransport;
  /** Closes the client, then fails unless the server's whole tree is gone (Linux /proc). */
  closeAndCheck(): Promise<void>;
}

/** A client on test/faults/servers/<name>.mjs. */
export function faultClient(
  name: string,
  options: { env?: Record<string, string>; client?: ClientOptions; transport?: Partial<StdioTransportOptions> } = {},
): FaultClient {
  const launch = fixtureServer(name, { env: options.env });
  const serverName = options.client?.name ?? name;
  const transport = new StdioTransport({
    command: launch.command,
    args: launch.args,
    env: launch.env,
    serverName,
    closeTimeouts: fastClose,
    ...options.transport,
  });
  const client = new Client(transport, { name: serverName, ...options.client });
  let tree: number[] = [];
  const remember = (): void => {
    if (procAvailable() && transport.pid) tree = processTree(transport.pid);
  };
  client.events.on('close', () => {});
  return {
    client,
    transport,
    async closeAndCheck() {
      remember();
      await client.close();
      if (!procAvailable() || tree.length === 0) return;
      try {
        await assertNoProcesses(tree, { timeoutMs: 5000, message: `server "${serverName}" left processes behind` });
      } finally {
        killAll(tree.filter((pid) => pid !== process.pid));
      }
    },
  };
}

/** How a promise settled, and after how long: inspect `ok` before reading `value` or `error`. */
export type Outcome<T> = { ok: true; value: T; elapsedMs: number } | { ok: false; error: unknown; elapsedMs: number };

/**
 * Awaits `promise` and resolves with its value; a rejection is rethrown (so it fails the test), and a
 * promise still pending after `ms` fails it too (a generous bound: no hung promise). For an outcome
 * that may be a rejection, use {@link settlesWithin} or {@link rejectsWith}.
 */
export async function within<T>(ms: number, promise: Promise<T>, what: string): Promise<{ value: T; elapsedMs: number }> {
  const outcome = await settlesWithin(ms, promise, what);
  if (!outcome.ok) throw outcome.error;
  return outcome;
}

/** Awaits `promise` for at most `ms`: how it settled, resolved or rejected. Fails if it is still pending. */
export async function settlesWithin<T>(ms: number, promise: Promise<T>, what: string): Promise<Outcome<T>> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new assert.AssertionError({ message: `${what}: still pending after ${ms} ms` })), ms);
  });
  try {
    const value = await Promise.race([promise, late]);
    return { ok: true, value, elapsedMs: Date.now() - started };
  } catch (error) {
    if (error instanceof assert.AssertionError && /still pending/.test(error.message)) throw error;
    return { ok: false, error, elapsedMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** Asserts that `promise` rejects with `code` within `ms`; returns the error. */
export async function rejectsWith(ms: number, promise: Promise<unknown>, code: string, what: string): Promise<any> {
  const outcome = await settlesWithin(ms, promise, what);
  assert.ok(!outcome.ok, `${what}: resolved instead of failing with ${code}`);
  assert.equal((outcome.error as { code?: string }).code, code, `${what}: ${(outcome.error as Error).message}`);
  return outcome.error;
}

/** Samples this process's RSS every 20 ms while `work` runs; resolves with the growth peak in MiB. */
export async function peakRssGrowthMiB<T>(work: () => Promise<T>): Promise<{ value: T; growthMiB: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, growthMiB: (peak - base) / (1024 * 1024) };
  } finally {
    clearInterval(sampler);
  }
}
