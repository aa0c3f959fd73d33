// `mcp-bridge record --out FILE -- CMD ARGS...`: a transparent stdio proxy that writes a trace.
import type { ParsedArgs } from '../args.js';
import type { CliIo } from '../io.js';
import { UsageError } from '../io.js';

export async function recordCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  if (!args.out) throw new UsageError('record needs --out FILE, then -- and the server command: mcp-bridge record --out trace.jsonl -- node server.js');
  if (args.rest.length === 0) throw new UsageError('record needs the server command after --: mcp-bridge record --out trace.jsonl -- node server.js');
  void io;
  const { runRecorder } = await import('../../trace/recorder.js');
  return runRecorder(['--out', args.out, '--', ...args.rest]);
}
