// Runs the pinned official MCP conformance suite's server scenarios twice: against server-everything
// alone (Streamable HTTP), then against `mcp-bridge serve --http` fronting the same server (over
// stdio). It prints both scores and fails when serve fails a check its baseline does not list, when a
// listed failure passes (a stale entry), or when serve loses a check server-everything passes alone
// that the baseline does not explain (each explained gap must be a spec difference, with its reason).
// A gap may also say how the official TypeScript SDK v2 server (`@modelcontextprotocol/server`, which
// follows the current spec) fares on it alone (`sdk-v2: fails`): that server is then run on the gap's
// scenarios as a third target, and a verdict other than the stated one fails the run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureHarness, pinnedSuites, repoRoot, selectSuite } from './run.js';

/** One check of one scenario, as the suite wrote it; `key` is `scenario/check-id`. */
export interface CheckResult {
  key: string;
  status: string;
  message?: string;
}

/** The baseline: serve's known failures, and the checks serve loses against server-everything alone. */
export interface ServerBaseline {
  serve: Map<string, string>;
  gaps: Map<string, string>;
  /** For a gap: whether the SDK v2 server alone fails or passes it too, where the baseline says so. */
  sdkV2: Map<string, 'fails' | 'passes'>;
}

/**
 * Reads expected-failures-server.yaml (no YAML library, as the client baseline): a `serve:` and a
 * `gaps:` section, each a list of `- check: <scenario>/<check id>` followed by `reason: <text>` and,
 * for a gap, an optional `sdk-v2: fails | passes`.
 */
export function parseServerBaseline(text: string): ServerBaseline {
  const out: ServerBaseline = { serve: new Map(), gaps: new Map(), sdkV2: new Map() };
  let section: Map<string, string> | undefined;
  let current: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s#.*$|^#.*$/, '').trimEnd();
    const head = /^(serve|gaps):\s*(\[\])?$/.exec(line);
    const check = /^\s*-\s*check:\s*(\S+)$/.exec(line);
    const reason = /^\s+reason:\s*(.+)$/.exec(line);
    const v2 = /^\s+sdk-v2:\s*(.*)$/.exec(line);
    if (v2) {
      if (section !== out.gaps || !current) throw new Error(`expected-failures-server.yaml: sdk-v2: belongs to a gaps: entry (${line.trim()})`);
      if (v2[1] !== 'fails' && v2[1] !== 'passes') throw new Error(`expected-failures-server.yaml: gap ${current}: sdk-v2: is fails or passes, not "${v2[1]}"`);
      out.sdkV2.set(current, v2[1]);
    } else if (head) {
      section = out[head[1] as 'serve' | 'gaps'];
      current = undefined;
    } else if (check) {
      if (!section) throw new Error(`expected-failures-server.yaml: check ${check[1]} is outside a serve: or gaps: section`);
      current = check[1]!;
      section.set(current, '');
    } else if (reason && section && current) section.set(current, reason[1]!.trim());
  }
  for (const [name, map] of [
    ['serve', out.serve],
    ['gaps', out.gaps],
  ] as const)
    for (const [key, why] of map) if (!why) throw new Error(`expected-failures-server.yaml: ${name} entry ${key} has no reason`);
  return out;
}

/** Every check under the suite's output folder (one `<run>/checks.json` per scenario). */
export function readChecks(outDir: string): CheckResult[] {
  const results: CheckResult[] = [];
  if (!existsSync(outDir)) return results;
  for (const run of readdirSync(outDir).sort()) {
    const file = join(outDir, run, 'checks.json');
    if (!statSync(join(outDir, run)).isDirectory() || !existsSync(file)) continue;
    // Folders are `server-<scenario>-<ISO time>`.
    const scenario = run.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
    const checks = JSON.parse(readFileSync(file, 'utf8')) as { id?: string; status?: string; errorMessage?: string }[];
    for (const c of checks)
      results.push({ key: `${scenario}/${c.id ?? '?'}`, status: c.status ?? '?', ...(c.errorMessage ? { message: c.errorMessage } : {}) });
  }
  return results;
}

/** SUCCESS and FAILURE counts, as the suite's own summary adds them up (INFO and WARNING count in neither). */
export function score(checks: CheckResult[]): { passed: number; failed: number } {
  return { passed: checks.filter((c) => c.status === 'SUCCESS').length, failed: checks.filter((c) => c.status === 'FAILURE').length };
}

/** Compares serve's checks with the baseline and with server-everything alone; `problems` empty means green. */
export function compare(alone: CheckResult[], serve: CheckResult[], baseline: ServerBaseline): { lines: string[]; problems: string[] } {
  const lines: string[] = [];
  const problems: string[] = [];
  const serveBy = new Map(serve.map((c) => [c.key, c]));
  const aloneBy = new Map(alone.map((c) => [c.key, c]));
  const failing = (c: CheckResult | undefined) => c !== undefined && (c.status === 'FAILURE' || c.status === 'WARNING');
  for (const c of serve) {
    const known = baseline.serve.get(c.key);
    if (failing(c) && known === undefined) problems.push(`REGRESSION ${c.key}: ${c.status}${c.message ? `: ${c.message}` : ''}`);
    else if (!failing(c) && known !== undefined) problems.push(`UNEXPECTED PASS ${c.key}: listed under serve: in the baseline; remove the stale entry`);
    else if (failing(c)) lines.push(`✘ ${c.key}: ${c.status}, as the baseline says (${known})`);
  }
  for (const key of baseline.serve.keys()) if (!serveBy.has(key)) problems.push(`MISSING ${key}: listed under serve: but the suite reported no such check`);
  for (const a of alone) {
    if (a.status !== 'SUCCESS') continue;
    const s = serveBy.get(a.key);
    const lost = s?.status !== 'SUCCESS';
    const gap = baseline.gaps.get(a.key);
    if (lost && gap === undefined)
      problems.push(`LOWER ${a.key}: server-everything passes it alone, serve gives ${s?.status ?? 'nothing'}${s?.message ? `: ${s.message}` : ''}`);
    else if (lost) lines.push(`≠ ${a.key}: server-everything ${a.status}, serve ${s?.status ?? 'nothing'}: ${gap}`);
  }
  for (const s of serve)
    if (s.status === 'SUCCESS' && aloneBy.get(s.key)?.status !== 'SUCCESS')
      lines.push(`+ ${s.key}: serve passes it, server-everything alone gives ${aloneBy.get(s.key)?.status ?? 'nothing'}`);
  for (const key of baseline.gaps.keys()) {
    if (aloneBy.get(key)?.status === 'SUCCESS' && serveBy.get(key)?.status !== 'SUCCESS') continue;
    problems.push(`STALE GAP ${key}: listed under gaps: but serve no longer scores lower on it; remove the entry`);
  }
  return { lines, problems };
}

/**
 * The SDK v2 server's checks on the gaps that state its verdict: `problems` names every gap where it
 * fares otherwise than stated, or that it did not report; `lines` the verdicts as they came.
 */
export function compareReference(reference: CheckResult[], baseline: ServerBaseline): { lines: string[]; problems: string[] } {
  const lines: string[] = [];
  const problems: string[] = [];
  const byKey = new Map(reference.map((c) => [c.key, c]));
  for (const [key, stated] of baseline.sdkV2) {
    const c = byKey.get(key);
    const seen = c === undefined ? undefined : c.status === 'SUCCESS' ? 'passes' : 'fails';
    if (seen === undefined) problems.push(`REFERENCE ${key}: the SDK v2 server reported no such check (the baseline says it ${stated})`);
    else if (seen !== stated)
      problems.push(`REFERENCE ${key}: the SDK v2 server alone ${seen === 'passes' ? 'passes' : `gives ${c!.status}`}, the baseline says it ${stated}`);
    else
      lines.push(`= ${key}: the SDK v2 server alone ${seen === 'passes' ? 'passes it' : `fails it too (${c!.status}${c!.message ? `: ${c!.message}` : ''})`}`);
  }
  return { lines, problems };
}

function onlyOf<V>(map: Map<string, V>, scenarios: string[]): Map<string, V> {
  return new Map([...map].filter(([key]) => scenarios.includes(key.split('/')[0]!)));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a server and resolves with the URL read from its stderr; rejects when it exits or says nothing in time. */
function startServer(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  urlOf: (output: string) => string | undefined,
  from: 'stdout' | 'stderr' = 'stderr',
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', from === 'stdout' ? 'pipe' : 'ignore', 'pipe'], env });
    let output = '';
    const timer = setTimeout(() => fail(new Error(`${args.join(' ')} did not start within 30 s; its ${from}:\n${output}`)), 30_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill();
      reject(error);
    };
    const watch = (d: Buffer) => {
      if (output.length < 65_536) output += d.toString();
      const url = urlOf(output);
      if (url) {
        clearTimeout(timer);
        child[from]!.off('data', watch);
        child[from]!.resume();
        resolve({ child, url });
      }
    };
    child[from]!.on('data', watch);
    if (from === 'stdout') child.stderr!.resume();
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`${args.join(' ')} exited with ${code} before listening; its ${from}:\n${output}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * The prerelease suite's scenarios of the 2026-07-28 revision alone, which its active suite leaves out
 * (it runs at the latest released version). They are run one by one at that version; server-everything
 * (initialize era only) fails them alone, serve is scored on them against the `next` baseline.
 */
export const MODERN_SCENARIOS = [
  'server-stateless',
  'http-header-validation',
  'http-custom-header-server-validation',
  'sep-2164-resource-not-found',
  'caching',
];

async function runSuite(node: string, suite: string, url: string, outDir: string, only: string[], modern: string[] = []): Promise<void> {
  const runs: { scenario?: string; extra: string[] }[] = [
    ...(only.length > 0 ? only.filter((s) => !modern.includes(s)).map((scenario) => ({ scenario, extra: [] })) : [{ extra: [] }]),
    ...modern.filter((s) => only.length === 0 || only.includes(s)).map((scenario) => ({ scenario, extra: ['--spec-version', '2026-07-28', '--force'] })),
  ];
  for (const { scenario, extra } of runs) {
    const args = [suite, 'server', '--url', url, '-o', outDir, ...(scenario ? ['--scenario', scenario] : []), ...extra];
    // The suite exits 1 whenever a check fails; the verdict is ours, from checks.json.
    const output = await new Promise<string>((resolve) => {
      const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      child.on('close', () => resolve(text));
    });
    if (process.argv.includes('--verbose')) process.stdout.write(output);
  }
}

/** Runs both, compares, prints; returns the exit code. */
export async function runServerSuite(argv: string[]): Promise<number> {
  const root = repoRoot();
  const pin = selectSuite(pinnedSuites(root), argv);
  const baselineFile = join(root, 'conformance', 'official', pin.prerelease ? 'expected-failures-server-next.yaml' : 'expected-failures-server.yaml');
  if (!existsSync(baselineFile)) throw new Error(`conformance:server: no baseline ${baselineFile} for suite ${pin.version}`);
  const baseline = parseServerBaseline(readFileSync(baselineFile, 'utf8'));
  const only = argv.filter((a, i) => !a.startsWith('-') && argv[i - 1] !== '--version');
  const modern = pin.prerelease ? MODERN_SCENARIOS : [];
  const entry = join(root, 'dist', 'src', 'cli', 'main.js');
  if (!existsSync(entry)) throw new Error(`conformance:server: ${entry} is missing; run npm run build first`);
  const everything = join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
  const { node, suite } = ensureHarness(pin.harness);
  const version = spawnSync(node, [suite, '--version'], { encoding: 'utf8' }).stdout.trim();
  process.stdout.write(`conformance:server: suite ${version || pin.version}, server scenarios (active suite), baseline ${baselineFile.split(/[\\/]/).pop()}\n`);
  const scratch = mkdtempSync(join(tmpdir(), 'mcpb-conformance-server-'));
  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const alone = await startServer(process.execPath, [everything, 'streamableHttp'], { ...process.env, PORT: String(port) }, (err) =>
      /listening on port/i.test(err) ? `http://127.0.0.1:${port}/mcp` : undefined,
    );
    children.push(alone.child);
    const started = Date.now();
    await runSuite(node, suite, alone.url, join(scratch, 'alone'), only, modern);
    const aloneMs = Date.now() - started;
    await stop(alone.child);

    const config = join(scratch, 'serve.yaml');
    writeFileSync(
      config,
      `tools:\n  mcp:\n    servers:\n      - name: everything\n        command: ${JSON.stringify(process.execPath)}\n        args: [${JSON.stringify(everything)}, stdio]\n`,
    );
    const serve = await startServer(
      process.execPath,
      [entry, 'serve', '--config', config, '--http', '127.0.0.1:0'],
      process.env,
      (err) => /serving Streamable HTTP on (\S+)/.exec(err)?.[1],
    );
    children.push(serve.child);
    const servedAt = Date.now();
    await runSuite(node, suite, serve.url, join(scratch, 'serve'), only, modern);
    const serveMs = Date.now() - servedAt;
    await stop(serve.child);

    // The spec's reference on the gaps that name it: the SDK v2 server, on those scenarios alone.
    const referenceScenarios = [...new Set([...baseline.sdkV2.keys()].map((key) => key.split('/')[0]!))].filter(
      (scenario) => only.length === 0 || only.includes(scenario),
    );
    let reference: CheckResult[] | undefined;
    if (referenceScenarios.length > 0) {
      const v2 = await startServer(
        process.execPath,
        [join(root, 'test', 'faults', 'servers', 'v2-server.mjs'), 'http'],
        process.env,
        (out) => /listening (\d+)/.exec(out)?.[1] && `http://127.0.0.1:${/listening (\d+)/.exec(out)![1]}/mcp`,
        'stdout',
      );
      children.push(v2.child);
      await runSuite(node, suite, v2.url, join(scratch, 'sdk-v2'), referenceScenarios);
      await stop(v2.child);
      reference = readChecks(join(scratch, 'sdk-v2'));
    }

    const aloneChecks = readChecks(join(scratch, 'alone'));
    const serveChecks = readChecks(join(scratch, 'serve'));
    if (aloneChecks.length === 0 || serveChecks.length === 0)
      throw new Error('conformance:server: the suite wrote no checks.json; run with --verbose to see its output');
    const a = score(aloneChecks);
    const s = score(serveChecks);
    const { lines, problems } = compare(aloneChecks, serveChecks, baseline);
    if (reference) {
      const ref = compareReference(reference, only.length === 0 ? baseline : { ...baseline, sdkV2: onlyOf(baseline.sdkV2, referenceScenarios) });
      lines.push(...ref.lines);
      problems.push(...ref.problems);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    process.stdout.write(`server-everything alone:       ${a.passed} passed, ${a.failed} failed (${aloneChecks.length} checks, ${aloneMs} ms)\n`);
    process.stdout.write(`serve fronting server-everything: ${s.passed} passed, ${s.failed} failed (${serveChecks.length} checks, ${serveMs} ms)\n`);
    const gaps = lines.filter((l) => l.startsWith('≠')).length;
    if (s.passed < a.passed)
      process.stdout.write(`serve passes ${a.passed - s.passed} fewer; the ${gaps} checks it loses are the spec differences listed under gaps: above\n`);
    if (problems.length > 0) {
      process.stdout.write(`\n${problems.map((p) => `✘ ${p}`).join('\n')}\n${problems.length} differ from the baseline\n`);
      return 1;
    }
    process.stdout.write('matches the baseline\n');
    return 0;
  } finally {
    await Promise.all(children.map(stop));
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runServerSuite(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
