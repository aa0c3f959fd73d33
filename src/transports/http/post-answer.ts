// Reading the answer to one POST when it is not a stream: the JSON body delivered as a message, or
// the error for a refused request or an answer of an unexpected type.
import { FramingError, InvalidMessageError } from '../../../protocol/errors/protocol-errors.js';
import { McpHeaders } from '../../../protocol/http/headers.js';
import type { RetryAfter } from '../../../protocol/http/retry-after.js';
import { HttpError } from '../../errors/http-errors.js';
import type { HttpResponse } from './http-client.js';
import type { StreamContext } from './stream-context.js';

const ERROR_BODY_LIMIT = 64 * 1024;

/** Longest `Retry-After` waited for by itself, even for a request without a timeout. */
export const MAX_RETRY_AFTER_WAIT_MS = 60_000;

/** Room left for the retried request itself after the wait. */
const RETRY_ROOM_MS = 1000;

/**
 * Whether a rate-limited request is retried once: the server said how long to wait, and that wait
 * ends at least a second before the request's deadline (epoch ms) and within a minute.
 */
export function fitsBefore(retryAfter: RetryAfter | undefined, deadline: number): boolean {
  if (!retryAfter || retryAfter.delayMs > MAX_RETRY_AFTER_WAIT_MS) return false;
  return Date.now() + retryAfter.delayMs + RETRY_ROOM_MS <= deadline;
}

/** Reads a JSON answer within the message limit and hands it to the transport's listeners. */
export function deliverJson(ctx: StreamContext, response: HttpResponse, method: string | undefined): Promise<void> | void {
  const limit = ctx.maxMessageBytes;
  // Usually the whole body came with the headers: then it is parsed now, with no promise to wait for.
  const ready = response.textIfComplete(limit);
  if (ready !== undefined) return deliverText(ctx, ready, method);
  return response
    .text(limit, (bytes, head) => {
      const error = new FramingError('too-large', `the JSON answer to ${method} is over ${bytes} bytes, beyond the ${limit}-byte message limit`, {
        bytes,
        limit,
        excerpt: head,
        server: ctx.server,
      });
      ctx.report(error);
      return error;
    })
    .then((text) => deliverText(ctx, text, method));
}

function deliverText(ctx: StreamContext, text: string, method: string | undefined): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    const error = new InvalidMessageError(
      `the JSON answer to ${method} is not JSON (${cause instanceof Error ? cause.message : String(cause)})`,
      text.slice(0, 200),
      ctx.server,
    );
    ctx.report(error);
    throw error;
  }
  ctx.deliver(value, text.length);
}

/** The HttpError for a non-2xx answer, with the start of its body. */
export async function statusError(
  ctx: StreamContext,
  response: HttpResponse,
  httpMethod: string,
  method: string | undefined,
  hasSessionId: boolean,
): Promise<HttpError> {
  const body = await response.text(ERROR_BODY_LIMIT, () => new Error('too large')).catch(() => '');
  return new HttpError({
    server: ctx.server,
    httpMethod,
    url: String(ctx.url),
    method,
    status: response.status,
    statusText: response.statusText,
    body,
    hasSessionId,
    retryAfter: response.headers['retry-after'],
  });
}

/** Reports and returns the error for an answer that is neither JSON nor an event stream. */
export async function unexpectedContentType(ctx: StreamContext, response: HttpResponse, method: string | undefined): Promise<InvalidMessageError> {
  const head = await response.text(ERROR_BODY_LIMIT, () => new Error('too large')).catch(() => '');
  const error = new InvalidMessageError(
    `the answer to ${method} has Content-Type ${response.headers[McpHeaders.contentType]}, neither application/json nor text/event-stream`,
    head.slice(0, 200),
    ctx.server,
  );
  ctx.report(error);
  return error;
}
