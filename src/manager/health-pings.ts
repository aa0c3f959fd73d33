// PING-3: a server that stops answering pings is treated as crashed (and restarted), not left to
// time out every call. Two misses in a row, so one slow moment is not a crash. Only a missing
// answer is a miss: a JSON-RPC error (a server without `ping` answers -32601) proves it is alive.
import { isMcpError } from '../../protocol/index.js';
import type { Client } from '../client/client.js';
import type { Logger } from '../log.js';
import { describeError } from './server-status.js';

export interface HealthPingOptions {
  /** Milliseconds between pings; no pings when 0 or less. */
  intervalMs: number;
  server: string;
  logger: Logger;
  /** Whether `client` is still the handle's ready client; pings stop once it is not. */
  current(): boolean;
  /** Two pings in a row failed: the handle, if `client` is still its own, stops the pings, closes it and treats it as a crash. */
  onUnresponsive(): void;
}

/** What a liveness ping found: the round trip, and the error the server answered with, if any. */
export interface PingOutcome {
  latencyMs: number;
  /** The server answered with a JSON-RPC error (e.g. -32601, it has no `ping`): alive all the same. */
  answeredError?: { code: number; message: string };
}

/**
 * Pings `client` once. Resolves when the server answered, with a result or with a JSON-RPC error;
 * rejects only when no answer came (timeout, closed connection).
 */
export async function pingAlive(client: Client, timeoutMs: number): Promise<PingOutcome> {
  const started = performance.now();
  try {
    return { latencyMs: await client.ping({ timeoutMs }) };
  } catch (error) {
    if (!isMcpError(error)) throw error;
    return { latencyMs: performance.now() - started, answeredError: { code: error.code, message: error.message } };
  }
}

/** Pings `client` every `intervalMs`; returns the timer (unref'd), or undefined when pings are off. */
export function startHealthPings(client: Client, options: HealthPingOptions): ReturnType<typeof setInterval> | undefined {
  const { intervalMs: interval, server, logger } = options;
  if (interval <= 0) return undefined;
  let misses = 0;
  const timer = setInterval(() => {
    if (!options.current()) {
      clearInterval(timer);
      return;
    }
    pingAlive(client, Math.min(interval, 10_000)).then(
      () => {
        misses = 0;
      },
      (error) => {
        misses++;
        logger.warn(`health ping of "${server}" failed (${misses} in a row): ${describeError(error)}`, { server });
        if (misses >= 2) options.onUnresponsive();
      },
    );
  }, interval);
  timer.unref?.();
  return timer;
}
