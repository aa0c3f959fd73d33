// Local failures of the HTTP transports: an error status, a refused connection, an expired session, a
// lost stream, a bad legacy endpoint, failed auto-detection. URLs are redacted; headers never appear.
import { McpBridgeError } from '../../protocol/errors/base.js';
import { excerpt } from '../../protocol/http/redact.js';
import { redactUrl } from '../../protocol/redact.js';
import { jsonRpcErrorOf } from '../../protocol/http/response-match.js';
import { describeRetryAfter, parseRetryAfter, type RetryAfter } from '../../protocol/http/retry-after.js';

/** Where an HTTP failure happened, shared by every error below. */
export interface HttpErrorContext {
  /** Configured server name, when known. */
  server?: string;
  /** HTTP method: POST, GET or DELETE. */
  httpMethod: string;
  /** The URL, already redacted by the error (userinfo and credential-like query values removed). */
  url: string;
  /** JSON-RPC method of the message being sent, when there is one. */
  method?: string;
}

function who(ctx: { server?: string }): string {
  return ctx.server ? `server "${ctx.server}": ` : '';
}

function hintForStatus(status: number, hasSessionId: boolean, location?: string, retryAfter?: RetryAfter): string | undefined {
  if (retryAfter && (status === 429 || status === 503))
    return `the server asks to wait ${describeRetryAfter(retryAfter)}: retry after that; a request whose timeout leaves room for the wait is retried once by mcp-bridge`;
  if (status >= 300 && status < 400) return location ? `if ${location} is the server you mean, configure that URL directly` : 'use the final URL';
  if (status === 401) return 'the server requires authorization: configure an Authorization header (e.g. a bearer token) for it';
  if (status === 403) return 'the credentials were refused or lack a scope; check the token, and that the server accepts requests from this origin';
  if (status === 404)
    return hasSessionId
      ? 'the session is gone; a fresh initialize starts a new one'
      : 'check the URL path (Streamable HTTP servers often live at /mcp, legacy SSE servers at /sse)';
  if (status === 405) return 'the server does not accept this HTTP method here; check the URL, or set transport: sse for a legacy server';
  if (status === 406 || status === 415) return 'the server refused our Accept or Content-Type header; it may not be an MCP server';
  if (status === 413) return 'the message is too large for the server';
  if (status === 429) return 'the server is rate limiting; retry later';
  if (status >= 500) return 'the server failed; see its logs';
  return undefined;
}

/**
 * The `headers` function given for an HTTP server threw, or returned something other than an
 * object of strings (`MCPB_HTTP_HEADERS_FAILED`); the request was not sent. Its error is the cause.
 */
export class HttpHeadersError extends McpBridgeError {
  constructor(ctx: HttpErrorContext, problem: string, cause?: unknown) {
    super(
      'MCPB_HTTP_HEADERS_FAILED',
      `${who(ctx)}the headers function failed before ${ctx.httpMethod}${ctx.method ? ` (${ctx.method})` : ''} to ${redactUrl(ctx.url)}: ${problem}; nothing was sent`,
      {
        server: ctx.server,
        method: ctx.method,
        httpMethod: ctx.httpMethod,
        url: redactUrl(ctx.url),
        hint: 'the function passed as `headers` is called before every HTTP request; make it resolve to an object of string values',
      },
      cause === undefined ? undefined : { cause },
    );
  }
}

/**
 * The server answered with an HTTP status other than the ones the protocol expects (`MCPB_HTTP_STATUS`).
 * Carries the status, method, redacted URL, whether a session id was sent, and the start of the body
 * (at most 500 characters); `rpcError` holds a JSON-RPC error found in the body. A redirect that was
 * not followed also names where it pointed (`location`, redacted) and why (`redirect`).
 */
export class HttpError extends McpBridgeError {
  readonly status: number;
  readonly body: string;
  readonly rpcError?: { code: number; message: string; data?: unknown };
  /** The parsed `Retry-After` of a 429 or 503 (any status that sent one), measured when the error was made. */
  readonly retryAfter?: RetryAfter;

  constructor(
    ctx: HttpErrorContext & {
      status: number;
      statusText?: string;
      body: string;
      hasSessionId: boolean;
      location?: string;
      redirect?: string;
      /** The `Retry-After` header, as sent. */
      retryAfter?: string;
    },
  ) {
    const url = redactUrl(ctx.url);
    const retryAfter = parseRetryAfter(ctx.retryAfter, Date.now());
    const wait = retryAfter ? `; it asks to wait ${describeRetryAfter(retryAfter)}` : '';
    const body = excerpt(ctx.body, 500);
    const rpcError = jsonRpcErrorOf(ctx.body);
    const location = ctx.location === undefined ? undefined : redactUrl(ctx.location);
    const detail =
      ctx.redirect !== undefined
        ? `${location ? ` to ${location}` : ''}, not followed: ${ctx.redirect}`
        : `: ${rpcError ? `JSON-RPC error ${rpcError.code}: ${rpcError.message}` : body.trim() === '' ? 'empty body' : body}${wait}`;
    super(
      'MCPB_HTTP_STATUS',
      `${who(ctx)}${ctx.httpMethod} ${url}${ctx.method ? ` (${ctx.method})` : ''} answered HTTP ${ctx.status}${ctx.statusText ? ` ${ctx.statusText}` : ''}${detail}`,
      {
        server: ctx.server,
        method: ctx.method,
        httpMethod: ctx.httpMethod,
        url,
        status: ctx.status,
        hasSessionId: ctx.hasSessionId,
        body,
        location,
        redirect: ctx.redirect,
        retryAfter: retryAfter?.raw,
        retryAfterMs: retryAfter?.delayMs,
        hint: hintForStatus(ctx.status, ctx.hasSessionId, location, retryAfter),
      },
    );
    this.status = ctx.status;
    this.body = body;
    this.rpcError = rpcError;
    this.retryAfter = retryAfter;
  }
}

/** The connection failed before any answer: refused, unknown host, TLS, connect timeout (`MCPB_HTTP_CONNECT`). */
export class HttpConnectError extends McpBridgeError {
  constructor(ctx: HttpErrorContext & { causeCode?: string }, cause: unknown) {
    const url = redactUrl(ctx.url);
    const code = ctx.causeCode ? ` (${ctx.causeCode})` : '';
    const raw = cause instanceof Error ? cause.message : String(cause);
    // OpenSSL's own text ("...:ssl3_get_record:wrong version number:../deps/openssl/...") says nothing to a user.
    const text = ctx.causeCode === 'ERR_SSL_WRONG_VERSION_NUMBER' ? 'the TLS handshake got an answer that is not TLS' : raw;
    super(
      'MCPB_HTTP_CONNECT',
      `${who(ctx)}could not reach ${url}${code}: ${text}`,
      { server: ctx.server, method: ctx.method, httpMethod: ctx.httpMethod, url, causeCode: ctx.causeCode, hint: connectHint(ctx.causeCode) },
      { cause },
    );
  }
}

function connectHint(code: string | undefined): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'nothing listens there: is the server running, and is the port right?';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve: check the URL';
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      return 'the port speaks plain HTTP: write http:// instead of https://';
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return 'the connection timed out: check the host, firewall and proxy settings (HTTP_PROXY / NO_PROXY)';
    default:
      return 'check the URL, the network and the proxy settings (HTTP_PROXY / HTTPS_PROXY / NO_PROXY)';
  }
}

/**
 * A request carrying our `Mcp-Session-Id` got 404: the server ended the session (HTTP-19,
 * `MCPB_SESSION_EXPIRED`). The transport has already forgotten the id, so a fresh `initialize`
 * can go out on the same transport.
 */
export class SessionExpiredError extends McpBridgeError {
  /**
   * @param ctx.requestMayHaveRun `false` when the 404 answered the POST of the request itself (the
   *   server refused it before dispatching, so re-sending it cannot run it twice); `true` when the
   *   session vanished while the request's stream was being resumed (it may have run).
   */
  constructor(ctx: HttpErrorContext & { requestMayHaveRun: boolean }) {
    const url = redactUrl(ctx.url);
    super(
      'MCPB_SESSION_EXPIRED',
      `${who(ctx)}the HTTP session at ${url} has expired (HTTP 404 to ${ctx.httpMethod}${ctx.method ? ` ${ctx.method}` : ''} with our Mcp-Session-Id)`,
      {
        server: ctx.server,
        method: ctx.method,
        httpMethod: ctx.httpMethod,
        url,
        requestMayHaveRun: ctx.requestMayHaveRun,
        hint: 'initialize again to start a new session (the client does this once for idempotent requests)',
      },
    );
  }
}

/** An SSE stream ended or broke before the response arrived, and it could not be resumed (`MCPB_HTTP_STREAM_LOST`). */
export class HttpStreamError extends McpBridgeError {
  constructor(ctx: HttpErrorContext & { requestId?: string | number; attempts?: number }, reason: string, cause?: unknown) {
    const url = redactUrl(ctx.url);
    const subject = ctx.requestId !== undefined ? `the response stream of ${ctx.method ?? 'request'} (id ${ctx.requestId})` : 'the server-to-client SSE stream';
    super(
      'MCPB_HTTP_STREAM_LOST',
      `${who(ctx)}${subject} at ${url} was lost: ${reason}`,
      { server: ctx.server, method: ctx.method, httpMethod: ctx.httpMethod, url, requestId: ctx.requestId, attempts: ctx.attempts },
      cause === undefined ? undefined : { cause },
    );
  }
}

/** Legacy HTTP+SSE: no usable `endpoint` event (SSE-2), or it points at another origin (`MCPB_SSE_ENDPOINT`). */
export class SseEndpointError extends McpBridgeError {
  constructor(ctx: { server?: string; url: string }, reason: string, cause?: unknown) {
    const url = redactUrl(ctx.url);
    super(
      'MCPB_SSE_ENDPOINT',
      `${who(ctx)}the legacy SSE stream at ${url} gave no usable endpoint: ${reason}`,
      { server: ctx.server, url, hint: "check that the URL is the server's SSE URL (often /sse), or use transport: streamable-http" },
      cause === undefined ? undefined : { cause },
    );
  }
}

/** `transport: auto` tried Streamable HTTP and then legacy SSE, and neither worked (`MCPB_HTTP_DETECT_FAILED`). */
export class HttpDetectError extends McpBridgeError {
  constructor(ctx: { server?: string; url: string }, streamable: unknown, legacy: unknown) {
    const url = redactUrl(ctx.url);
    const text = (e: unknown) => (e instanceof Error ? e.message : String(e));
    super(
      'MCPB_HTTP_DETECT_FAILED',
      `${who(ctx)}${url} speaks neither Streamable HTTP nor legacy HTTP+SSE: POST initialize → ${text(streamable)}; GET for the SSE endpoint → ${text(legacy)}`,
      { server: ctx.server, url, hint: 'check the URL; set transport explicitly if you know which one the server speaks' },
      { cause: streamable },
    );
  }
}
