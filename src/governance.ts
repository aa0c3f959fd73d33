// The "mcp-bridge/governance" entry: the factories of the call pipeline's governance steps (pins,
// the poisoning scanner, policy and approval, the audit log), to use without a config file. They
// live apart from the main entry so that importing "mcp-bridge" does not compile them; a Manager
// whose config asks for them loads them itself. Their errors are exported here and by the main entry
// (one class each, so `instanceof` holds whichever entry it was imported from).

// Pinned tool definitions: the pins step of the call pipeline and the lock file it reads.
export { createPins } from './pipeline/pins/pins.js';
export type { PinDecision, Pins, PinsOptions } from './pipeline/pins/pins.js';
export type { PinChange, PinChangeKind } from './pipeline/pins/classify.js';
export type { PinLock, LockServer, LockTool } from './pipeline/pins/lock.js';
export type { PinnedFields } from './pipeline/pins/definition.js';
export { ToolChangedError, PinLockError, PinLockMissingError } from './errors/pin-errors.js';

// The poisoning scanner: as a pipeline step, and as plain functions over tool definitions.
export { createScanner, scanServers, scanTool, hasHighFinding } from './pipeline/scan/index.js';
export type { ScanMode, ScannerOptions, ScannerStep, ScanTarget, ScanFinding, ScanRuleId, ScanSeverity, ScanContext } from './pipeline/scan/index.js';
export { ToolFlaggedError } from './errors/scan-errors.js';
export type { FlaggedFinding } from './errors/scan-errors.js';

// Policy and approval: allow, deny or confirm each tool call.
export { createPolicy, effectiveHints, NotConfirmedError, PolicyDeniedError, POLICY_HINTS } from './pipeline/policy/index.js';
export type {
  ConfirmHandler,
  EffectiveHints,
  NotConfirmedReason,
  PolicyAction,
  PolicyDecision,
  PolicyHint,
  PolicyInterceptor,
  PolicyOptions,
  PolicyRule,
  PolicySettings,
  RefusedCall,
} from './pipeline/policy/index.js';

// The audit log: one JSON line per call.
export { createAuditLog, DEFAULT_AUDIT_KEEP, DEFAULT_AUDIT_MAX_BYTES } from './pipeline/audit/index.js';
export type { AuditArgsMode, AuditLog, AuditLogOptions, AuditOutcome, AuditRecord } from './pipeline/audit/index.js';
export { AuditWriteError } from './errors/audit-errors.js';
