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
