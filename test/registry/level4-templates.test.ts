// Level-4 URI templates on real servers: an SDK McpServer lists `repo://{owner}/{repo}/contents{/path*}`
// (the GitHub server's shape). The agent tool read_resource accepts its expansions, the CLI `read`
// finds the server among several, and a template that does not parse is a coded error naming the
// template and the server, never a silent "no match".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Manager, Registry } from '../../src/index.js';
import { checkResourceUri } from '../../src/bridge/context-tools.js';
import { UriTemplateError } from '../../protocol/index.js';
import { fixtureServer, officialServer, repoRoot } from '../helpers/servers.js';
import { stdioEntry, testConfig, writeConfigFile } from '../helpers/config.js';

const v1 = { command: process.execPath, args: [join(repoRoot, 'test', 'fixtures', 'servers', 'sdk-v1-optional.mjs')] };
const TEMPLATE = 'repo://{owner}/{repo}/contents{/path*}';

test('read_resource accepts an expansion of a {/path*} template and reads it from the server', async () => {
  const registry = new Registry();
  const manager = new Manager(testConfig([stdioEntry('repo', v1, { prefix: 'repo_', resources: true })]), { registry });
  try {
    await manager.start();
    const read = await registry.execute('repo_read_resource', { uri: 'repo://octo/hello/contents/README.md' });
    assert.equal(read.isError, false, read.text);
    assert.match(read.text, /owner=octo repo=hello path=README\.md/);
    const wrong = await registry.execute('repo_read_resource', { uri: 'repo://octo/hello/tree/README.md' });
    assert.equal(wrong.isError, true);
    assert.match(wrong.text, /is not a resource of server "repo".*URI templates: repo:\/\/\{owner\}\/\{repo\}\/contents\{\/path\*\}/s);
  } finally {
    await manager.close();
  }
});

test('a template that does not parse is a coded error naming it and the server, unless a listed URI or another template matches', () => {
  const known = (templates: string[]) => ({
    resources: [],
    resourceTemplates: templates.map((uriTemplate) => ({ uriTemplate, name: 't' })),
    linked: new Set<string>(),
  });
  assert.throws(
    () => checkResourceUri('gh', 'repo://o/r/x', known(['repo://{owner/{repo}'])),
    (e: unknown) =>
      e instanceof UriTemplateError &&
      e.code === 'MCPB_URI_TEMPLATE_INVALID' &&
      e.context.server === 'gh' &&
      e.context.template === 'repo://{owner/{repo}' &&
      /^server "gh": URI template "repo:\/\/\{owner\/\{repo\}"/.test(e.message),
  );
  assert.equal(checkResourceUri('gh', 'repo://o/r/contents/a', known(['repo://{owner/{repo}', TEMPLATE])), undefined);
});

test('CLI read with several resource servers finds the one whose {/path*} template matches', () => {
  const config = writeConfigFile([stdioEntry('everything', officialServer('everything')), stdioEntry('repo', v1)]);
  const r = spawnSync(
    process.execPath,
    [join(repoRoot, 'dist', 'src', 'cli', 'main.js'), '--config', config, 'read', 'repo://octo/hello/contents/x.ts', '-q'],
    {
      cwd: repoRoot,
      timeout: 90_000,
    },
  );
  assert.equal(r.status, 0, r.stderr.toString());
  assert.equal(r.stdout.toString(), 'owner=octo repo=hello path=x.ts\n');
});

test('a server listing a template that does not parse: a warning naming it at listing, a coded error at read, other templates still work', async () => {
  const warnings: { message: string; fields?: Record<string, unknown> }[] = [];
  const logger = { debug() {}, info() {}, error() {}, warn: (message: string, fields?: Record<string, unknown>) => void warnings.push({ message, fields }) };
  const registry = new Registry();
  const manager = new Manager(testConfig([stdioEntry('gh', fixtureServer('bad-template'), { prefix: 'gh_', resources: true })]), { registry, logger });
  try {
    await manager.start();
    const warned = warnings.find((w) => w.fields?.code === 'MCPB_URI_TEMPLATE_INVALID');
    assert.ok(warned, JSON.stringify(warnings));
    assert.match(warned.message, /^server "gh": URI template "repo:\/\/\{owner\/\{repo\}"/);
    const ok = await registry.execute('gh_read_resource', { uri: 'repo://o/r/contents/a/b.md' });
    assert.equal(ok.isError, false, ok.text);
    assert.match(ok.text, /read repo:\/\/o\/r\/contents\/a\/b\.md/);
    const refused = await registry.execute('gh_read_resource', { uri: 'repo://o/r/elsewhere' });
    assert.equal(refused.isError, true);
    assert.match(refused.text, /MCPB_URI_TEMPLATE_INVALID|URI template "repo:\/\/\{owner\/\{repo\}"/);
    assert.match(refused.text, /gh/);
  } finally {
    await manager.close();
  }
});
