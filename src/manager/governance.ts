// The config's governance steps (pins, scanner, policy, audit) are loaded with import() when a config
// asks for one, not when the package is imported: their code (canonical JSON and diffs, the scanner's
// rules, the policy, the audit writer) is a sixth of the main entry, and V8 compiles every byte a
// module holds at import. The manager makes start() and every call wait for them, so nothing runs ungoverned.
import type { BridgeConfig } from '../config/types.js';
import type { Interceptor } from '../pipeline/types.js';
import type { ToolRegistry } from '../registry/registry.js';
import { pinsSettings } from './pins-settings.js';
import type { StepContext } from './pipeline-steps.js';

/** Whether `config` asks for any governance step (a lock beside the config turns pins on). */
export function wantsGovernance(config: BridgeConfig, configDir?: string): boolean {
  return config.scan !== undefined || Boolean(config.policy) || Boolean(config.audit) || pinsSettings(config, configDir) !== undefined;
}

/** Loads and adds to `registry` the steps `config` asks for, resolving to them; undefined (nothing loaded) when it asks for none. */
export function loadGovernance(config: BridgeConfig, registry: ToolRegistry, context: StepContext): Promise<Interceptor[]> | undefined {
  if (!wantsGovernance(config, context.configDir)) return undefined;
  return import('./pipeline-steps.js').then(({ pipelineSteps }) => {
    const steps = pipelineSteps(config, context);
    for (const step of steps) registry.use(step);
    return steps;
  });
}
