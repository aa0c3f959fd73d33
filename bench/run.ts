// `npm run bench` / `npm run bench:quick`: runs every workload for every client, each repetition in
// fresh processes, then prints the table and targets and writes the JSON. In each repetition
// mcp-bridge and the raw loops run back to back, in an order reversed every other repetition, so
// repetition i is pair i of the ratios (bench/report/pairs.ts); the other clients follow, rotated.
// Exits non-zero only when a workload crashes for mcp-bridge (targets missed are data, not errors).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BASE_CLIENT, BASE_ENV, clientNames, loadClient } from './clients/_load.js';
import { measureFootprints, type Footprint } from './footprint.js';
import { repoRoot } from './lib/paths.js';
import { measureImport, runJob, type RunOutcome } from './lib/spawn-job.js';
import { makePlan, type Step } from './plan.js';
import { summarize, type Results } from './report/results.js';
import { fmtSpread, LIKE_FOR_LIKE_CLIENT, PAIRED_CLIENTS, pairSpread, TOKEN_ONLY_CLIENT } from './report/pairs.js';
import { limitLosses, renderFailures, renderTable, rowsFor } from './report/table.js';
import { evaluateTargets, renderTargets } from './report/targets.js';

interface Args {
  quick: boolean;
  reps?: number;
  only?: string[];
  clients?: string[];
  footprint?: boolean;
  out?: string;
  base?: string;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { quick: false };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`bench: ${k} needs a value`);
      return v;
    };
    if (k === '--quick') a.quick = true;
    else if (k === '--reps') a.reps = Number(next());
    else if (k === '--only') a.only = next().split(',');
    else if (k === '--clients') a.clients = next().split(',');
    else if (k === '--footprint') a.footprint = true;
    else if (k === '--no-footprint') a.footprint = false;
    else if (k === '--out') a.out = next();
    else if (k === '--base') a.base = next();
    else throw new Error(`bench: unknown option ${k} (options: --quick --reps N --only w1,w4 --clients a,b --[no-]footprint --out file --base DIR)`);
  }
  if (a.reps !== undefined && !(Number.isInteger(a.reps) && a.reps > 0)) throw new Error('bench: --reps must be a positive integer');
  return a;
}

function rotate<T>(xs: T[], by: number): T[] {
  if (xs.length === 0) return xs;
  const n = by % xs.length;
  return [...xs.slice(n), ...xs.slice(0, n)];
}

/** Repetition `rep`'s order: the paired clients back to back (reversed on odd repetitions), then the others rotated. */
function orderFor(clients: string[], rep: number): string[] {
  const paired = clients.filter((c) => (PAIRED_CLIENTS as readonly string[]).includes(c));
  const others = clients.filter((c) => !paired.includes(c));
  return [...(rep % 2 === 1 ? paired.reverse() : paired), ...rotate(others, rep)];
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

async function runStep(step: Step, client: string, importModules: Map<string, string[]>, fullImports: Map<string, string[]>): Promise<RunOutcome> {
  if (step.kind === 'import' || step.kind === 'import-full') {
    const mods = (step.kind === 'import-full' ? fullImports : importModules).get(client)!;
    // Three probes per repetition, median taken later with the others: one probe is noisy.
    const runs = [await measureImport(mods), await measureImport(mods), await measureImport(mods)];
    const ok = runs.filter((r) => r.ok);
    if (ok.length === 0) return runs[0];
    const sorted = ok.map((r) => r.metrics).sort((p, q) => p.importMs - q.importMs);
    return { ok: true, metrics: sorted[sorted.length >> 1] };
  }
  return runJob(step.job!(client), step.timeoutMs);
}

const START = '<!-- bench:latest:start -->';
const END = '<!-- bench:latest:end -->';

/** Replaces the generated block of bench/README.md (between the markers) with the latest figures. */
function updateReadme(file: string, body: string): void {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a === -1 || b === -1 || b < a) return;
  writeFileSync(file, text.slice(0, a + START.length) + '\n' + body + '\n' + text.slice(b));
  process.stderr.write(`bench: updated ${file}\n`);
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  // Another build of mcp-bridge to pair with this one (its workers find it in the environment).
  if (args.base) {
    process.env[BASE_ENV] = resolve(args.base);
    // Each build runs from its bundle when it has one: a pair of a bundle and tsc's output measures
    // the build step as well as the change.
    const bundled = (root: string) => existsSync(join(root, 'dist', 'bundle', 'index.js'));
    if (bundled(repoRoot) !== bundled(resolve(args.base))) {
      process.stderr.write(`bench: warning: one of this build and --base ${args.base} has dist/bundle and the other not; run npm run build:package in both\n`);
    }
  }
  const plan = makePlan({ quick: args.quick, reps: args.reps });
  const clients = (args.clients ?? clientNames()).filter((c) => clientNames().includes(c));
  const steps = plan.steps.filter((s) => !args.only || args.only.some((o) => s.key.startsWith(o)));
  const started = performance.now();
  const importModules = new Map<string, string[]>();
  const fullImports = new Map<string, string[]>();
  const unavailable = new Map<string, string>();
  const covers = new Map<string, (key: string) => boolean>();
  for (const c of clients) {
    const adapter = await loadClient(c);
    if (adapter.covers) covers.set(c, adapter.covers.bind(adapter));
    importModules.set(c, adapter.importModules());
    fullImports.set(c, adapter.fullImportModules?.() ?? adapter.importModules());
    const why = await adapter.unavailable();
    if (why) unavailable.set(c, why);
  }
  process.stderr.write(`bench (${plan.mode}): ${plan.reps} repetition(s), clients ${clients.join(', ')}, ${cpus().length} cores, node ${process.version}\n`);
  for (const [c, why] of unavailable) process.stderr.write(`bench: ${c} unavailable: ${why}\n`);

  const results: Results = {};
  let bridgeCrashed = false;
  for (const step of steps) {
    const stepClients = clients.filter((c) => covers.get(c)?.(step.key) ?? true);
    const runs = new Map<string, RunOutcome[]>(stepClients.map((c) => [c, []]));
    const t0 = performance.now();
    for (let rep = 0; rep < plan.reps; rep++) {
      for (const c of orderFor(stepClients, rep)) {
        const out: RunOutcome = unavailable.has(c)
          ? { ok: false, unavailable: unavailable.get(c), metrics: {} }
          : await runStep(step, c, importModules, fullImports);
        runs.get(c)!.push(out);
        // A failed large-result call is a reported failure (a figure); anything else failing is a crash.
        const reportedFailure = step.key.startsWith('w4.') && !out.crashed && out.metrics.bytes !== undefined;
        if (c === 'mcp-bridge' && !out.ok && !reportedFailure) bridgeCrashed = true;
      }
    }
    results[step.key] = Object.fromEntries([...runs].map(([c, r]) => [c, summarize(r)]));
    process.stderr.write(`  ${step.key} done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  }

  let footprint: { 'mcp-bridge': Footprint; sdk: Footprint } | undefined;
  if (args.footprint ?? !args.quick) {
    const t0 = performance.now();
    footprint = await measureFootprints();
    process.stderr.write(`  footprint done in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  }

  const verdicts = evaluateTargets(results, plan.blobSizes, footprint);
  const table = renderTable(results, clients);
  const failures = renderFailures(results);
  const losses = limitLosses(results);
  const ratios: Record<string, Record<string, Record<string, unknown>>> = {};
  const withBase = clients.includes(BASE_CLIENT);
  const baseLines: string[] = [];
  const likeLines: string[] = [];
  for (const row of rowsFor(results)) {
    const base = withBase ? pairSpread(results, row.key, row.metric, row.better, BASE_CLIENT) : undefined;
    const like = pairSpread(results, row.key, row.metric, row.better, LIKE_FOR_LIKE_CLIENT);
    (ratios[row.key] ??= {})[row.metric] = {
      'mcp-bridge/sdk': pairSpread(results, row.key, row.metric, row.better, 'sdk'),
      'mcp-bridge/limit': pairSpread(results, row.key, row.metric, row.better, 'limit'),
      ...(withBase ? { 'mcp-bridge/base': base } : {}),
      ...(like ? { [`mcp-bridge/${LIKE_FOR_LIKE_CLIENT}`]: like } : {}),
    };
    if (withBase) baseLines.push(`- ${row.label}: ${fmtSpread(base, 3)} (${row.better} is better)`);
    if (like) {
      // The distance to the limit in its two parts: the defaults' cost to a hand-written loop (the
      // token alone, then all of them), and ours over that loop.
      const token = pairSpread(results, row.key, row.metric, row.better, 'limit', TOKEN_ONLY_CLIENT);
      const defaults = pairSpread(results, row.key, row.metric, row.better, 'limit', LIKE_FOR_LIKE_CLIENT);
      likeLines.push(
        `- ${row.label}: mcp-bridge over ${LIKE_FOR_LIKE_CLIENT} ${fmtSpread(like, 3)}; ${LIKE_FOR_LIKE_CLIENT} over the limit ${fmtSpread(defaults, 3)}` +
          `${token ? `; ${TOKEN_ONLY_CLIENT} over the limit ${fmtSpread(token, 3)}` : ''}`,
      );
    }
  }
  const pairsNote =
    `Client columns: the median of ${plan.reps} repetition(s). Ratio columns: the median of the per-repetition ratios over ${plan.reps} alternated pair(s) ` +
    `(mcp-bridge and the raw loops back to back, order reversed every other repetition), with their min–max` +
    `${plan.reps < 5 ? `; ${plan.mode === 'quick' ? 'quick mode' : 'this run'} takes ${plan.reps}, fewer than the 5 a verdict needs, so its ratios are indicative only` : ''}. ` +
    'The limit is, in each pair, the best of the hand-written loops run for that workload: raw (stdio: per-turn batched writes; HTTP: undici dispatch), ' +
    'raw-node-http (node:http keep-alive) and raw-unbatched (stdio, one write per request).';
  const totalS = (performance.now() - started) / 1000;

  const fpLines = footprint
    ? Object.entries(footprint).map(
        ([c, f]) =>
          `- ${c}: ${f.ok ? `${f.packages} packages, ${((f.bytes ?? 0) / 1e6).toFixed(2)} MB${(f.names?.length ?? 99) <= 20 ? ` (${f.names!.join(', ')})` : ''}; the package itself ${((f.ownBytes ?? 0) / 1e6).toFixed(2)} MB (${((f.ownDiskBytes ?? 0) / 1e6).toFixed(2)} MB on disk, ${f.ownFiles} files)` : `failed: ${f.error}`}`,
      )
    : [];
  // The sections under the table, for the terminal and for bench/README.md alike; Markdown wants a
  // blank line between a heading line and its list.
  const sections = (markdown: boolean): string[] => {
    const section = (title: string, lines: readonly string[]): string[] => (lines.length ? [title, ...(markdown ? [''] : []), ...lines, ''] : []);
    return [
      ...section(`mcp-bridge over the --base build (${process.env[BASE_ENV]}), per alternated pair:`, baseLines),
      ...section(
        `Like for like, per alternated pair (reported, no target): ${LIKE_FOR_LIKE_CLIENT} is the batched loop doing for each call what mcp-bridge does by default ` +
          `(the progress token of TIME-3, a 60 s deadline, the answer's checks); ${TOKEN_ONLY_CLIENT} has the token alone. Each over the limit is what those defaults cost a hand-written loop:`,
        likeLines,
      ),
      ...section('Raw loops losing to mcp-bridge (a raw loop that loses is wrong):', losses),
      ...section('Failures:', failures),
      ...section(
        markdown ? 'Install footprint (`npm install --omit=dev`, the package itself included):' : 'Install footprint (npm install --omit=dev):',
        fpLines,
      ),
      'Targets:',
      ...(markdown ? [''] : []),
      renderTargets(verdicts),
    ];
  };
  process.stdout.write(
    [
      `## Benchmark (${plan.mode}, ${plan.reps} repetition(s), medians; ${cpus().length} cores, node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z)`,
      '',
      pairsNote,
      '',
      table,
      '',
      ...sections(false),
      '',
      `Total ${totalS.toFixed(1)} s.`,
      '',
    ].join('\n'),
  );

  const canonical = plan.mode === 'full' && !args.only && !args.clients && !args.out && !args.base;
  const outFile = args.out ?? join(repoRoot, 'bench', 'results', canonical ? 'latest.json' : `${plan.mode}.tmp.json`);
  mkdirSync(join(outFile, '..'), { recursive: true });
  writeFileSync(
    outFile,
    JSON.stringify(
      {
        meta: {
          date: new Date().toISOString(),
          mode: plan.mode,
          reps: plan.reps,
          node: process.version,
          cores: cpus().length,
          cpu: cpus()[0]?.model,
          commit: gitCommit(),
          totalSeconds: totalS,
        },
        clients,
        results,
        ratios,
        targets: verdicts,
        footprint,
        table,
      },
      null,
      2,
    ) + '\n',
  );
  process.stderr.write(`bench: wrote ${outFile}\n`);
  if (canonical) {
    updateReadme(
      join(repoRoot, 'bench', 'README.md'),
      [
        `Latest full run: ${new Date().toISOString().slice(0, 10)}, ${plan.reps} repetitions, medians; ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), node ${process.version}, commit ${gitCommit() ?? 'unknown'}.`,
        '',
        pairsNote,
        '',
        table,
        '',
        ...sections(true),
      ].join('\n'),
    );
  }
  if (bridgeCrashed) process.stderr.write('bench: a workload crashed for mcp-bridge (see Failures); exiting 1\n');
  return bridgeCrashed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`bench: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 2;
  },
);
