// Builds the transport a server description asks for. Transport modules are loaded on first use,
// so an agent that only uses stdio never loads the HTTP stack (undici), and vice versa.
import { McpBridgeError } from '../../protocol/index.js';
import type { Logger } from '../log.js';
import type { OAuthContext, OAuthOptions } from '../auth/types.js';
import type { HeadersProvider } from '../../protocol/http/headers.js';
import type { AuthHandler } from './http/auth-handler.js';
import type { Transport } from './transport.js';

/** How to launch a local server (stdio). */
export interface StdioServerParams {
  command: string;
  args?: string[];
  /** Added to the safe default environment; `null` removes a variable. */
  env?: Record<string, string | null>;
  cwd?: string;
  /** Pass the whole parent environment instead of the safe allow-list. @defaultValue false */
  inheritEnv?: boolean;
  /** Receives each line the server writes to stderr. */
  onStderrLine?: (line: string) => void;
  /** @defaultValue 128 MiB (counts the JSON envelope) */
  maxMessageBytes?: number;
  transport?: 'stdio';
  /** Extra values to mask in every error, log and status line (secret-named env values and secret-looking arguments are masked anyway). */
  secrets?: readonly string[];
}

/** How to reach a remote server (Streamable HTTP, or legacy HTTP+SSE). */
export interface HttpServerParams {
  url: string;
  /**
   * Extra headers (e.g. `Authorization`); never logged. A function is called before every HTTP
   * request (per-user or short-lived credentials); its values are masked like static ones.
   */
  headers?: Record<string, string> | HeadersProvider;
  /**
   * Authorization: an {@link AuthHandler} of your own, or OAuth options (mcp-bridge's OAuth client,
   * loaded only then). Ignored when `headers` carry `Authorization` (static auth, no discovery).
   */
  auth?: AuthHandler | (OAuthOptions & { context?: OAuthContext });
  /** @defaultValue 'auto': Streamable HTTP, falling back to HTTP+SSE on 400/404/405 */
  transport?: 'auto' | 'streamable-http' | 'sse';
  /** @defaultValue 128 MiB (counts the JSON envelope) */
  maxMessageBytes?: number;
  /** Extra values to mask in every error, log and status line (header values are masked anyway). */
  secrets?: readonly string[];
}

export type ServerParams = StdioServerParams | HttpServerParams;

/** Who the transport works for: the name in its errors, its logger, where stderr lines go. */
export interface TransportContext {
  serverName?: string;
  logger?: Logger;
  /** Receives each stderr line (stdio), in addition to `params.onStderrLine`. */
  onStderrLine?: (line: string) => void;
}

let httpModule: Promise<typeof import('./detect.js')> | undefined;

/**
 * Starts loading the HTTP stack (undici, eventsource-parser) without waiting for it, and returns the
 * pending module. Whoever knows early that a URL server is coming (the manager, from its config)
 * calls it so that the first HTTP connect does not also pay for the import.
 */
export function warmHttpTransport(): Promise<typeof import('./detect.js')> {
  httpModule ??= import('./detect.js');
  // Failure is reported by the connect that awaits it, not by the warm-up.
  httpModule.catch(() => undefined);
  return httpModule;
}

let stdioModule: Promise<typeof import('./stdio/stdio-transport.js')> | undefined;

/** As {@link warmHttpTransport}, for the stdio transport: a manager with command servers warms it when built. */
export function warmStdioTransport(): Promise<typeof import('./stdio/stdio-transport.js')> {
  stdioModule ??= import('./stdio/stdio-transport.js');
  stdioModule.catch(() => undefined);
  return stdioModule;
}

/**
 * Creates (but does not start) the transport for `params`. A loaded `ServerConfig` is valid
 * `params` as it is; only the fields a transport knows are read.
 */
export async function createTransport(params: ServerParams, context: TransportContext = {}): Promise<Transport> {
  if ('command' in params && typeof params.command === 'string') {
    const { StdioTransport } = await warmStdioTransport();
    const p = params as StdioServerParams;
    const lines = [p.onStderrLine, context.onStderrLine].filter((f) => f !== undefined);
    // Spread, not picked: callers of connect() may pass any StdioTransportOptions through.
    return new StdioTransport({
      ...p,
      serverName: context.serverName,
      ...(lines.length > 0
        ? {
            onStderrLine: (line: string) => {
              for (const f of lines) f(line);
            },
          }
        : {}),
    });
  }
  if ('url' in params && typeof params.url === 'string') {
    const { createHttpTransport } = await warmHttpTransport();
    const http = params as HttpServerParams;
    const auth = await authHandlerFor(http, context);
    return createHttpTransport({ ...http, auth, serverName: context.serverName, logger: context.logger });
  }
  throw new McpBridgeError('MCPB_INVALID_OPTIONS', 'a server needs either "command" (stdio) or "url" (HTTP)', {
    server: context.serverName,
    hint: 'pass { command, args } for a local server or { url } for a remote one',
  });
}

function isAuthHandler(value: unknown): value is AuthHandler {
  return typeof (value as AuthHandler).authorization === 'function' && typeof (value as AuthHandler).onChallenge === 'function';
}

async function authHandlerFor(params: HttpServerParams, context: { serverName?: string; logger?: Logger }): Promise<AuthHandler | undefined> {
  const auth = params.auth;
  if (auth === undefined) return undefined;
  if (isAuthHandler(auth)) return auth;
  if (auth.mode === 'none') return undefined;
  const { createOAuthHandler } = await import('../auth/index.js');
  const { context: oauthContext, ...options } = auth;
  return createOAuthHandler(params.url, options, { serverName: context.serverName, logger: context.logger, ...oauthContext });
}
