// Failures of the audit log. They are reported (logger or process warning), never thrown at a call.
import { McpBridgeError } from '../../protocol/index.js';

/** The audit log's file could not be written; the calls went on, the lines of that write were lost. */
export class AuditWriteError extends McpBridgeError {
  constructor(
    readonly file: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(
      'MCPB_AUDIT_WRITE_FAILED',
      `Could not write the audit log ${file}: ${reason}`,
      {
        file,
        hint: 'make the path a writable file (not a directory) on a disk with room; calls go on meanwhile, their audit lines are lost',
      },
      options,
    );
  }
}
