// The documentation site: its generated parts match their sources, the configuration reference
// covers every key the validator accepts, `npm run docs` builds every page with no broken link or
// anchor, and the built pages render in a real browser (headless Chromium).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_KEYS, TOOL_SEARCH_KEYS, TOOLS_MCP_KEYS } from '../../src/config/schema.js';
import { POLICY_KEYS, POLICY_RULE_KEYS } from '../../src/config/policy-keys.js';
import { AUTH_KEYS } from '../../src/config/auth.js';
import { repoRoot } from '../helpers/paths.js';
import { pngFacts } from './png.js';

interface Generated {
  BLOCKS: { file: string; marker: string; make(): string | Promise<string> }[];
  currentBlock(text: string, marker: string): string | undefined;
}
const script = (name: string) => import(pathToFileURL(join(repoRoot, 'scripts', 'docs-site', name)).href);

test('the generated parts of the pages are current (error table, CLI help, benchmark table; npm run docs refreshes them)', async () => {
  const { BLOCKS, currentBlock } = (await script('generated.mjs')) as Generated;
  for (const { file, marker, make } of BLOCKS) {
    const shown = currentBlock(readFileSync(join(repoRoot, file), 'utf8'), marker);
    assert.ok(shown !== undefined, `${file} has the ${marker} markers`);
    assert.equal(shown, await make(), `${file} (${marker}) is stale: run npm run docs`);
  }
});

test('the configuration reference has an entry for every key the validator accepts', () => {
  const page = readFileSync(join(repoRoot, 'docs', 'configuration.md'), 'utf8');
  const documented = (key: string) => {
    const k = key.replace(/[.[\]]/g, '\\$&');
    return new RegExp(`^(#+ \`${k}\`|\\| \`${k}\` \\|)`, 'm').test(page);
  };
  const keys = [
    ...new Set([...SERVER_KEYS['mcp-bridge'], ...SERVER_KEYS['claude-desktop'], ...SERVER_KEYS.vscode, ...AUTH_KEYS]),
    // The keys of tools.mcp itself, by their full path.
    ...TOOLS_MCP_KEYS.map((k) => `tools.mcp.${k}`),
    ...TOOL_SEARCH_KEYS.map((k) => `tools.mcp.toolSearch.${k}`),
    ...POLICY_KEYS.map((k) => `tools.mcp.policy.${k}`),
    ...POLICY_RULE_KEYS.map((k) => `tools.mcp.policy.rules[].${k}`),
  ];
  assert.deepEqual(
    keys.filter((k) => !documented(k)),
    [],
    'keys with no heading or table row in docs/configuration.md',
  );
});

const site = mkdtempSync(join(tmpdir(), 'mcpb-site-'));
process.on('exit', () => rmSync(site, { recursive: true, force: true }));

test('the site builds: every page of the navigation and the API reference of each entry', async () => {
  const { buildSite } = await script('build.mjs');
  const written = buildSite(site) as string[];
  for (const page of ['index.html', 'getting-started.html', 'configuration.html', 'cli.html', 'troubleshooting.html', 'api/index.html', 'api/protocol.html'])
    assert.ok(written.includes(page), page);
  const api = readFileSync(join(site, 'api', 'index.html'), 'utf8');
  // The reference carries the TSDoc, not only the names.
  assert.match(api, /id="manager"[\s\S]*Runs a set of MCP servers for an agent/);
  const troubleshooting = readFileSync(join(site, 'troubleshooting.html'), 'utf8');
  assert.match(troubleshooting, /<tr id="MCPB_SPAWN_FAILED">/);
});

test('no broken link or anchor between the pages (and the check catches one)', async () => {
  const { checkLinks } = await script('check-links.mjs');
  const { problems, checked } = checkLinks(site) as { problems: string[]; checked: number };
  assert.deepEqual(problems, []);
  assert.ok(checked > 500, `only ${checked} links checked`);
  const planted = join(site, 'planted.html');
  writeFileSync(planted, '<p id="here"><a href="index.html#no-such-heading">a</a> <a href="gone.html">b</a> <a href="#here">c</a></p>');
  try {
    assert.equal((checkLinks(site) as { problems: string[] }).problems.length, 2);
  } finally {
    rmSync(planted);
  }
});

test('the built pages render in headless Chromium (screenshots in dist/docs-screenshots/)', (t) => {
  const chromium = spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).stdout.trim();
  if (!chromium) {
    // CI installs it (.ci/run); only a developer machine without it may skip.
    assert.ok(!process.env.CI, 'chromium is missing in CI: .ci/run installs it (apt-get install -y chromium)');
    t.skip('chromium is not installed (apt-get install -y chromium): no screenshot taken');
    return;
  }
  const out = join(repoRoot, 'dist', 'docs-screenshots');
  mkdirSync(out, { recursive: true });
  for (const page of ['index.html', 'getting-started.html', 'api/client.html']) {
    const png = join(out, `${page.replace(/\//g, '-').replace(/\.html$/, '')}.png`);
    rmSync(png, { force: true });
    const profile = mkdtempSync(join(tmpdir(), 'mcpb-chromium-'));
    try {
      const r = spawnSync(
        chromium,
        [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          `--user-data-dir=${profile}`,
          `--screenshot=${png}`,
          '--window-size=1280,900',
          pathToFileURL(join(site, page)).href,
        ],
        { encoding: 'utf8', timeout: 60_000 },
      );
      assert.ok(existsSync(png), `no screenshot of ${page}: exit ${r.status}\n${r.stderr}`);
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
    const facts = pngFacts(readFileSync(png));
    assert.deepEqual([facts.width, facts.height], [1280, 900], page);
    // A blank page is one colour; a rendered one has text, code blocks and the navigation.
    assert.ok(facts.distinctRows > 100, `${page}: only ${facts.distinctRows} distinct pixel rows: a blank render?`);
    assert.ok(facts.nonWhiteShare > 0.02, `${page}: ${(facts.nonWhiteShare * 100).toFixed(1)}% non-white pixels`);
  }
});
