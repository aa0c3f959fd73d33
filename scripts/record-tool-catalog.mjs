#!/usr/bin/env node
// Records the real tools/list of third-party MCP servers into test/fixtures/tool-catalog/<name>.json,
// the catalogue that tool-search tests and the bench search over (many servers, hundreds of tools),
// so those tests run offline with no process. The servers are not dependencies of this repo: install
// them into a scratch folder first, then point this script at it:
//   npm install --ignore-scripts --prefix /tmp/mcp-servers <the packages in SERVERS below>
//   node scripts/record-tool-catalog.mjs /tmp/mcp-servers
// Uses the official SDK client on purpose, so the data does not depend on our own client being right.
// Credentials are dummies: listing tools needs none, and nothing here calls a tool.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/** name → npm package, its arguments and the dummy environment it needs to start. */
export const SERVERS = {
  playwright: { pkg: '@playwright/mcp' },
  'chrome-devtools': { pkg: 'chrome-devtools-mcp' },
  context7: { pkg: '@upstash/context7-mcp' },
  'sequential-thinking': { pkg: '@modelcontextprotocol/server-sequential-thinking' },
  github: { pkg: '@modelcontextprotocol/server-github', env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'dummy' } },
  postgres: { pkg: '@modelcontextprotocol/server-postgres', args: ['postgresql://127.0.0.1:1/none'] },
  notion: { pkg: '@notionhq/notion-mcp-server', env: { NOTION_TOKEN: 'ntn_dummy' } },
  'google-maps': { pkg: '@modelcontextprotocol/server-google-maps', env: { GOOGLE_MAPS_API_KEY: 'dummy' } },
  circleci: { pkg: '@circleci/mcp-server-circleci', env: { CIRCLECI_TOKEN: 'dummy' } },
  mongodb: { pkg: 'mongodb-mcp-server', env: { MDB_MCP_TELEMETRY: 'disabled' } },
  slack: { pkg: '@modelcontextprotocol/server-slack', env: { SLACK_BOT_TOKEN: 'xoxb-dummy', SLACK_TEAM_ID: 'T0' } },
  gitlab: { pkg: '@zereight/mcp-gitlab', env: { GITLAB_PERSONAL_ACCESS_TOKEN: 'dummy', GITLAB_API_URL: 'http://127.0.0.1:1/api/v4' } },
  firecrawl: { pkg: 'firecrawl-mcp', env: { FIRECRAWL_API_KEY: 'fc-dummy' } },
  tavily: { pkg: 'tavily-mcp', env: { TAVILY_API_KEY: 'tvly-dummy' } },
  kubernetes: { pkg: 'mcp-server-kubernetes' },
  'antv-chart': { pkg: '@antv/mcp-server-chart' },
  git: { pkg: '@cyanheads/git-mcp-server' },
  n8n: { pkg: 'n8n-mcp', env: { MCP_MODE: 'stdio' } },
  nx: { pkg: 'nx-mcp' },
  'desktop-commander': { pkg: '@wonderwhy-er/desktop-commander' },
  airtable: { pkg: 'airtable-mcp-server', env: { AIRTABLE_API_KEY: 'pat.dummy' } },
  'gitlab-official': { pkg: '@modelcontextprotocol/server-gitlab', env: { GITLAB_PERSONAL_ACCESS_TOKEN: 'dummy' } },
  puppeteer: { pkg: '@modelcontextprotocol/server-puppeteer' },
  'playwright-ea': { pkg: '@executeautomation/playwright-mcp-server' },
  linear: { pkg: '@tacticlaunch/mcp-linear', env: { LINEAR_API_TOKEN: 'lin_dummy' } },
  jira: { pkg: '@aashari/mcp-server-atlassian-jira', env: { ATLASSIAN_SITE_NAME: 'dummy', ATLASSIAN_USER_EMAIL: 'a@b.c', ATLASSIAN_API_TOKEN: 'dummy' } },
  hubspot: { pkg: '@hubspot/mcp-server', env: { PRIVATE_APP_ACCESS_TOKEN: 'dummy' } },
  sentry: { pkg: '@sentry/mcp-server', args: ['--access-token=dummy'] },
  elasticsearch: { pkg: '@elastic/mcp-server-elasticsearch', env: { ES_URL: 'http://127.0.0.1:1', ES_API_KEY: 'dummy' } },
  taskmanager: { pkg: '@kazuph/mcp-taskmanager' },
};

function binOf(root, pkg) {
  const dir = join(root, 'node_modules', pkg);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  if (!bin) throw new Error(`${pkg} has no bin`);
  return { script: join(dir, bin), version: manifest.version };
}

async function record(root, out, name, spec) {
  const { script, version } = binOf(root, spec.pkg);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [script, ...(spec.args ?? [])],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...spec.env },
    stderr: 'ignore',
    cwd: root,
  });
  const client = new Client({ name: 'mcp-bridge-catalog-recorder', version: '0.0.0' });
  const timer = setTimeout(() => transport.close(), 60_000);
  try {
    await client.connect(transport);
    const tools = [];
    let cursor;
    for (let page = 0; page < 50; page++) {
      const result = await client.listTools(cursor ? { cursor } : {});
      tools.push(...result.tools);
      if (!result.nextCursor || result.nextCursor === cursor) break;
      cursor = result.nextCursor;
    }
    const text = `${JSON.stringify({ server: name, package: spec.pkg, version, tools }, null, 2)}\n`;
    writeFileSync(join(out, `${name}.json`), text.split(root).join('/tmp/mcp-servers'));
    console.log(`${name}: ${tools.length} tools (${spec.pkg}@${version})`);
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => {});
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? '');
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'tool-catalog');
  mkdirSync(out, { recursive: true });
  const only = process.argv.slice(3);
  for (const [name, spec] of Object.entries(SERVERS)) {
    if (only.length > 0 && !only.includes(name)) continue;
    await record(root, out, name, spec).catch((error) => console.log(`${name}: FAILED ${error?.message ?? error}`));
  }
}
