// The optional standalone GET stream for server → client messages (HTTP-22), with resumption and
// bounded reconnection. 400 / 404 / 405 mean "not offered", never an error (conformance 8.3.6).
import { FramingError, InvalidMessageError } from '../../../protocol/errors/protocol-errors.js';
import { mapSseEvent } from '../../../protocol/framing/sse-event.js';
import { bodyKindOf, getHeaders, McpHeaders } from '../../../protocol/http/headers.js';
import { HEALTHY_STREAM_MS, reconnectDelay } from '../../../protocol/http/reconnect.js';
import { HttpError, HttpStreamError } from '../../errors/http-errors.js';
import type { StreamContext } from './stream-context.js';
import { sleep } from './stream-context.js';
import { readSse, type SseCursor } from './sse-reader.js';

/** Lifecycle of the listen stream: opened lazily after `notifications/initialized`, stopped on close or session loss. */
export class ListenStream {
  private controller?: AbortController;
  private waiters: (() => void)[] = [];

  constructor(private readonly ctx: StreamContext) {}

  /** True while a GET stream is open or being reconnected. */
  get active(): boolean {
    return this.controller !== undefined;
  }

  /** Opens the stream unless one is already running. Never rejects: problems go to `ctx.report`. */
  open(): void {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    void this.run(controller.signal).finally(() => {
      if (this.controller === controller) this.controller = undefined;
    });
  }

  /** Stops the stream; a later {@link open} starts afresh (after a new session, say). */
  stop(): void {
    this.controller?.abort('listen stream stopped');
    this.controller = undefined;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** The transport calls this when no POST stream is being resumed any more. */
  resumptionsDone(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }

  private async run(signal: AbortSignal): Promise<void> {
    const ctx = this.ctx;
    const cursor: SseCursor = {};
    const where = { server: ctx.server, httpMethod: 'GET', url: String(ctx.url) };
    // `attempts` (toward giving up) restart with any event; `quick` (the backoff) only after a stream that lived.
    let attempts = 0;
    let quick = 0;
    let lastProblem = '';
    // A 429 or 503's Retry-After: the next attempt waits at least that long (within the backoff cap).
    let serverWaitMs = 0;
    try {
      for (;;) {
        const openedAt = Date.now();
        const headers = getHeaders({ ...ctx.headerState(), lastEventId: cursor.lastEventId });
        try {
          const response = await ctx.client.send({ method: 'GET', url: ctx.url, headers, signal });
          const status = response.status;
          // HTTP-22: no GET stream here. Not an error; do not ask again in this session.
          if (status === 400 || status === 404 || status === 405) {
            response.discard();
            ctx.logger.debug('the server offers no standalone GET stream', { server: ctx.server, status });
            return;
          }
          if (status < 200 || status >= 300) {
            const body = await response.text(64 * 1024, () => new Error('error body too large')).catch(() => '');
            const error = new HttpError({
              ...where,
              status,
              statusText: response.statusText,
              body,
              hasSessionId: headers[McpHeaders.sessionId] !== undefined,
              retryAfter: response.headers['retry-after'],
            });
            lastProblem = error.message;
            serverWaitMs = Math.min(error.retryAfter?.delayMs ?? 0, ctx.reconnect.maxDelayMs);
          } else if (bodyKindOf(response.headers[McpHeaders.contentType]) !== 'sse') {
            response.discard();
            return;
          } else {
            const end = await readSse(response.chunks(), {
              maxEventChars: ctx.maxMessageBytes,
              cursor,
              onEvent: (event) => {
                const mapped = mapSseEvent(event);
                if (mapped.kind === 'message') ctx.deliver(mapped.value, event.data.length);
                else if (mapped.kind === 'invalid') ctx.report(new InvalidMessageError(mapped.reason, mapped.excerpt, ctx.server));
              },
            });
            if (signal.aborted) return;
            if (end.events > 0) attempts = 0;
            if (end.kind === 'too-large')
              ctx.report(
                new FramingError('too-large', `an SSE event on the GET stream exceeded the ${end.limit}-byte message limit`, {
                  limit: end.limit,
                  server: ctx.server,
                }),
              );
            lastProblem =
              end.kind === 'error'
                ? `the stream broke (${end.error instanceof Error ? end.error.message : String(end.error)})`
                : 'the server closed the stream';
          }
        } catch (error) {
          if (signal.aborted) return;
          lastProblem = error instanceof Error ? error.message : String(error);
        }
        attempts++;
        quick = Date.now() - openedAt >= HEALTHY_STREAM_MS ? 1 : quick + 1;
        if (attempts > ctx.reconnect.maxAttempts) {
          ctx.report(new HttpStreamError({ ...where, attempts: attempts - 1 }, `gave up after ${attempts - 1} reconnection attempts; last: ${lastProblem}`));
          return;
        }
        // conformance 5.4: a GET opened while a POST stream is being resumed would skew the server's
        // view of the resumption, so wait until none is pending.
        ctx.logger.debug('reconnecting the GET stream', {
          server: ctx.server,
          attempt: attempts,
          reason: lastProblem,
          resumable: cursor.lastEventId !== undefined,
        });
        await this.whenNoResumption(signal);
        await sleep(Math.max(serverWaitMs, reconnectDelay(quick, ctx.reconnect, cursor.retryMs)), signal);
        serverWaitMs = 0;
        await this.whenNoResumption(signal);
      }
    } catch {
      // Only aborts reach here: the stream was stopped.
    }
  }

  private whenNoResumption(signal: AbortSignal): Promise<void> {
    if (this.ctx.resuming === 0 || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push(resolve);
    });
  }
}
