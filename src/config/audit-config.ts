// `tools.mcp.audit`: where the audit log goes and what it records, read with located errors like
// every other key. The file is resolved against the config's folder here, so the log lands beside
// the config whichever directory the CLI runs in.
import { closest } from '../util/did-you-mean.js';
import { FieldReader, type FieldContext } from './field-reader.js';
import { isObject, typeName } from './formats.js';
import type { DocPath } from './paths.js';
import { AUDIT_ARGS_MODES, AUDIT_KEYS } from './schema.js';
import type { AuditConfig } from './types.js';
import { isAbsolute, resolve } from '../util/node-path.js';

/** Reads `audit` of `tools.mcp` (at `path`); undefined when absent or unusable (the problem is in ctx.issues). */
export function readAuditConfig(ctx: FieldContext, path: DocPath, raw: unknown): AuditConfig | undefined {
  if (!isObject(raw)) {
    ctx.issues.push({ path, message: `audit must be a mapping, got ${typeName(raw)}`, hint: 'write audit: { file: audit.jsonl, args: redacted }' });
    return undefined;
  }
  for (const key of Object.keys(raw)) {
    if ((AUDIT_KEYS as readonly string[]).includes(key)) continue;
    const guess = closest(key, AUDIT_KEYS);
    ctx.issues.push({
      path: [...path, key],
      at: 'key',
      message: `unknown key "${key}" in tools.mcp.audit`,
      hint: guess ? `did you mean "${guess}"?` : `valid keys: ${AUDIT_KEYS.join(', ')}`,
    });
  }
  const reader = new FieldReader(ctx, path, raw, true);
  const file = reader.string('file', true);
  if (file === undefined && !reader.has('file')) reader.fail([], 'audit needs a file', 'e.g. audit: { file: audit.jsonl } (relative to this config file)');
  let args: AuditConfig['args'] = 'redacted';
  const mode = reader.rawString('args');
  if (mode !== undefined) {
    if ((AUDIT_ARGS_MODES as readonly string[]).includes(mode)) args = mode as AuditConfig['args'];
    else reader.fail(['args'], `args must be one of ${AUDIT_ARGS_MODES.join(', ')}, got "${mode}"`, 'redacted keeps the keys and masks secret-looking values');
  }
  const maxBytes = reader.positiveInt('maxBytes', 0);
  const keep = reader.positiveInt('keep', 0);
  if (file === undefined) return undefined;
  return {
    file: isAbsolute(file) ? file : resolve(ctx.configDir, file),
    args,
    ...(maxBytes > 0 ? { maxBytes } : {}),
    ...(keep > 0 ? { keep } : {}),
  };
}
