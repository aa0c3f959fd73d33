// MCP Apps (SEP-1865) against a TS SDK v2 server serving one: the extension is declared only when
// the user opts in (legacy initialize and every modern request), a tool's UI link reaches the
// ToolDef and the adapters' metadata, an app-only tool never reaches the agent, and a UI resource
// is read with its CSP and permissions, turned into the policy a host renders it with (APPS-1..5).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, createTransport, isMcpBridgeError, Registry, type ClientOptions, type EraOption } from '../../src/index.js';
import { toAgentsMcpServer } from '../../src/adapters/index.js';
import { fixtureServer } from '../helpers/servers.js';
import { SchemaTap } from '../helpers/spec-schema.js';

const UI = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };

async function open(era: EraOption, options: Omit<ClientOptions, 'name'> = {}) {
  const launch = fixtureServer('v2-apps');
  const transport = await createTransport({ command: launch.command, args: launch.args });
  const tap = new SchemaTap(transport);
  const client = new Client(transport, { name: 'apps', era, ...options });
  await client.connect();
  return { client, tap };
}
// Legacy: the initialize capabilities; 2026: each request's own.
const sentCaps = (tap: SchemaTap, era: string): unknown[] =>
  tap.sent
    .filter((m) => 'method' in m && m.method === (era === 'legacy' ? 'initialize' : 'tools/list'))
    .map((m: any) => (m.method === 'initialize' ? m.params.capabilities : m.params?._meta?.['io.modelcontextprotocol/clientCapabilities'])?.extensions);

for (const era of ['legacy', 'modern'] as const) {
  test(`${era}: the ui extension is declared only with apps: true (APPS-1)`, async () => {
    for (const apps of [true, false]) {
      const { client, tap } = await open(era, { apps });
      try {
        await client.listTools();
        assert.equal(client.era, era);
        const seen = sentCaps(tap, era);
        assert.equal(seen.length, 1);
        for (const extensions of seen) {
          const ui = (extensions as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/ui'];
          assert.deepEqual(ui, apps ? UI['io.modelcontextprotocol/ui'] : undefined, `apps ${apps}`);
        }
        assert.deepEqual(tap.problems(client.protocolVersion!), []);
      } finally {
        await client.close();
      }
    }
  });
}

test("a tool's UI reaches the ToolDef and the adapters; an app-only tool never reaches the agent (APPS-2, APPS-3)", async () => {
  const { client } = await open('auto', { apps: true });
  try {
    const registry = new Registry();
    const report = registry.registerServerTools('apps', await client.listTools(), { caller: (n, a) => client.callTool(n, a as Record<string, unknown>) });
    assert.deepEqual(
      registry.list().map((d) => d.name),
      ['weather', 'plain'],
    );
    assert.deepEqual(
      report.skipped.map((s) => [s.tool, s.reason]),
      [['refresh', 'app-only']],
    );
    const ui = { resourceUri: 'ui://weather/dashboard', visibility: ['model', 'app'] };
    assert.deepEqual(registry.get('weather')!.ui, ui);
    assert.equal(registry.get('plain')!.ui, undefined);
    assert.deepEqual(registry.toAiSdkTools().weather!._meta, { ui });
    const fields: any[] = [];
    registry.toLangChainTools({ tool: (_fn: unknown, f: unknown) => fields.push(f) });
    assert.deepEqual(fields.find((f) => f.name === 'weather').metadata, { ui });
    assert.equal(fields.find((f) => f.name === 'plain').metadata, undefined);
    const agents = await toAgentsMcpServer(registry).listTools();
    assert.deepEqual(agents.find((t: any) => t.name === 'weather')!._meta, { ui });
  } finally {
    await client.close();
  }
});

test('readUiResource: the HTML with its declared CSP and permissions, and the policy built from them (APPS-4, APPS-5)', async () => {
  const { client } = await open('auto', { apps: true });
  try {
    const app = await client.readUiResource('ui://weather/dashboard');
    assert.equal(app.mimeType, 'text/html;profile=mcp-app');
    assert.match(app.html, /<h1>Weather<\/h1>/);
    assert.deepEqual(app.meta.permissions, { geolocation: {} });
    assert.equal(app.meta.prefersBorder, true);
    const directives = Object.fromEntries(app.contentSecurityPolicy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    assert.deepEqual(directives['default-src'], ["'none'"]);
    assert.deepEqual(directives['connect-src'], ['https://api.weather.example']);
    assert.deepEqual(directives['script-src'], ["'self'", "'unsafe-inline'", 'https://cdn.example.com'], 'the malformed domain is left out');
    assert.deepEqual(directives['frame-src'], ["'none'"]);
    assert.doesNotMatch(app.contentSecurityPolicy, /evil/);
    assert.equal(app.permissionPolicy, 'geolocation');
    await assert.rejects(client.readUiResource('ui://weather/notes'), (e: unknown) => isMcpBridgeError(e) && e.code === 'MCPB_INVALID_RESULT');
    await assert.rejects(client.readUiResource('https://example.com/app.html'), (e: unknown) => isMcpBridgeError(e) && e.code === 'MCPB_INVALID_OPTIONS');
  } finally {
    await client.close();
  }
});
