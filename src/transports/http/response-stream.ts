// Reads the SSE stream that answers one POSTed request until its response arrives; when the stream
// ends or breaks first, resumes it with GET + Last-Event-ID after the server's retry delay (HTTP-26, -27).
import { FramingError, InvalidMessageError } from '../../../protocol/errors/protocol-errors.js';
import { mapSseEvent } from '../../../protocol/framing/sse-event.js';
import { bodyKindOf, getHeaders, McpHeaders } from '../../../protocol/http/headers.js';
import { containsResponseTo } from '../../../protocol/http/response-match.js';
import { HEALTHY_STREAM_MS, reconnectDelay } from '../../../protocol/http/reconnect.js';
import type { RequestId } from '../../../protocol/jsonrpc/messages.js';
import { HttpError, HttpStreamError } from '../../errors/http-errors.js';
import type { StreamContext } from './stream-context.js';
import { sleep } from './stream-context.js';
import type { HttpResponse } from './http-client.js';
import { readSse, type SseCursor, type SseEnd } from './sse-reader.js';

/** Which request a response stream belongs to. */
export interface StreamOwner {
  id?: RequestId;
  method?: string;
  /** `false` in the 2026 era: there is no resumption, a broken stream loses the request (HTTP-14). */
  resumable?: boolean;
}

/**
 * Delivers every message on `first` (and on its resumptions) until the response to `owner.id`
 * arrives. Resolves then, or when the stream ends after it; a stream for a notification (no id) is
 * read once, without resumption.
 * @throws HttpStreamError (`MCPB_HTTP_STREAM_LOST`) when the stream cannot be resumed;
 *   FramingError (`MCPB_FRAMING`, reason `too-large`) for an oversized event; the signal's reason on abort.
 */
export async function consumeResponseStream(ctx: StreamContext, first: HttpResponse, owner: StreamOwner, signal: AbortSignal): Promise<void> {
  const cursor: SseCursor = {};
  let answered = false;
  let attempts = 0;
  // Resumptions since a stream last stayed open HEALTHY_STREAM_MS: the backoff, which events do not reset.
  let quick = 0;
  let openedAt = Date.now();
  let resuming = false;
  let response: HttpResponse | undefined = first;
  let lastProblem = '';
  const where = { server: ctx.server, httpMethod: 'GET', url: String(ctx.url), method: owner.method, requestId: owner.id };
  try {
    for (;;) {
      if (response) {
        const end: SseEnd = await readSse(response.chunks(), {
          maxEventChars: ctx.maxMessageBytes,
          cursor,
          onEvent: (event) => {
            const mapped = mapSseEvent(event);
            if (mapped.kind === 'message') {
              ctx.deliver(mapped.value, event.data.length);
              // The server SHOULD close the stream after the response; stop reading either way.
              if (owner.id !== undefined && containsResponseTo(mapped.value, owner.id)) {
                answered = true;
                return false;
              }
            } else if (mapped.kind === 'invalid') {
              ctx.report(new InvalidMessageError(mapped.reason, mapped.excerpt, ctx.server));
            }
            return true;
          },
        });
        if (answered) return;
        if (signal.aborted) throw signal.reason;
        if (end.kind === 'too-large') {
          const error = new FramingError(
            'too-large',
            `an SSE event on the response stream of ${owner.method ?? 'a message'} exceeded the ${end.limit}-byte message limit`,
            { limit: end.limit, server: ctx.server },
          );
          ctx.report(error);
          throw error;
        }
        if (owner.id === undefined) return;
        if (end.events > 0) attempts = 0;
        lastProblem = end.kind === 'error' ? `the stream broke (${describe(end.error)})` : 'the server closed the stream before the response';
        // HTTP-26: without an event id there is nothing to resume from, and the request is lost.
        if (!cursor.lastEventId)
          throw new HttpStreamError(
            { ...where, httpMethod: 'POST' },
            `${lastProblem}, and it sent no event id to resume from`,
            end.kind === 'error' ? end.error : undefined,
          );
        if (owner.resumable === false)
          throw new HttpStreamError(
            { ...where, httpMethod: 'POST' },
            `${lastProblem}; this protocol revision has no resumption, so the request is lost`,
            end.kind === 'error' ? end.error : undefined,
          );
      }
      if (!resuming) {
        resuming = true;
        ctx.resuming++;
      }
      attempts++;
      quick = response && Date.now() - openedAt >= HEALTHY_STREAM_MS ? 1 : quick + 1;
      if (attempts > ctx.reconnect.maxAttempts)
        throw new HttpStreamError({ ...where, attempts: attempts - 1 }, `gave up after ${attempts - 1} reconnection attempts; last: ${lastProblem}`);
      ctx.logger.debug('resuming a response stream', {
        server: ctx.server,
        method: owner.method,
        requestId: owner.id,
        attempt: attempts,
        retryMs: cursor.retryMs,
        reason: lastProblem,
      });
      // HTTP-27: wait what the server's retry: said (no backoff of our own then).
      await sleep(reconnectDelay(quick, ctx.reconnect, cursor.retryMs), signal);
      response = await resume(ctx, cursor, owner, signal).catch((error: unknown) => {
        if (signal.aborted) throw signal.reason;
        if (error instanceof HttpStreamError || (error as { code?: string }).code === 'MCPB_SESSION_EXPIRED') throw error;
        lastProblem = `reconnecting failed (${describe(error)})`;
        return undefined;
      });
      openedAt = Date.now();
    }
  } finally {
    if (resuming) {
      ctx.resuming--;
      if (ctx.resuming === 0) ctx.onResumptionsDone();
    }
  }
}

async function resume(ctx: StreamContext, cursor: SseCursor, owner: StreamOwner, signal: AbortSignal): Promise<HttpResponse> {
  const headers = getHeaders({ ...ctx.headerState(), lastEventId: cursor.lastEventId });
  const response = await ctx.client.send({ method: 'GET', url: ctx.url, headers, signal, rpcMethod: owner.method });
  const where = { server: ctx.server, httpMethod: 'GET', url: String(ctx.url), method: owner.method, requestId: owner.id };
  if (response.status === 404 && headers[McpHeaders.sessionId] !== undefined) {
    response.discard();
    throw ctx.expireSession('GET', owner.method, true);
  }
  if (response.status < 200 || response.status >= 300) {
    const body = await response.text(64 * 1024, () => new Error('error body too large')).catch(() => '');
    const status = new HttpError({
      ...where,
      status: response.status,
      statusText: response.statusText,
      body,
      hasSessionId: headers[McpHeaders.sessionId] !== undefined,
    });
    throw new HttpStreamError(where, `resuming with GET + Last-Event-ID was refused: ${status.message}`, status);
  }
  if (bodyKindOf(response.headers[McpHeaders.contentType]) !== 'sse') {
    response.discard();
    throw new HttpStreamError(where, `resuming with GET returned ${response.headers[McpHeaders.contentType] ?? 'no Content-Type'} instead of an SSE stream`);
  }
  return response;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
