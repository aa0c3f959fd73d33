export { createPolicy, type PolicyInterceptor } from './interceptor.js';
export { globPattern } from '../../util/glob.js';
export { effectiveHints, PolicyRules, type EffectiveHints } from './decide.js';
export { NotConfirmedError, PolicyDeniedError, NOT_CONFIRMED, POLICY_DENIED, type NotConfirmedReason, type RefusedCall } from './errors.js';
export { POLICY_HINTS } from './types.js';
export type { ConfirmHandler, PolicyAction, PolicyDecision, PolicyHint, PolicyOptions, PolicyRule, PolicySettings } from './types.js';
