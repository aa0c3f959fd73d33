// One conformance check of one trace: drive our client and bridge through it, then check (a) what the
// client sent against the recording and the negotiated revision's schema, and (b) the bridge's result
// for every recorded tool call against the reviewed expected file.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expandPlaceholders, parseTrace, type Trace } from '../src/trace/trace-format.js';
import { diffValues, formatDifferences } from '../src/trace/normalize.js';
import { clientMessageChecker } from './schema-check.js';
import { driveTrace, type CallOutcome, type EventOutcome, type RequestOutcome } from './drive.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const tracesDir = join(repoRoot, 'conformance', 'traces');
export const expectedDir = join(repoRoot, 'conformance', 'expected');
const replayerJs = join(repoRoot, 'dist', 'src', 'trace', 'replayer.js');

/** Long strings (file contents, base64) are kept in expected files as length + hash + head. */
const LONG = 2000;
export function summarize(v: unknown): unknown {
  if (typeof v === 'string' && v.length > LONG) {
    const sha = createHash('sha256').update(v).digest('hex').slice(0, 16);
    return `<${v.length} chars, sha256 ${sha}, starts ${JSON.stringify(v.slice(0, 60))}>`;
  }
  if (Array.isArray(v)) return v.map(summarize);
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, summarize(x)]));
  return v;
}

/** The method of the recorded server request a client response answers (ids of server requests are replayed as recorded). */
function serverRequestMethod(trace: Trace, msg: unknown): string | undefined {
  const m = msg as { id?: unknown; method?: unknown };
  if (m.method !== undefined || m.id === undefined) return undefined;
  for (const e of trace.events) {
    const s = e.type === 'message' && e.dir === 's2c' ? (e.msg as { id?: unknown; method?: unknown }) : undefined;
    if (s && typeof s.method === 'string' && JSON.stringify(s.id) === JSON.stringify(m.id)) return s.method;
  }
  return undefined;
}

interface Expected {
  trace: string;
  calls: CallOutcome[];
  /** Resources, prompts, completion and task results (traces that have them). */
  requests?: RequestOutcome[];
  /** What the server's notifications became as our client's events (traces that have them). */
  events?: EventOutcome[];
}

/** Verdict for one trace: ok, and the lines to print (first line PASS/FAIL, then indented problems). */
export interface TraceVerdict {
  ok: boolean;
  lines: string[];
}

/**
 * Checks one trace. `tracePath` may be anywhere; the expected file is `<expectedDir>/<name>.json`.
 * With `update`, the expected file is (re)written from this run first.
 */
export async function checkTrace(tracePath: string, options: { update?: boolean; expectedDir?: string } = {}): Promise<TraceVerdict> {
  const file = basename(tracePath);
  const update = options.update === true;
  const expectedRoot = options.expectedDir ?? expectedDir;
  const name = basename(file, '.jsonl');
  // Placeholders get a fixed stand-in path, as a machine other than the recording one would have.
  const raw = parseTrace(readFileSync(tracePath, 'utf8'));
  const vars = Object.fromEntries((raw.header.placeholders ?? []).map((p) => [p, `/replay/${p.toLowerCase()}`]));
  const trace = expandPlaceholders(raw, vars);
  const out = await driveTrace(tracePath, raw, replayerJs, name, vars);
  const problems: string[] = [...out.problems];
  const r = out.report;
  if (r) {
    for (const f of r.failures) problems.push(`${f.kind}: ${f.message}${f.detail ? '\n' + f.detail : ''}`);
    const version = trace.header.protocolVersion;
    if (version) {
      const check = clientMessageChecker(repoRoot, version);
      if ('unavailable' in check) problems.push(`schema: ${check.unavailable}`);
      else
        for (const m of r.received)
          if (m.msg !== undefined)
            for (const p of check(m.msg, serverRequestMethod(trace, m.msg))) problems.push(`schema: ${p}\n  message: ${JSON.stringify(m.msg).slice(0, 300)}`);
    }
  }
  const actual: Expected = {
    trace: file,
    calls: summarize(out.calls) as CallOutcome[],
    ...(out.requests.length > 0 ? { requests: summarize(out.requests) as RequestOutcome[] } : {}),
    ...(out.events.length > 0 ? { events: summarize(out.events) as EventOutcome[] } : {}),
  };
  const expectedPath = join(expectedRoot, `${name}.json`);
  if (update) writeFileSync(expectedPath, JSON.stringify(actual, null, 2) + '\n');
  if (!existsSync(expectedPath))
    problems.push(`bridge: no expected file ${basename(expectedPath)}; run \`npm run conformance -- --update\` and read it by hand`);
  else {
    const expected = JSON.parse(readFileSync(expectedPath, 'utf8')) as Expected;
    const diffs = [
      ...diffValues(expected.calls, actual.calls),
      ...diffValues(expected.requests ?? [], actual.requests ?? []),
      ...diffValues(expected.events ?? [], actual.events ?? []),
    ];
    if (diffs.length > 0) problems.push(`bridge: results differ from ${basename(expectedPath)}:\n${formatDifferences(diffs.slice(0, 12))}`);
  }
  const summary = r ? `${r.matched}/${r.expected} client messages matched, ${out.calls.length} tool results` : 'no replay report';
  const lines = [`${problems.length === 0 ? 'PASS' : 'FAIL'} ${file}: ${summary}`];
  for (const p of problems.slice(0, 20))
    lines.push(
      p
        .split('\n')
        .map((l) => '    ' + l)
        .join('\n'),
    );
  if (problems.length > 20) lines.push(`    ... and ${problems.length - 20} more`);
  return { ok: problems.length === 0, lines };
}
