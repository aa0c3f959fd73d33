// Errors raised by the pure core: framing, invalid messages, version mismatch.
import { McpBridgeError } from './base.js';

/** A line on a stream could not be read as a message: not JSON, not UTF-8, or over the size limit. */
export class FramingError extends McpBridgeError {
  constructor(
    reason: 'not-json' | 'invalid-utf8' | 'too-large',
    message: string,
    context: { bytes?: number; limit?: number; excerpt?: string; server?: string } = {},
  ) {
    super('MCPB_FRAMING', message, { reason, ...context });
  }
}

/** A JSON value arrived that is not a valid JSON-RPC 2.0 message; it was skipped. */
export class InvalidMessageError extends McpBridgeError {
  constructor(reason: string, excerpt: string, server?: string) {
    super('MCPB_INVALID_MESSAGE', `${server ? `server "${server}" sent an ` : ''}invalid JSON-RPC message: ${reason}: ${excerpt}`, { reason, excerpt, server });
  }
}

/** The server answered with a protocol version we do not speak (LIFE-3). */
export class UnsupportedVersionError extends McpBridgeError {
  constructor(proposed: string, answered: unknown, supported: readonly string[], server?: string) {
    super(
      'MCPB_UNSUPPORTED_VERSION',
      `${server ? `server "${server}"` : 'the server'} answered protocol version ${JSON.stringify(answered)}, which mcp-bridge does not support (we proposed ${proposed}; we support ${supported.join(', ')})`,
      { server, proposed, answered, supported: [...supported], hint: 'upgrade mcp-bridge or the server so that they share a protocol version' },
    );
  }
}

/**
 * VER-1/VER-8: the server and we share no protocol version. Names the server's versions (from
 * `data.supported` of its `-32022`, or its discovery result) and ours.
 */
export class NoSharedVersionError extends McpBridgeError {
  constructor(context: { server?: string; theirs: readonly string[]; ours: readonly string[]; era?: string; cause?: unknown }) {
    const who = context.server ? `server "${context.server}"` : 'the server';
    const theirs = context.theirs.length ? context.theirs.join(', ') : 'none it would name';
    super(
      'MCPB_UNSUPPORTED_VERSION',
      `${who} and mcp-bridge share no protocol version${context.era ? ` in the ${context.era} era` : ''} (the server supports ${theirs}; we support ${context.ours.join(', ')})`,
      {
        server: context.server,
        supported: [...context.theirs],
        ours: [...context.ours],
        era: context.era,
        hint:
          context.era === 'modern'
            ? 'set era: auto (or legacy) for this server, or upgrade it'
            : 'upgrade mcp-bridge or the server so that they share a protocol version',
      },
      { cause: context.cause },
    );
  }
}
