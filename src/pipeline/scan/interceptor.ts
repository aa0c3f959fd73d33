// The scanner as a pipeline step (stage 'pins': it judges definitions, before any policy). Under
// `block`, a tool whose definition has a high finding is left out of the specs and a call to it is
// refused with MCPB_TOOL_FLAGGED, nothing sent; under `warn`, each finding is logged once and
// calls go through. A definition is scanned once (the registry builds a new ToolDef when a server's
// list changes, so a changed description is scanned again).
import { errorResult } from '../../bridge/result.js';
import type { ToolDef } from '../../bridge/types.js';
import { ToolFlaggedError } from '../../errors/scan-errors.js';
import { nullLogger, type Logger } from '../../log.js';
import type { Interceptor } from '../types.js';
import { hasHighFinding, scanTool } from './scan.js';
import type { ScanFinding } from './types.js';

/** What the scanner does with what it finds. */
export type ScanMode = 'warn' | 'block';

/** Options of {@link createScanner}. */
export interface ScannerOptions {
  /** `block`: hide and refuse tools with a high finding; `warn`: log findings, change nothing. @defaultValue `'warn'` */
  mode?: ScanMode;
  /** Where each finding is reported, once. @defaultValue a logger that drops everything */
  logger?: Logger;
  /** Called once per finding besides the log (a UI, a metric). */
  onFinding?: (finding: ScanFinding) => void;
}

/** The scanner step, with what it found for a definition. */
export interface ScannerStep extends Interceptor {
  /** The findings for one definition (scanned on first use, then remembered). */
  findings(definition: ToolDef): readonly ScanFinding[];
}

/**
 * A pipeline step that scans each server tool's definition for poisoning (hidden instructions,
 * shadowing, credential access, exfiltration, invisible characters, encoded blobs, lookalike
 * names) before it is offered or called. Native tools are the application's own and are not scanned.
 * Checks that need every server's tools at once (a description ordering another server's tool by
 * name, names imitating another server's) run in `mcp-bridge scan`.
 *
 * @example
 * const registry = new Registry({ interceptors: [createScanner({ mode: 'block' })] });
 */
export function createScanner(options: ScannerOptions = {}): ScannerStep {
  const mode = options.mode ?? 'warn';
  const logger = options.logger ?? nullLogger;
  const cache = new WeakMap<ToolDef, readonly ScanFinding[]>();
  const reported = new Set<string>();

  const findings = (def: ToolDef): readonly ScanFinding[] => {
    let found = cache.get(def);
    if (found) return found;
    found = def.server === undefined ? [] : scanTool(def.tool ?? toolOf(def), { server: def.server });
    cache.set(def, found);
    for (const f of found) report(f);
    return found;
  };

  const report = (f: ScanFinding): void => {
    const key = `${f.server}\u0000${f.tool}\u0000${f.rule}\u0000${f.excerpt}`;
    if (reported.has(key)) return;
    reported.add(key);
    const hidden = mode === 'block' && f.severity === 'high';
    logger.warn(`scan: tool "${f.tool}" of server "${f.server}": ${f.rule} (${f.severity})${hidden ? ', hidden' : ''}: ${f.excerpt}`, { ...f });
    options.onFinding?.(f);
  };

  const blocked = (def: ToolDef): readonly ScanFinding[] | undefined => {
    if (mode !== 'block') return undefined;
    const found = findings(def);
    return hasHighFinding(found) ? found.filter((f) => f.severity === 'high') : undefined;
  };

  return {
    name: 'scanner',
    stage: 'pins',
    findings,
    hides: (def) => {
      if (mode === 'warn') findings(def);
      return blocked(def) !== undefined;
    },
    async intercept(call, next) {
      const high = blocked(call.definition);
      if (high === undefined) {
        if (mode === 'warn') findings(call.definition);
        return next(call);
      }
      return errorResult(new ToolFlaggedError(call.definition.server ?? '', call.tool, high));
    },
  };
}

function toolOf(def: ToolDef) {
  return {
    name: def.originalName,
    title: def.title,
    description: def.description,
    inputSchema: def.inputSchema,
    ...(def.outputSchema !== undefined ? { outputSchema: def.outputSchema } : {}),
  };
}
