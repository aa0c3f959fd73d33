// What the per-area client modules (resources, prompts, completion, tasks) need from the Client:
// the capabilities the server declared and the Client's one request path. Every request goes
// through `request`, so whatever that path does (session recovery, the era strategy) covers them all.
import { SKILLS_EXTENSION, type JsonObject, type ServerCapabilities } from '../../protocol/index.js';
import { CapabilityMissingError } from '../errors/client-errors.js';
import { InvalidResultError } from '../errors/session-errors.js';
import type { RequestOptions } from '../session/session.js';
import { collectPages } from './pagination.js';

/** Per-call options of the resource, prompt, completion and task methods. */
export interface FeatureOptions {
  /** Milliseconds without an answer before the request fails. @defaultValue the client's requestTimeoutMs */
  timeoutMs?: number;
  /** Aborts the request; the server is told (CANCEL-1). */
  signal?: AbortSignal;
}

export interface FeatureHost {
  /** Configured name of the server, for errors. */
  readonly serverName?: string;
  /** The negotiated protocol version. */
  readonly protocolVersion?: string;
  /** The server's declared capabilities; throws NotConnectedError when not connected. */
  capabilities(method: string): ServerCapabilities;
  /** The Client's single request path. */
  request<R>(method: string, params: JsonObject | undefined, options: RequestOptions): Promise<R>;
}

/**
 * Throws unless the server declared `path` (dot-separated, e.g. `resources.subscribe`).
 * @throws CapabilityMissingError (`MCPB_CAPABILITY_MISSING`)
 */
export function requireCapability(host: FeatureHost, method: string, path: string): void {
  let node: unknown = host.capabilities(method);
  for (const key of path.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
    if (node === undefined || node === null || node === false) throw new CapabilityMissingError({ server: host.serverName, method, capability: path });
  }
}

/** Only the options a feature request forwards (no progress, no caller-chosen cancellability). */
export function requestOptions(options: FeatureOptions): RequestOptions {
  return { timeoutMs: options.timeoutMs, signal: options.signal };
}

/** Throws InvalidResultError unless `result[key]` is an array; returns it. */
export function arrayField<T>(host: FeatureHost, method: string, result: unknown, key: string): T[] {
  const value = (result as Record<string, unknown> | null)?.[key];
  if (!Array.isArray(value)) throw new InvalidResultError({ server: host.serverName, method }, `"${key}" is not an array`);
  return value as T[];
}

/**
 * Every item a paginated list method returns, the `field` array of each page, following `nextCursor`
 * to the end ({@link collectPages}). `params`: what every page asks with besides its cursor, if anything.
 */
export function listAll<T>(host: FeatureHost, method: string, field: string, options: FeatureOptions, params?: JsonObject): Promise<T[]> {
  return collectPages(
    async (cursor) => {
      const result = await host.request<{ nextCursor?: string | null }>(method, cursor === undefined ? params : { ...params, cursor }, requestOptions(options));
      return { items: arrayField<T>(host, method, result, field), nextCursor: result.nextCursor };
    },
    { server: host.serverName, method },
  );
}

/**
 * The server's settings of the skills extension, or undefined when it did not declare it. Here rather
 * than in skills.ts: the manager and the CLI read it at start-up, and skills.ts is loaded on first use.
 */
export function skillsSettings(capabilities: ServerCapabilities): { directoryRead?: boolean } | undefined {
  const declared = (capabilities.extensions as Record<string, unknown> | undefined)?.[SKILLS_EXTENSION];
  return typeof declared === 'object' && declared !== null ? (declared as { directoryRead?: boolean }) : undefined;
}
