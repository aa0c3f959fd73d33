// The OAuth failure a client's start error reports itself (client/start-error.ts): apart from the
// other authorization errors (auth-errors.ts), which only the OAuth code, loaded on first use, builds.
import { McpBridgeError } from '../../protocol/errors/base.js';

/**
 * The server answered and asked for authorization, but one of the OAuth requests that follow (a
 * metadata URL, registration, the token endpoint) did not answer within the startup budget (`MCPB_AUTH_TIMEOUT`).
 */
export class AuthTimeoutError extends McpBridgeError {
  constructor(ctx: { server?: string; step: string; url: string; timeoutMs: number }, cause?: unknown) {
    super(
      'MCPB_AUTH_TIMEOUT',
      `${ctx.server ? `server "${ctx.server}"` : 'the server'} asked for authorization, and ${ctx.step} stalled: ${ctx.url} did not answer within the startup budget of ${ctx.timeoutMs} ms`,
      {
        server: ctx.server,
        step: ctx.step,
        url: ctx.url,
        timeoutMs: ctx.timeoutMs,
        hint: "check that this URL answers (it comes from the server's WWW-Authenticate or its metadata), or raise startupTimeout for this server",
      },
      { cause },
    );
  }
}
