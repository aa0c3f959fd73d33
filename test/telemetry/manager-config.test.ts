// `tools.mcp.telemetry: { enabled: true }` in a config file: the manager loads tracing before it
// starts servers, every server's requests are spanned by the globally registered tracer provider,
// and a registry call made under an agent's span reaches the server with that call's traceparent.
// Also the key's located errors, like any config key.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { trace } from '@opentelemetry/api';
import { ConfigError, Manager, parseConfig, Registry } from '../../src/index.js';
import { inMemoryTracing, traceMetaStdio, traceparentOf, underSpan } from './helpers.js';

const FILE = '/p/mcp-bridge.yaml';
const tracing = inMemoryTracing();

function configText(telemetry: string[]): string {
  const { command, args } = traceMetaStdio();
  return [
    'tools:',
    '  mcp:',
    ...telemetry.map((l) => `    ${l}`),
    '    servers:',
    '      - name: traced',
    `        command: ${JSON.stringify(command)}`,
    `        args: ${JSON.stringify(args)}`,
    '',
  ].join('\n');
}

describe('tools.mcp.telemetry from a config file', () => {
  let manager: Manager;
  const registry = new Registry();
  before(async () => {
    trace.setGlobalTracerProvider(tracing.provider);
    manager = new Manager(parseConfig(configText(['telemetry:', '  enabled: true']), { file: FILE, env: {} }), { registry });
    const summary = await manager.start();
    assert.deepEqual(summary.ready, ['traced']);
  });
  after(() => manager?.close());

  it('a registry call under an agent span: a tools/call span, its child, whose traceparent the server receives', async () => {
    const name = registry.list().find((t) => t.name.endsWith('meta'))!.name;
    let parentId = '';
    const result = await underSpan(tracing.provider, 'invoke_agent', (agent) => {
      parentId = agent.spanContext().spanId;
      return registry.execute(name, {});
    });
    assert.ok(!result.isError, JSON.stringify(result));
    const span = tracing.spans().find((s) => s.name === 'tools/call meta');
    assert.ok(
      span,
      tracing
        .spans()
        .map((s) => s.name)
        .join(', '),
    );
    assert.equal(span.parentSpanContext?.spanId, parentId);
    assert.equal(span.attributes['network.transport'], 'pipe');
    assert.equal((JSON.parse(result.text) as { traceparent: string }).traceparent, traceparentOf(span));
    // The start itself was traced too: the handshake and the listing.
    const names = tracing.spans().map((s) => s.name);
    assert.ok(names.includes('initialize') && names.includes('tools/list'), names.join(', '));
  });

  it('is read onto the config; absent or disabled: no telemetry key', () => {
    assert.deepEqual(parseConfig(configText(['telemetry:', '  enabled: true', '  recordSessionId: true']), { file: FILE, env: {} }).telemetry, {
      enabled: true,
      recordSessionId: true,
    });
    assert.deepEqual(parseConfig(configText(['telemetry: {}']), { file: FILE, env: {} }).telemetry, { enabled: false });
    assert.ok(!('telemetry' in parseConfig(configText([]), { file: FILE, env: {} })));
  });

  it('mistakes are located errors with a fix', () => {
    const issues = (lines: string[]) => {
      try {
        parseConfig(configText(lines), { file: FILE, env: {} });
      } catch (error) {
        assert.ok(error instanceof ConfigError);
        return error.issues.map((i) => [i.path, i.line, i.message, i.hint]);
      }
      assert.fail('expected a ConfigError');
    };
    assert.deepEqual(issues(['telemetry: true']), [
      ['tools.mcp.telemetry', 3, 'telemetry must be a mapping, got a boolean', 'write telemetry: { enabled: true }'],
    ]);
    const found = issues(['telemetry:', '  enable: true', '  enabled: sure']);
    assert.deepEqual(
      found.map(([path, line]) => [path, line]),
      [
        ['tools.mcp.telemetry.enable', 4],
        ['tools.mcp.telemetry.enabled', 5],
      ],
    );
    assert.match(String(found[0]![3]), /did you mean "enabled"/);
  });
});
