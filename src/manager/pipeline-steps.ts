// The pipeline steps a config asks for (pins, scanner, policy, audit, telemetry), built once per
// manager and added to the registry it feeds. Each concern owns its factory; this file only maps
// the config onto them, so a config without any of them adds nothing and costs nothing.
import { collectSecrets } from '../../protocol/redact.js';
import type { BridgeConfig } from '../config/types.js';
import { createPolicy } from '../pipeline/policy/interceptor.js';
import type { ConfirmHandler } from '../pipeline/policy/types.js';
import { createAuditLog } from '../pipeline/audit/index.js';
import type { Logger } from '../log.js';
import type { Interceptor } from '../pipeline/types.js';
import { pinsStep } from './pins-step.js';

/** What a step factory may need besides its own config section. */
export interface StepContext {
  /** The config file's directory (a relative lock or audit file lives beside the config). */
  configDir?: string;
  /** Asked for the calls a `confirm` rule of the policy catches (the Manager's `onConfirm`). */
  onConfirm?: ConfirmHandler;
  /** Where steps report what they only log (a pin change under `onChange: warn`). */
  logger?: Logger;
}

/** The steps `config` configures, in any order (each carries its stage). */
export function pipelineSteps(config: BridgeConfig | undefined, context: StepContext = {}): Interceptor[] {
  const steps: Interceptor[] = [];
  if (!config) return steps;
  // pins
  const pins = pinsStep(config, context);
  if (pins) steps.push(pins);

  // scanner

  // policy
  if (config.policy)
    steps.push(
      createPolicy({ ...config.policy, source: `tools.mcp.policy in ${config.file}`, ...(context.onConfirm ? { onConfirm: context.onConfirm } : {}) }),
    );

  // audit: the servers' configured secrets are never written, whatever `args` says.
  if (config.audit) steps.push(createAuditLog({ ...config.audit, secrets: config.servers.flatMap((server) => collectSecrets(server)) }));

  // telemetry

  return steps;
}
