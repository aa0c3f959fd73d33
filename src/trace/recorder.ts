// Transparent stdio recording proxy: passes bytes unchanged between a client and a server process and
// writes a trace of both directions (plus stderr and exit) when the session ends.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Readable, Writable } from 'node:stream';
import { MAX_MESSAGE_DEPTH, nestsDeeperThan } from '../../protocol/jsonrpc/depth.js';
import { RecorderUsageError } from './errors.js';
import { TRACE_FORMAT, serializeTrace, type TraceEvent, type TraceHeader } from './trace-format.js';

/** Parsed command line of the recorder. */
export interface RecorderOptions {
  out: string;
  command: string;
  args: string[];
  /** Literal strings to mask in the trace (never on the wire) as `${name}`, longest first. */
  masks: Array<{ value: string; name: string }>;
  description?: string;
  /** `name@version` overriding the package found from the command. */
  packageSpec?: string;
}

/** Parses `--out FILE [--mask V=N]... [--package P] [--description D] -- CMD ARGS...`. */
export function parseRecorderArgs(argv: string[]): RecorderOptions {
  const sep = argv.indexOf('--');
  if (sep < 0 || sep === argv.length - 1) throw new RecorderUsageError('missing "-- CMD [ARGS...]" naming the server to run');
  const own = argv.slice(0, sep);
  const [command, ...args] = argv.slice(sep + 1) as [string, ...string[]];
  let out: string | undefined;
  let description: string | undefined;
  let packageSpec: string | undefined;
  const masks: RecorderOptions['masks'] = [];
  for (let i = 0; i < own.length; i++) {
    const flag = own[i];
    const value = own[i + 1];
    if (value === undefined) throw new RecorderUsageError(`${flag} needs a value`);
    i++;
    if (flag === '--out') out = value;
    else if (flag === '--description') description = value;
    else if (flag === '--package') packageSpec = value;
    else if (flag === '--mask') {
      const eq = value.lastIndexOf('=');
      const name = value.slice(eq + 1);
      if (eq <= 0 || !/^[A-Z0-9_]+$/.test(name)) throw new RecorderUsageError(`--mask ${value}: expected VALUE=NAME with NAME in [A-Z0-9_]`);
      masks.push({ value: value.slice(0, eq), name });
    } else throw new RecorderUsageError(`unknown option ${flag}`);
  }
  if (out === undefined) throw new RecorderUsageError('--out FILE is required');
  masks.sort((a, b) => b.value.length - a.value.length);
  return { out, command, args, masks, description, packageSpec };
}

/** Finds the npm package a command runs by walking up from each file argument to a package.json. */
export function findServerPackage(command: string, args: string[]): { package?: string; version?: string } {
  for (const arg of [command, ...args]) {
    let p = resolve(arg);
    if (!existsSync(p) || !statSync(p).isFile()) continue;
    for (let dir = dirname(p); ; dir = dirname(dir)) {
      const pj = join(dir, 'package.json');
      if (existsSync(pj)) {
        try {
          const j = JSON.parse(readFileSync(pj, 'utf8')) as { name?: string; version?: string };
          if (j.name) return { package: j.name, version: j.version };
        } catch {
          /* unreadable package.json: keep walking */
        }
      }
      if (dirname(dir) === dir) break;
      p = dir;
    }
  }
  return {};
}

function maskValue(v: unknown, masks: RecorderOptions['masks']): unknown {
  if (masks.length === 0) return v;
  if (typeof v === 'string') return masks.reduce((s, m) => s.split(m.value).join('${' + m.name + '}'), v);
  if (Array.isArray(v)) return v.map((x) => maskValue(x, masks));
  if (typeof v === 'object' && v !== null) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [maskValue(k, masks) as string, maskValue(x, masks)]));
  }
  return v;
}

/** Splits a byte stream into lines for the trace only; the bytes themselves go through untouched. */
function lineTap(onLine: (line: string) => void): { push(chunk: Buffer): void; end(): void } {
  let pending: Buffer[] = [];
  return {
    push(chunk) {
      let start = 0;
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, start)) {
        pending.push(chunk.subarray(start, i));
        onLine(Buffer.concat(pending).toString('utf8'));
        pending = [];
        start = i + 1;
      }
      if (start < chunk.length) pending.push(Buffer.from(chunk.subarray(start)));
    },
    end() {
      if (pending.length > 0) onLine(Buffer.concat(pending).toString('utf8'));
      pending = [];
    },
  };
}

/** Streams the recorder is wired to; the process's own by default, replaceable in tests. */
export interface RecorderIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/**
 * Runs the server under the proxy until it exits, then writes the trace. Resolves with the exit
 * code to use (the server's, or 1 when it died by a signal).
 */
export async function runRecorder(argv: string[], io: RecorderIo = process): Promise<number> {
  const opts = parseRecorderArgs(argv);
  const t0 = performance.now();
  const now = () => Math.round((performance.now() - t0) * 1000) / 1000;
  const events: TraceEvent[] = [];
  let initializeId: unknown;
  let initResult: Record<string, unknown> | undefined;

  const child = spawn(opts.command, opts.args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const record = (dir: 'c2s' | 's2c') => (line: string) => {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      msg = undefined;
    }
    // A value too deep for the recursive masking and writing after it is kept as its raw line.
    if (msg === undefined || nestsDeeperThan(msg, MAX_MESSAGE_DEPTH)) {
      events.push({ type: 'message', dir, t: now(), raw: maskValue(line, opts.masks) as string });
      return;
    }
    const m = msg as { id?: unknown; method?: unknown; result?: Record<string, unknown> };
    if (dir === 'c2s' && m.method === 'initialize') initializeId = m.id;
    if (dir === 's2c' && initResult === undefined && m.id !== undefined && m.id === initializeId && m.result) initResult = m.result;
    events.push({ type: 'message', dir, t: now(), msg: maskValue(msg, opts.masks) });
  };
  const inTap = lineTap(record('c2s'));
  const outTap = lineTap(record('s2c'));
  const errTap = lineTap((text) => events.push({ type: 'stderr', t: now(), text: maskValue(text, opts.masks) as string }));

  const ignore = () => {};
  child.stdin.on('error', ignore);
  io.stdout.on('error', ignore);
  io.stdin.on('data', (c: Buffer) => inTap.push(c));
  io.stdin.on('end', () => {
    inTap.end();
    events.push({ type: 'eof', t: now() });
  });
  io.stdin.pipe(child.stdin);
  child.stdout.on('data', (c: Buffer) => outTap.push(c));
  child.stdout.pipe(io.stdout, { end: false });
  child.stderr.on('data', (c: Buffer) => errTap.push(c));
  child.stderr.pipe(io.stderr, { end: false });

  const forward = (sig: NodeJS.Signals) => () => child.kill(sig);
  const onTerm = forward('SIGTERM');
  const onInt = forward('SIGINT');
  process.on('SIGTERM', onTerm);
  process.on('SIGINT', onInt);

  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((res, rej) => {
    child.once('error', rej);
    child.once('close', (c, s) => res([c, s]));
  }).catch((e: Error) => {
    io.stderr.write(`mcp-bridge record: cannot start ${opts.command}: ${e.message}\n`);
    return [127, null] as [number, null];
  });
  process.off('SIGTERM', onTerm);
  process.off('SIGINT', onInt);
  io.stdin.unpipe(child.stdin);
  outTap.end();
  errTap.end();
  events.push({ type: 'exit', t: now(), code, signal });

  const found = findServerPackage(opts.command, opts.args);
  const [pkgName, pkgVersion] = opts.packageSpec ? splitSpec(opts.packageSpec) : [found.package, found.version];
  const header: TraceHeader = {
    type: 'header',
    format: TRACE_FORMAT,
    server: { package: pkgName, version: pkgVersion },
    serverInfo: initResult?.serverInfo,
    command: maskValue([opts.command, ...opts.args], opts.masks) as string[],
    protocolVersion: typeof initResult?.protocolVersion === 'string' ? initResult.protocolVersion : undefined,
    date: new Date().toISOString(),
    placeholders: opts.masks.length ? [...new Set(opts.masks.map((m) => m.name))] : undefined,
    description: opts.description,
  };
  writeFileSync(opts.out, serializeTrace({ header, events }));
  return code ?? 1;
}

function splitSpec(spec: string): [string, string | undefined] {
  const at = spec.lastIndexOf('@');
  return at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, undefined];
}

/** CLI entry: `node dist/src/trace/recorder.js --out F -- cmd args`. */
export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  try {
    process.exitCode = await runRecorder(argv);
  } catch (e) {
    process.stderr.write(`mcp-bridge record: ${(e as Error).message}\n`);
    process.exitCode = 2;
  }
  // The server is gone: stop reading the client so the process can exit.
  process.stdin.destroy();
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) void main();
