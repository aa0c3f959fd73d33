// What the Streamable HTTP pieces (POST sender, response streams, listen stream) share: the client,
// the URL, the current headers, limits, and the ways to hand messages and problems to the transport.
import type { McpBridgeError } from '../../../protocol/errors/base.js';
import type { HeaderState } from '../../../protocol/http/headers.js';
import type { ReconnectPolicy } from '../../../protocol/http/reconnect.js';
import type { Logger } from '../../log.js';
import type { HttpClient } from './http-client.js';

export interface StreamContext {
  readonly client: HttpClient;
  readonly url: URL;
  readonly server?: string;
  readonly maxMessageBytes: number;
  readonly reconnect: ReconnectPolicy;
  readonly logger: Logger;
  /** Custom headers plus the current session id and protocol version. */
  headerState(): HeaderState;
  /**
   * Hands one parsed JSON value to the transport's `message` listeners; `textLength`, when known, is
   * the length of the text it was parsed from (see `Transport.deliveringShallow`).
   */
  deliver(value: unknown, textLength?: number): void;
  /** Reports a non-fatal problem on the transport's `error` event. */
  report(error: McpBridgeError): void;
  /** A request carrying the session id got 404: forget the session and build the error (HTTP-19). */
  expireSession(httpMethod: string, rpcMethod: string | undefined, requestMayHaveRun: boolean): McpBridgeError;
  /** Number of POST response streams currently being resumed; the listen stream waits for 0. */
  resuming: number;
  /** Called whenever `resuming` drops back to 0. */
  onResumptionsDone(): void;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Whether a request whose abort reason is `reason` was aborted by the transport's own `close()`
 * (through `closing`), in which case the caller should see the transport-closed error rather than a
 * bare abort reason.
 */
export function abortedByClose(closing: AbortSignal, reason: unknown): boolean {
  return closing.aborted && reason === closing.reason;
}

/** A controller that aborts when any of `signals` does; `dispose` detaches it from them. */
export function linkedController(...signals: (AbortSignal | undefined)[]): { controller: AbortController; dispose(): void } {
  const controller = new AbortController();
  const detach: (() => void)[] = [];
  for (const signal of signals) {
    if (!signal) continue;
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    const onAbort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    detach.push(() => signal.removeEventListener('abort', onAbort));
  }
  return {
    controller,
    dispose: () => {
      for (const d of detach.splice(0)) d();
    },
  };
}
