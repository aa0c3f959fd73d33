// The checks every HTTP request to the gateway passes before any MCP is read: the bearer token, and
// the DNS-rebinding rule (SERVE-1: an invalid `Origin` is refused with 403). A page a browser loaded
// from a hostile name that resolves to 127.0.0.1 sends that name as `Host` and its own `Origin`:
// on a loopback bind only loopback names are accepted for both.
import { timingSafeEqual } from 'node:crypto';
import { McpBridgeError } from '../../protocol/index.js';

/** Where the gateway listens. */
export interface ListenAddress {
  host: string;
  port: number;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** Whether a host name or address is the loopback interface. */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase();
  return LOOPBACK_NAMES.has(h) || /^127(?:\.\d{1,3}){3}$/.test(h) || h.endsWith('.localhost');
}

/**
 * `HOST:PORT`, `:PORT` or `PORT` (host 127.0.0.1); `[::1]:PORT` for IPv6.
 * @throws McpBridgeError `MCPB_INVALID_OPTIONS` for anything else.
 */
export function parseListen(text: string): ListenAddress {
  const m = /^(?:\[([^\]]+)\]|([^:]*))?:?(\d{1,5})$/.exec(text.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || !Number.isInteger(port) || port > 65_535) {
    throw new McpBridgeError('MCPB_INVALID_OPTIONS', `--http takes HOST:PORT (e.g. 127.0.0.1:8808), got ${JSON.stringify(text)}`, {
      hint: 'write --http 127.0.0.1:8808, or --http :8808 for the loopback address',
    });
  }
  return { host: m[1] ?? (m[2] || '127.0.0.1'), port };
}

/** Refuses a non-loopback bind without a token: anyone who can reach the port could run every tool. */
export function checkBind(listen: ListenAddress, token: string | undefined): void {
  if (isLoopback(listen.host) || (token !== undefined && token !== '')) return;
  throw new McpBridgeError(
    'MCPB_SERVE_TOKEN_REQUIRED',
    `serve --http ${listen.host}:${listen.port} binds an address other machines can reach, and no bearer token is set`,
    {
      hint: 'pass --token TOKEN or set MCP_BRIDGE_SERVE_TOKEN (clients send "Authorization: Bearer TOKEN"), or bind 127.0.0.1',
    },
  );
}

type Refusal = { status: 401 | 403; message: string };
type GuardHeaders = { host?: string; origin?: string; authorization?: string };

/** Why a request is refused before it is read, as an HTTP status and a message; undefined when it passes. */
export function guardRequest(headers: GuardHeaders, listen: ListenAddress, token: string | undefined): Refusal | undefined {
  return requestGuard(listen, token)(headers);
}

// Distinct Host values a server remembers the verdict of: a host sends the same one on every request.
const HOST_MEMO = 32;

/**
 * `guardRequest` for one server: the same verdicts, with the bind's loopback test, the token's
 * bytes and the verdict on each recent `Host` value worked out once instead of on every request.
 */
export function requestGuard(listen: ListenAddress, token: string | undefined): (headers: GuardHeaders) => Refusal | undefined {
  const loopbackBind = isLoopback(listen.host);
  const secret = token !== undefined && token !== '' ? Buffer.from(token) : undefined;
  const hosts = new Map<string, { name: string; refusal?: Refusal }>();
  const hostVerdict = (host: string) => {
    let v = hosts.get(host);
    if (v) return v;
    const name = hostOf(host);
    v =
      loopbackBind && !isLoopback(name)
        ? { name, refusal: { status: 403, message: `Host "${host}" is not a loopback name; this server only answers requests addressed to it as localhost` } }
        : { name };
    if (hosts.size >= HOST_MEMO) hosts.clear();
    hosts.set(host, v);
    return v;
  };
  return (headers) => {
    const host = headers.host === undefined ? undefined : hostVerdict(headers.host);
    if (host?.refusal) return host.refusal;
    const hostName = host?.name;
    const origin = headers.origin;
    if (origin !== undefined) {
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).hostname;
      } catch {
        originHost = undefined;
      }
      // SERVE-1: a loopback origin always passes; another one only when it is the host the request was sent to (same origin).
      const sameAsHost = originHost !== undefined && hostName !== undefined && originHost.toLowerCase() === hostName.toLowerCase() && !loopbackBind;
      if (originHost === undefined || !(isLoopback(originHost) || sameAsHost)) return { status: 403, message: `Origin ${origin} is not allowed` };
    }
    if (secret) {
      const given = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1]?.trim();
      if (given === undefined || !sameSecret(given, secret)) return { status: 401, message: 'a bearer token is required (Authorization: Bearer TOKEN)' };
    }
    return undefined;
  };
}

function hostOf(hostHeader: string): string {
  const m = /^(\[[^\]]+\]|[^:]+)(?::\d+)?$/.exec(hostHeader.trim());
  return m ? m[1]!.replace(/^\[|\]$/g, '') : hostHeader;
}

function sameSecret(given: string, secret: Buffer): boolean {
  const x = Buffer.from(given);
  return x.length === secret.length && timingSafeEqual(x, secret);
}
