// Stdio MCP server that plays a recorded trace's server side back to whatever client launches it,
// and exits non-zero with readable diffs on stderr (and an optional JSON report) on any deviation.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Readable, Writable } from 'node:stream';
import { ReplayerUsageError } from './errors.js';
import { expandPlaceholders, parseTrace } from './trace-format.js';
import { ReplayEngine, type ReplayReport } from './replay-engine.js';

/** Parsed replayer command line. */
export interface ReplayerOptions {
  trace: string;
  report?: string;
  vars: Record<string, string>;
  /** Give up after this long without a client message while the replay is incomplete; 0 = never. */
  idleTimeoutMs: number;
  /** How long held out-of-order messages wait for the steps before them. */
  stallMs: number;
}

export function parseReplayerArgs(argv: string[]): ReplayerOptions {
  const opts: ReplayerOptions = { trace: '', vars: {}, idleTimeoutMs: 30_000, stallMs: 2_000 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--report' || a === '--var' || a === '--idle-timeout' || a === '--stall') {
      const v = argv[++i];
      if (v === undefined) throw new ReplayerUsageError(`${a} needs a value`);
      if (a === '--report') opts.report = v;
      else if (a === '--idle-timeout') opts.idleTimeoutMs = Number(v);
      else if (a === '--stall') opts.stallMs = Number(v);
      else {
        const eq = v.indexOf('=');
        if (eq <= 0) throw new ReplayerUsageError(`--var ${v}: expected NAME=VALUE`);
        opts.vars[v.slice(0, eq)] = v.slice(eq + 1);
      }
    } else if (a.startsWith('--')) throw new ReplayerUsageError(`unknown option ${a}`);
    else if (opts.trace) throw new ReplayerUsageError(`only one trace file, got ${opts.trace} and ${a}`);
    else opts.trace = a;
  }
  if (!opts.trace) throw new ReplayerUsageError('missing the trace file');
  if (!Number.isFinite(opts.idleTimeoutMs) || opts.idleTimeoutMs < 0) throw new ReplayerUsageError('--idle-timeout must be a number of milliseconds');
  return opts;
}

/** Streams the replayer talks on; the process's own by default. */
export interface ReplayerIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/** Replays until the client closes stdin (or the recorded server exits); resolves with the exit code. */
export async function runReplayer(argv: string[], io: ReplayerIo = process): Promise<number> {
  const opts = parseReplayerArgs(argv);
  const trace = expandPlaceholders(parseTrace(readFileSync(opts.trace, 'utf8')), opts.vars);
  let exitCode: number | undefined;
  let done: () => void = () => {};
  const finished = new Promise<void>((r) => (done = r));
  const engine = new ReplayEngine(trace, {
    send: (msg) => io.stdout.write(JSON.stringify(msg) + '\n'),
    stderr: (line) => io.stderr.write(line + '\n'),
    exit: (code) => {
      exitCode = code;
      done();
    },
  });

  let idle: NodeJS.Timeout | undefined;
  let timedOut = false;
  const armIdle = () => {
    if (idle) clearTimeout(idle);
    if (opts.idleTimeoutMs === 0) return;
    idle = setTimeout(() => {
      if (engine.complete()) return armIdle();
      timedOut = true;
      io.stderr.write(`mcp-bridge replayer: FAIL idle: no client message for ${opts.idleTimeoutMs} ms; waiting for: ${engine.waitingFor()}\n`);
      done();
    }, opts.idleTimeoutMs);
    idle.unref();
  };

  // Held messages mean the client may have skipped a step; give it a moment before declaring that.
  let stall: NodeJS.Timeout | undefined;
  const checkStall = () => {
    if (stall) clearTimeout(stall);
    stall = undefined;
    if (!engine.hasEarly()) return;
    stall = setTimeout(() => {
      stall = undefined;
      engine.resolveStall();
      checkStall();
    }, opts.stallMs);
    stall.unref();
  };

  let buf = '';
  const onData = (chunk: Buffer | string) => {
    armIdle();
    buf += chunk.toString();
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      engine.receiveLine(line);
    }
    checkStall();
  };
  io.stdin.setEncoding('utf8');
  io.stdin.on('data', onData);
  io.stdin.once('end', () => {
    if (buf.length > 0) engine.receiveLine(buf);
    done();
  });
  engine.start();
  armIdle();
  await finished;
  if (idle) clearTimeout(idle);
  if (stall) clearTimeout(stall);
  io.stdin.off('data', onData);

  const report: ReplayReport = engine.end();
  if (timedOut) report.failures.push({ kind: 'missing', message: `idle timeout; the replay was waiting for: ${engine.waitingFor()}` });
  report.ok = report.failures.length === 0;
  if (opts.report) writeFileSync(opts.report, JSON.stringify(report, null, 2) + '\n');
  const verdict = report.ok ? 'PASS' : 'FAIL';
  io.stderr.write(
    `mcp-bridge replayer: ${verdict} ${opts.trace}: ${report.matched}/${report.expected} client messages matched, ${report.failures.length} failure(s)\n`,
  );
  if (!report.ok) return 1;
  return exitCode ?? 0;
}

/** CLI entry: `node dist/src/trace/replayer.js TRACE [--report F]`. */
export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  let code: number;
  try {
    code = await runReplayer(argv);
  } catch (e) {
    process.stderr.write(`mcp-bridge replayer: ${(e as Error).message}\n`);
    code = 2;
  }
  process.stdin.destroy();
  process.exitCode = code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) void main();
