// Failures the client detects before sending anything: the server never declared what the
// method needs.
import { McpBridgeError } from '../../protocol/index.js';

/**
 * The server did not declare the capability a method needs (e.g. `resources` for `resources/list`),
 * so the request was not sent: the caller gets this instead of the server's -32601.
 */
export class CapabilityMissingError extends McpBridgeError {
  constructor(ctx: { server?: string; method: string; capability: string }) {
    const who = ctx.server ? `server "${ctx.server}"` : 'the server';
    super('MCPB_CAPABILITY_MISSING', `${who} does not support ${ctx.method}: it declared no "${ctx.capability}" capability, so the request was not sent`, {
      ...ctx,
      hint: `check client.serverCapabilities before calling; this server does not offer ${ctx.capability.split('.')[0]}`,
    });
  }
}

/**
 * The server answered -32042 (2025-11-25, ELICIT-11): the request needs the user to complete one or
 * more URL-mode elicitations first (open a URL, consent, sign in elsewhere). `elicitations` holds
 * them (`mode: 'url'`, `url`, `elicitationId`, `message`); the server's error is the `cause`.
 * Complete them and call again, or set the client's `onUrlElicitationRequired` hook to retry for you.
 */
export class UrlElicitationRequiredError extends McpBridgeError {
  readonly elicitations: { mode: 'url'; url: string; elicitationId: string; message: string; [key: string]: unknown }[];
  constructor(ctx: { server?: string; method: string }, elicitations: UrlElicitationRequiredError['elicitations'], cause: unknown) {
    const who = ctx.server ? `server "${ctx.server}"` : 'the server';
    const urls = elicitations.map((e) => e.url).join(', ');
    super('MCPB_URL_ELICITATION_REQUIRED', `${who} needs ${elicitations.length === 1 ? 'a URL elicitation' : `${elicitations.length} URL elicitations`} completed before ${ctx.method} can proceed: ${urls}`, {
      ...ctx,
      elicitationIds: elicitations.map((e) => e.elicitationId),
      hint: 'show the user each URL (with its host) and get consent before opening it; then retry the request (or set onUrlElicitationRequired)',
    }, { cause });
    this.elicitations = elicitations;
  }
}
