// How a server entry is reached: its transport (ours or a host's spelling), its url, and whether
// command, url and transport agree. One place for the rules that decide stdio versus HTTP.

import type { FieldReader } from './field-reader.js';
import type { ConfigFormat } from './formats.js';
import { HOST_TYPES, TRANSPORTS } from './schema.js';
import { closest } from '../util/did-you-mean.js';
import type { TransportKind } from './types.js';

/** The transport as written: `transport` (ours) or `type` (host spelling); 'auto' when neither. */
export function readTransport(r: FieldReader, format: ConfigFormat): TransportKind | undefined {
  if (format === 'mcp-bridge' && r.has('transport') && r.has('type')) {
    r.fail(['type'], 'both transport and type are set', 'keep transport and remove type', 'key');
    return undefined;
  }
  if (format === 'mcp-bridge' && r.has('transport')) {
    const value = r.rawString('transport');
    if (value === undefined) return undefined;
    if ((TRANSPORTS as readonly string[]).includes(value)) return value as TransportKind;
    // The CLI's --transport http and the hosts' type: http mean the same: Streamable HTTP, falling back to sse.
    if (value === 'http') return 'auto';
    const hint = /^ht+ps?$/i.test(value)
      ? 'write http or auto (Streamable HTTP, falling back to sse), or streamable-http (no fallback)'
      : `${closest(value, TRANSPORTS) ? `did you mean "${closest(value, TRANSPORTS)}"? ` : ''}valid: ${TRANSPORTS.join(', ')}`;
    r.fail(['transport'], `transport "${value}" is not one of ${TRANSPORTS.join(', ')}`, hint);
    return undefined;
  }
  if (!r.has('type')) return 'auto';
  const value = r.rawString('type');
  if (value === undefined) return undefined;
  if (Object.hasOwn(HOST_TYPES, value)) return HOST_TYPES[value];
  const guess = closest(value, Object.keys(HOST_TYPES));
  // Name the three spellings hosts document; streamable-http and streamableHttp are accepted quietly.
  r.fail(
    ['type'],
    `type "${value}" is not one of stdio, sse, http`,
    `${guess ? `did you mean "${guess}"? ` : ''}http tries Streamable HTTP and falls back to sse`,
  );
  return undefined;
}

export function readUrl(r: FieldReader, key: string, enabled: boolean): string | undefined {
  const url = r.string(key, true);
  if (url === undefined) return undefined;
  // A disabled server keeps an unresolved ${VAR} as written (a warning); it cannot be checked yet.
  if (!enabled && url.includes('${')) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    r.fail([key], `${key} is not a valid URL`, 'write a full URL such as https://example.com/mcp');
    return undefined;
  }
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return url;
  r.fail([key], `${key} uses ${parsed.protocol.slice(0, 20)}, which is not supported`, 'only http:// and https:// URLs are supported');
  return undefined;
}

/** Checks command/url against the transport; returns the final kind ('auto' only for URL servers). */
export function resolveTransport(
  kind: TransportKind | undefined,
  hasCommand: boolean,
  hasUrl: boolean,
  r: FieldReader,
  misspelt: Set<string>,
): TransportKind | undefined {
  if (hasCommand && hasUrl) {
    r.fail(['url'], 'a server has either command (stdio) or url (HTTP), not both', 'remove one, or split it into two servers', 'key');
    return undefined;
  }
  if (kind === undefined) return undefined;
  if (!hasCommand && !hasUrl) {
    // A misspelt command or url key was already reported; "neither" would only repeat it.
    if (misspelt.has('command') || misspelt.has('url')) return undefined;
    if (kind === 'stdio') r.fail(['command'], 'transport stdio needs a command', 'add command: (the program to run)', undefined, [transportKey(r)]);
    else if (kind === 'auto') r.fail([], 'this server has neither command nor url', 'add command: to spawn a stdio server, or url: to connect over HTTP');
    else r.fail(['url'], `transport ${kind} needs a url`, 'add url: https://...', undefined, [transportKey(r)]);
    return undefined;
  }
  if (kind === 'stdio' && hasUrl) {
    r.fail(
      ['command'],
      'transport stdio needs a command, but this server has a url',
      'remove the transport line, or use streamable-http, sse or auto',
      undefined,
      [transportKey(r)],
    );
    return undefined;
  }
  if (kind !== 'stdio' && kind !== 'auto' && hasCommand) {
    r.fail(['url'], `transport ${kind} needs a url, but this server has a command`, 'use transport: stdio, or leave transport out', undefined, [
      transportKey(r),
    ]);
    return undefined;
  }
  return hasCommand ? 'stdio' : kind;
}

function transportKey(r: FieldReader): string {
  return r.has('transport') ? 'transport' : 'type';
}
