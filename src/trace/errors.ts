// The errors of the trace tools (recorder, replayer, trace format): local mcp-bridge errors with the
// stable codes of the catalogue (src/errors/codes.ts), so callers match on `code` as everywhere else.
import { McpBridgeError } from '../../protocol/errors/base.js';

const RECORDER_USAGE = 'usage: mcp-bridge record --out FILE [--mask VALUE=NAME]... [--package NAME@VERSION] [--description TEXT] -- CMD [ARGS...]';
const REPLAYER_USAGE = 'usage: replayer TRACE.jsonl [--report FILE.json] [--var NAME=VALUE]... [--idle-timeout MS] [--stall MS]';

/** A trace file that does not follow the format; names the line and what is wrong. */
export class TraceFormatError extends McpBridgeError {
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super('MCPB_TRACE_INVALID', `trace line ${line}: ${problem} (see conformance/README.md, "Trace format")`, { line, problem });
  }
}

/** A bad recorder command line; the message says which argument, then the usage. */
export class RecorderUsageError extends McpBridgeError {
  constructor(problem: string) {
    super('MCPB_RECORDER_USAGE', `${problem}\n${RECORDER_USAGE}`, { problem });
  }
}

/** A bad replayer command line; the message says which argument, then the usage. */
export class ReplayerUsageError extends McpBridgeError {
  constructor(problem: string) {
    super('MCPB_REPLAYER_USAGE', `${problem}\n${REPLAYER_USAGE}`, { problem });
  }
}
