// `tools.mcp.pins`: where the lock file of pinned tool definitions is and what a changed or new
// tool gets. Read with located issues like every other key; the file is resolved against the
// config's folder, so a lock committed next to the config works from any working directory.
import { closest } from '../util/did-you-mean.js';
import { FieldReader, type FieldContext } from './field-reader.js';
import { isObject, typeName } from './formats.js';
import type { DocPath } from './paths.js';
import type { PinsConfig } from './types.js';
import { isAbsolute, resolve } from '../util/node-path.js';

/** Keys of `tools.mcp.pins`. */
export const PINS_KEYS = ['file', 'onChange', 'newTools', 'required'] as const;
/** The lock file's name when `file` is not given: beside the config. */
export const DEFAULT_LOCK_FILE = 'mcp-bridge.lock';

const ON_CHANGE = ['block', 'warn'] as const;
const NEW_TOOLS = ['allow', 'block'] as const;

/** Reads `pins` of `tools.mcp` (at `path`); problems go to ctx.issues. Undefined when absent or broken; `false` turns pins off. */
export function readPinsSettings(ctx: FieldContext, path: DocPath, mcp: Record<string, unknown>): PinsConfig | false | undefined {
  const raw = mcp.pins;
  if (raw === undefined || raw === null) return undefined;
  if (raw === false) return false;
  const at: DocPath = [...path, 'pins'];
  if (!isObject(raw)) {
    ctx.issues.push({
      path: at,
      message: `pins must be a mapping or false, got ${typeName(raw)}`,
      hint: 'write pins: { file: mcp-bridge.lock, onChange: block }, or pins: false to turn them off',
    });
    return undefined;
  }
  for (const key of Object.keys(raw)) {
    if ((PINS_KEYS as readonly string[]).includes(key)) continue;
    const guess = closest(key, PINS_KEYS);
    ctx.issues.push({
      path: [...at, key],
      at: 'key',
      message: `unknown key "${key}" in tools.mcp.pins`,
      hint: guess ? `did you mean "${guess}"?` : `valid keys: ${PINS_KEYS.join(', ')}`,
    });
  }
  const reader = new FieldReader(ctx, at, raw, true);
  const file = reader.string('file', true) ?? DEFAULT_LOCK_FILE;
  return {
    file: isAbsolute(file) ? file : resolve(ctx.configDir, file),
    onChange: choice(reader, 'onChange', ON_CHANGE, 'block (hide the tool, refuse its calls) or warn (log once, let it through)'),
    newTools: choice(reader, 'newTools', NEW_TOOLS, 'allow (a tool the lock does not know is let through) or block'),
    required: reader.boolean('required') ?? false,
  };
}

function choice<T extends string>(reader: FieldReader, key: string, values: readonly T[], hint: string): T {
  const value = reader.string(key, true);
  if (value === undefined) return values[0]!;
  if ((values as readonly string[]).includes(value)) return value as T;
  reader.fail([key], `${key} must be ${values.join(' or ')}, got "${value}"`, `use ${hint}`);
  return values[0]!;
}
