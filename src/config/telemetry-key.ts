// `tools.mcp.telemetry`: OpenTelemetry tracing of every request to every server. Read here, with the
// same located errors as the other keys; the manager loads the tracing side only when it is enabled.
import { closest } from '../util/did-you-mean.js';
import { FieldReader, type FieldContext } from './field-reader.js';
import { isObject, typeName } from './formats.js';
import type { DocPath } from './paths.js';
import type { TelemetryConfig } from './types.js';

/** Keys of `tools.mcp.telemetry`. */
export const TELEMETRY_KEYS = ['enabled', 'recordSessionId'] as const;

/** Reads `tools.mcp.telemetry` (absent: undefined); problems go to ctx.issues. */
export function readTelemetry(ctx: FieldContext, path: DocPath, mcp: Record<string, unknown>): TelemetryConfig | undefined {
  if (!('telemetry' in mcp) || mcp.telemetry === undefined || mcp.telemetry === null) return undefined;
  const raw = mcp.telemetry;
  if (!isObject(raw)) {
    new FieldReader(ctx, path, mcp, true).fail(['telemetry'], `telemetry must be a mapping, got ${typeName(raw)}`, 'write telemetry: { enabled: true }');
    return undefined;
  }
  const at: DocPath = [...path, 'telemetry'];
  for (const key of Object.keys(raw)) {
    if ((TELEMETRY_KEYS as readonly string[]).includes(key)) continue;
    const guess = closest(key, TELEMETRY_KEYS);
    ctx.issues.push({
      path: [...at, key],
      at: 'key',
      message: `unknown key "${key}" in tools.mcp.telemetry`,
      hint: guess ? `did you mean "${guess}"?` : `valid keys: ${TELEMETRY_KEYS.join(', ')}`,
    });
  }
  const reader = new FieldReader(ctx, at, raw, true);
  const out: TelemetryConfig = { enabled: reader.boolean('enabled') ?? false };
  if (reader.boolean('recordSessionId') === true) out.recordSessionId = true;
  return out;
}
