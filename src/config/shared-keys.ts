// The keys of `tools.mcp` that apply to the whole server list rather than one entry: tool search
// (deferred loading) and the result budget. Read with the same located errors as a server's keys.
import { closest } from '../util/did-you-mean.js';
import { readAuditConfig } from './audit-config.js';
import { FieldReader, type FieldContext } from './field-reader.js';
import { isObject, typeName } from './formats.js';
import type { DocPath } from './paths.js';
import { TOOL_SEARCH_KEYS, TOOL_SEARCH_MAX_LIMIT } from './schema.js';
import { readPinsSettings } from './pins-config.js';
import { readTelemetry } from './telemetry-key.js';
import { readPolicy, type PolicyConfig } from './policy-keys.js';
import type { AuditConfig, PinsConfig, TelemetryConfig, ToolSearchConfig } from './types.js';

/** What `tools.mcp` says for every server besides the list itself. */
export interface SharedSettings {
  toolSearch?: ToolSearchConfig;
  maxResultTokens?: number;
  pins?: PinsConfig | false;
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
