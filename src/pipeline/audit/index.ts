export { createAuditLog, DEFAULT_AUDIT_KEEP, DEFAULT_AUDIT_MAX_BYTES } from './audit-log.js';
export type { AuditLog, AuditLogOptions } from './audit-log.js';
export type { AuditArgsMode } from './args.js';
export type { AuditOutcome, AuditRecord } from './record.js';
