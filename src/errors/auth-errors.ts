// Failures of MCP authorization (OAuth 2.1). Messages name the server and what to run; they never
// carry a token, a secret, a code or a verifier.
import { McpBridgeError } from '../../protocol/errors/base.js';

// Apart: a client's start error builds it, so it is loaded with the client; the others with OAuth.
export { AuthTimeoutError } from './auth-timeout.js';

function who(server: string | undefined): string {
  return server ? `server "${server}"` : 'the server';
}

/** No usable authorization, and this process may not start an interactive login (`MCPB_AUTH_REQUIRED`). */
export class AuthRequiredError extends McpBridgeError {
  constructor(ctx: { server?: string; reason: string; url?: string }, cause?: unknown) {
    const login = ctx.server ? `mcp-bridge auth login ${ctx.server}` : 'mcp-bridge auth login <server>';
    super(
      'MCPB_AUTH_REQUIRED',
      `${who(ctx.server)} requires authorization: ${ctx.reason}`,
      { server: ctx.server, url: ctx.url, hint: `run \`${login}\`, or allow interactive login for it` },
      { cause },
    );
  }
}

/** The server asks for more scopes than held and no new authorization may run here (`MCPB_AUTH_STEP_UP_REQUIRED`). */
export class AuthStepUpRequiredError extends McpBridgeError {
  readonly scopes: string[];
  constructor(ctx: { server?: string; scopes: string[]; reason: string }) {
    const login = `mcp-bridge auth login ${ctx.server ?? '<server>'}${ctx.scopes.length ? ` --scope "${ctx.scopes.join(' ')}"` : ''}`;
    super('MCPB_AUTH_STEP_UP_REQUIRED', `${who(ctx.server)} needs more scopes (${ctx.scopes.join(' ') || 'unnamed'}): ${ctx.reason}`, {
      server: ctx.server,
      scopes: ctx.scopes,
      hint: `run \`${login}\``,
    });
    this.scopes = ctx.scopes;
  }
}

/** The authorization server refused (an OAuth `error` answer, a bad registration, a failed grant) (`MCPB_AUTH_REFUSED`). */
export class AuthRefusedError extends McpBridgeError {
  readonly error?: string;
  constructor(ctx: { server?: string; step: string; error?: string; description?: string; status?: number; url?: string }, cause?: unknown) {
    const detail = ctx.error
      ? `${ctx.error}${ctx.description ? `: ${ctx.description}` : ''}`
      : (ctx.description ?? (ctx.status ? `HTTP ${ctx.status}` : 'refused'));
    super(
      'MCPB_AUTH_REFUSED',
      `${who(ctx.server)}: ${ctx.step} failed (${detail})`,
      { server: ctx.server, step: ctx.step, error: ctx.error, description: ctx.description, status: ctx.status, url: ctx.url },
      { cause },
    );
    this.error = ctx.error;
  }
}

/** Metadata names another resource or issuer than the server we talk to; nothing was sent to the AS (`MCPB_AUTH_RESOURCE_MISMATCH`). */
export class AuthResourceMismatchError extends McpBridgeError {
  constructor(ctx: { server?: string; expected: string; got: string; what: 'resource' | 'issuer' | 'metadata URL' }) {
    super(
      'MCPB_AUTH_RESOURCE_MISMATCH',
      `${who(ctx.server)}: the protected-resource metadata names ${ctx.what} ${ctx.got}, which does not belong to ${ctx.expected}; refusing to authorize`,
      {
        server: ctx.server,
        expected: ctx.expected,
        got: ctx.got,
        what: ctx.what,
        hint: 'the server or its metadata is misconfigured (or hostile); set auth.resource explicitly only if you trust it',
      },
    );
  }
}
