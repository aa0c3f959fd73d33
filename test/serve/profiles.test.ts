// Profiles: `tools.mcp.profiles` names a selection of servers and tools; a host gets one with
// `serve --profile NAME` on stdio or the path /mcp/NAME over HTTP, and sees nothing else.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { cliPath, gatewayConfig, serveArgs, startHttpGateway, type HttpGateway } from './fixture.js';
import { openHost } from './hosts.js';

const PROFILES = { profiles: { readonly: { servers: ['dual'], tools: ['dual_echo', 'dual_list-*'] }, modern: { servers: ['modern'] } } };

describe('serve profiles', { timeout: 90_000 }, () => {
  const config = gatewayConfig(['dual', 'modern'], PROFILES);

  test('--profile on stdio: only the profile tools, and only its servers resources and prompts', async () => {
    const host = await openHost('sdk1', { command: process.execPath, args: serveArgs(config, '--profile', 'readonly') });
    try {
      assert.deepEqual((await host.tools()).sort(), ['dual_echo', 'dual_list-count']);
      assert.deepEqual(await host.resources(), ['memo://dual/note']);
      assert.deepEqual(await host.prompts(), ['dual_greet']);
      await assert.rejects(host.call('modern_echo', { text: 'x' }), /modern_echo/);
      await assert.rejects(host.call('dual_grow', {}), /dual_grow/, 'a tool of an included server outside the tool globs');
      await assert.rejects(host.read('memo://modern/note'), /memo:\/\/modern\/note/);
    } finally {
      await host.close();
    }
  });

  describe('over HTTP: /mcp/NAME', () => {
    let gateway: HttpGateway;
    before(async () => {
      gateway = await startHttpGateway(config);
    });
    after(() => gateway?.stop());

    test('each profile path serves its selection; /mcp serves everything; an unknown name is 404', async () => {
      const base = gateway.url;
      const all = await openHost('v2', { url: base });
      const modern = await openHost('v2', { url: `${base}/modern` });
      const readonly = await openHost('sdk1', { url: `${base}/readonly` });
      try {
        const everything = await all.tools();
        assert.ok(everything.includes('dual_echo') && everything.includes('modern_echo'));
        assert.ok((await modern.tools()).every((t) => t.startsWith('modern_')));
        assert.deepEqual((await readonly.tools()).sort(), ['dual_echo', 'dual_list-count']);
        assert.equal(await readonly.call('dual_echo', { text: 'r' }), 'r (modern)');
      } finally {
        await Promise.all([all.close(), modern.close(), readonly.close()]);
      }
      assert.equal((await fetch(`${base}/nope`, { method: 'POST', body: '{}' })).status, 404);
    });
  });

  test('an unknown profile is a usage error naming the known ones (exit 2)', () => {
    const run = spawnSync(process.execPath, [cliPath, 'serve', '--config', config, '--profile', 'nope', '-q'], {
      encoding: 'utf8',
      timeout: 60_000,
      input: '',
    });
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /no profile named "nope".*readonly, modern/);
  });
});
