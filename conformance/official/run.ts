// Runs a pinned official MCP conformance suite (the latest release or the newest prerelease, on the Node 22 it needs) against `mcp-bridge conformance`, one
// scenario at a time, and compares the verdicts with that suite's baseline of known failures: regressions and
// unexpected passes both fail the run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A pinned suite: its harness folder (package.json pins the version) and its baseline of known failures. */
export interface SuitePin {
  version: string;
  harness: string;
  baseline: string;
  prerelease: boolean;
}

/** The pinned suites: the latest release and the newest prerelease, each with its own baseline. */
export function pinnedSuites(root: string): SuitePin[] {
  const pins: SuitePin[] = [];
  for (const [folder, baseline] of [
    ['harness', 'expected-failures.yaml'],
    ['harness-next', 'expected-failures-next.yaml'],
  ] as const) {
    const harness = join(root, 'conformance', 'official', folder);
    const pkg = JSON.parse(readFileSync(join(harness, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const version = pkg.dependencies['@modelcontextprotocol/conformance'];
    pins.push({ version, harness, baseline: join(root, 'conformance', 'official', baseline), prerelease: version.includes('-') });
  }
  return pins;
}

/**
 * The suite named by `--version V` (an exact pinned version, `latest` or `next`; `--next` is
 * `--version next`); the latest release when none is named.
 */
export function selectSuite(pins: SuitePin[], argv: string[]): SuitePin {
  const at = argv.indexOf('--version');
  const inline = argv.find((a) => a.startsWith('--version='));
  const wanted = inline ? inline.slice('--version='.length) : at >= 0 ? argv[at + 1] : argv.includes('--next') ? 'next' : 'latest';
  const pin =
    wanted === 'latest' ? pins.find((p) => !p.prerelease) : wanted === 'next' ? pins.find((p) => p.prerelease) : pins.find((p) => p.version === wanted);
  if (!pin)
    throw new Error(`conformance: no pinned suite for --version ${wanted ?? '(missing)'}; pinned: ${pins.map((p) => p.version).join(', ')}, latest, next`);
  return pin;
}

/** The client scenario names in the output of the suite's `list --client` (lines `  - name [versions]`). */
export function parseScenarioList(text: string): string[] {
  const names: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s+-\s+(\S+)/.exec(line);
    if (m) names.push(m[1]);
  }
  return names;
}

/** The checks of one scenario, as the suite wrote them to checks.json. */
export interface ScenarioVerdict {
  scenario: string;
  exitCode: number | null;
  success: number;
  failure: number;
  warning: number;
  /** Passed: exit 0, no FAILURE, no WARNING, and at least one SUCCESS (a client that never connects gets 0 checks). */
  passed: boolean;
  problems: string[];
}

export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'mcp-bridge') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('conformance runner: cannot find the mcp-bridge package root');
    dir = parent;
  }
}

/**
 * Reads expected-failures.yaml. The format is deliberately tiny (no YAML library here):
 * `client:` then entries `- scenario: <name>` each followed by `reason: <text>`.
 */
export function parseExpectedFailures(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let current: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trimEnd();
    const scenario = /^\s*-\s*scenario:\s*(\S+)\s*$/.exec(line);
    const reason = /^\s+reason:\s*(.+)$/.exec(line);
    if (scenario) {
      current = scenario[1];
      out.set(current, '');
    } else if (reason && current) out.set(current, reason[1].trim());
  }
  for (const [name, why] of out) if (!why) throw new Error(`expected-failures.yaml: scenario ${name} has no reason`);
  return out;
}

function findChecks(dir: string): string | undefined {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      const found = findChecks(full);
      if (found) return found;
    } else if (name === 'checks.json') return full;
  }
  return undefined;
}

/** Verdict from the runner's exit code and the checks.json under `outDir`. */
export function verdictOf(scenario: string, exitCode: number | null, outDir: string): ScenarioVerdict {
  const v: ScenarioVerdict = { scenario, exitCode, success: 0, failure: 0, warning: 0, passed: false, problems: [] };
  const file = existsSync(outDir) ? findChecks(outDir) : undefined;
  if (!file) {
    v.problems.push('no checks.json was written');
    return v;
  }
  const checks = JSON.parse(readFileSync(file, 'utf8')) as { id?: string; status?: string; errorMessage?: string }[];
  for (const c of checks) {
    if (c.status === 'SUCCESS') v.success++;
    else if (c.status === 'FAILURE') {
      v.failure++;
      v.problems.push(`FAILURE ${c.id}${c.errorMessage ? `: ${c.errorMessage}` : ''}`);
    } else if (c.status === 'WARNING') {
      v.warning++;
      v.problems.push(`WARNING ${c.id}${c.errorMessage ? `: ${c.errorMessage}` : ''}`);
    }
  }
  if (exitCode !== 0) v.problems.push(`the suite exited with ${exitCode}`);
  if (v.success === 0) v.problems.push('no SUCCESS check (the client may never have connected)');
  v.passed = exitCode === 0 && v.failure === 0 && v.warning === 0 && v.success > 0;
  return v;
}

export function ensureHarness(harness: string): { node: string; suite: string } {
  const node = join(harness, 'node_modules', '.bin', 'node');
  const suite = join(harness, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  if (!existsSync(node) || !existsSync(suite)) {
    process.stdout.write(`conformance: installing the suite and Node 22 (npm ci --prefix ${relative(process.cwd(), harness) || '.'})\n`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['ci', '--prefix', harness, '--no-audit', '--no-fund'], { stdio: 'inherit' });
    if (r.status !== 0 || !existsSync(node) || !existsSync(suite)) throw new Error('conformance: npm ci of the harness failed; see the output above');
  }
  return { node, suite };
}

function runScenario(node: string, suite: string, command: string, scenario: string, outDir: string, verbose: boolean): Promise<number | null> {
  const args = [suite, 'client', '--command', command, '--scenario', scenario, '-o', outDir, ...(verbose ? ['--verbose'] : [])];
  return new Promise((resolve) => {
    const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MCP_CONFORMANCE_CONTEXT: undefined } });
    child.stdout.on('data', (d: Buffer) => process.stdout.write(d));
    child.stderr.on('data', (d: Buffer) => process.stderr.write(d));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code));
  });
}

/** Runs the scenarios; returns the process exit code (0 when every verdict matches the baseline). */
export async function runOfficialSuite(argv: string[]): Promise<number> {
  const root = repoRoot();
  const pin = selectSuite(pinnedSuites(root), argv);
  const harness = pin.harness;
  // Flag values (`--version V`) are not scenario names.
  const only = argv.filter((a, i) => !a.startsWith('-') && argv[i - 1] !== '--version');
  const verbose = argv.includes('--verbose');
  const expected = parseExpectedFailures(readFileSync(pin.baseline, 'utf8'));
  // The suite drives the real CLI entry, `mcp-bridge conformance <url>`, as a user's CI would.
  const entry = join(root, 'dist', 'src', 'cli', 'main.js');
  if (!existsSync(entry)) throw new Error(`conformance: ${entry} is missing; run npm run build first`);
  const { node, suite } = ensureHarness(harness);
  // Every client scenario the pinned suite lists, so a new suite version is scored whole, not by our list.
  const listed = spawnSync(node, [suite, 'list', '--client'], { encoding: 'utf8' });
  const scenarios = only.length > 0 ? only : parseScenarioList(listed.stdout ?? '');
  if (scenarios.length === 0)
    throw new Error(`conformance: the suite ${pin.version} listed no client scenario (${listed.stderr?.trim() || `exit ${listed.status}`})`);
  process.stdout.write(`conformance: suite ${pin.version}, ${scenarios.length} client scenarios, baseline ${pin.baseline.split(/[\\/]/).pop()}\n`);
  // The client runs on this (Node 20) runtime; only the suite needs 22. Quote paths for the suite's shell.
  const command = `"${process.execPath}" "${entry}" conformance`;
  const scratch = mkdtempSync(join(tmpdir(), 'mcpb-conformance-'));
  let passed = 0;
  let failed = 0;
  let mismatches = 0;
  const lines: string[] = [];
  try {
    for (const scenario of scenarios) {
      process.stdout.write(`\n===== scenario ${scenario} =====\n`);
      const outDir = join(scratch, scenario);
      const code = await runScenario(node, suite, command, scenario, outDir, verbose);
      const v = verdictOf(scenario, code, outDir);
      const known = expected.get(scenario);
      const summary = `${v.success} SUCCESS, ${v.failure} FAILURE, ${v.warning} WARNING`;
      if (v.passed) passed++;
      else failed++;
      if (v.passed && known === undefined) lines.push(`✔ ${scenario}: passed (${summary})`);
      else if (!v.passed && known !== undefined) lines.push(`✘ ${scenario}: failed, as the baseline says (${known}) (${summary})`);
      else if (v.passed) {
        mismatches++;
        lines.push(`✘ ${scenario}: UNEXPECTED PASS: listed in the baseline; remove the stale entry (${summary})`);
      } else {
        mismatches++;
        lines.push(`✘ ${scenario}: REGRESSION (${summary}): ${v.problems.join('; ')}`);
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const verdict = mismatches === 0 ? 'matches the baseline' : `${mismatches} differ from the baseline`;
  process.stdout.write(`\n${lines.join('\n')}\n${passed} passed, ${failed} failed (${verdict})\n`);
  return mismatches === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runOfficialSuite(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
