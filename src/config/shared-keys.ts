// The keys of `tools.mcp` that apply to the whole server list rather than one entry: tool search
// (deferred loading) and the result budget. Read with the same located errors as a server's keys.
import { closest } from '../util/did-you-mean.js';
import { readAuditConfig } from './audit-config.js';
import { FieldReader, type FieldContext } from './field-reader.js';
import { isObject, typeName } from './formats.js';
import type { DocPath } from './paths.js';
import { readPinsSettings } from './pins-config.js';
import { readTelemetry } from './telemetry-key.js';
import { readPolicy, type PolicyConfig } from './policy-keys.js';
import type { AuditConfig, PinsConfig, ProfileConfig, ScanModeConfig, TelemetryConfig, ToolSearchConfig } from './types.js';
import { PROFILE_KEYS, SCAN_MODES, TOOL_SEARCH_KEYS, TOOL_SEARCH_MAX_LIMIT } from './schema.js';

/** What `tools.mcp` says for every server besides the list itself. */
export interface SharedSettings {
  toolSearch?: ToolSearchConfig;
  maxResultTokens?: number;
  pins?: PinsConfig | false;
  profiles?: Record<string, ProfileConfig>;
  scan?: ScanModeConfig;
  telemetry?: TelemetryConfig;
  policy?: PolicyConfig;
  audit?: AuditConfig;
}

/** Reads `toolSearch` and `maxResultTokens` of `tools.mcp` (at `path`); problems go to ctx.issues. */
export function readSharedSettings(ctx: FieldContext, path: DocPath, mcp: Record<string, unknown>): SharedSettings {
  const out: SharedSettings = {};
  const reader = new FieldReader(ctx, path, mcp, true);
  if (reader.has('maxResultTokens')) out.maxResultTokens = reader.positiveInt('maxResultTokens', 0) || undefined;
  if (out.maxResultTokens === undefined) delete out.maxResultTokens;
  const pins = readPinsSettings(ctx, path, mcp);
  if (pins !== undefined) out.pins = pins;
  if (reader.has('profiles')) {
    const profiles = readProfiles(ctx, path, mcp.profiles);
    if (profiles) out.profiles = profiles;
  }
  if (reader.has('scan')) {
    const scan = mcp.scan;
    if (typeof scan === 'string' && (SCAN_MODES as readonly string[]).includes(scan)) out.scan = scan as ScanModeConfig;
    else
      reader.fail(
        ['scan'],
        `scan must be one of ${SCAN_MODES.join(', ')}, got ${typeof scan === 'string' ? `"${scan}"` : typeName(scan)}`,
        'write scan: warn (log what the scanner finds) or scan: block (hide tools with a high finding)',
      );
  }
  const telemetry = readTelemetry(ctx, path, mcp);
  if (telemetry) out.telemetry = telemetry;
  const policy = readPolicy(ctx, path, mcp);
  if (policy) out.policy = policy;
  if (reader.has('audit')) {
    const audit = readAuditConfig(ctx, [...path, 'audit'], mcp.audit);
    if (audit) out.audit = audit;
  }
  if (!reader.has('toolSearch')) return out;
  const raw = mcp.toolSearch;
  if (!isObject(raw)) {
    // `toolSearch: true` is the likely shorthand: say what the block looks like.
    reader.fail(['toolSearch'], `toolSearch must be a mapping, got ${typeName(raw)}`, 'write toolSearch: { enabled: true, alwaysLoaded: ["fs_*"] }');
    return out;
  }
  const at: DocPath = [...path, 'toolSearch'];
  for (const key of Object.keys(raw)) {
    if ((TOOL_SEARCH_KEYS as readonly string[]).includes(key)) continue;
    const guess = closest(key, TOOL_SEARCH_KEYS);
    ctx.issues.push({
      path: [...at, key],
      at: 'key',
      message: `unknown key "${key}" in tools.mcp.toolSearch`,
      hint: guess ? `did you mean "${guess}"?` : `valid keys: ${TOOL_SEARCH_KEYS.join(', ')}`,
    });
  }
  const search = new FieldReader(ctx, at, raw, true);
  const settings: ToolSearchConfig = { enabled: search.boolean('enabled') ?? false, alwaysLoaded: search.stringList('alwaysLoaded', false) };
  if (search.has('limit')) {
    const limit = search.positiveInt('limit', 0);
    if (limit > TOOL_SEARCH_MAX_LIMIT)
      search.fail(
        ['limit'],
        `limit must be at most ${TOOL_SEARCH_MAX_LIMIT}, got ${limit}`,
        `e.g. limit: 5 (a search returns ${TOOL_SEARCH_MAX_LIMIT} tools at most)`,
      );
    else if (limit > 0) settings.limit = limit;
  }
  out.toolSearch = settings;
  return out;
}

// `profiles: { NAME: { servers: [...], tools: [globs] } }`; the names must be usable in a URL path.
function readProfiles(ctx: FieldContext, path: DocPath, raw: unknown): Record<string, ProfileConfig> | undefined {
  const at: DocPath = [...path, 'profiles'];
  if (!isObject(raw)) {
    ctx.issues.push({
      path: at,
      message: `profiles must be a mapping, got ${typeName(raw)}`,
      hint: 'write profiles: { readonly: { servers: [fs], tools: ["fs_read_*"] } }',
    });
    return undefined;
  }
  const out: Record<string, ProfileConfig> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) {
      ctx.issues.push({
        path: [...at, name],
        at: 'key',
        message: `profile name "${name}" cannot be a URL path segment`,
        hint: 'use letters, digits, _ and - only',
      });
      continue;
    }
    if (!isObject(value)) {
      ctx.issues.push({
        path: [...at, name],
        message: `profile "${name}" must be a mapping, got ${typeName(value)}`,
        hint: 'e.g. { servers: [fs], tools: ["fs_*"] }',
      });
      continue;
    }
    for (const key of Object.keys(value)) {
      if ((PROFILE_KEYS as readonly string[]).includes(key)) continue;
      const guess = closest(key, PROFILE_KEYS);
      ctx.issues.push({
        path: [...at, name, key],
        at: 'key',
        message: `unknown key "${key}" in profile "${name}"`,
        hint: guess ? `did you mean "${guess}"?` : `valid keys: ${PROFILE_KEYS.join(', ')}`,
      });
    }
    const r = new FieldReader(ctx, [...at, name], value, true);
    const profile: ProfileConfig = {};
    if (r.has('servers')) profile.servers = r.stringList('servers', false);
    if (r.has('tools')) profile.tools = r.stringList('tools', false);
    out[name] = profile;
  }
  return out;
}
