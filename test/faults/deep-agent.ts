// The host side of the deep-nesting fault test, run as its own Node process so that an exception
// escaping to the process (a listener rethrown in a microtask) shows as a crash, not as a test
// failure inside the runner. Starts a Manager on the deep-nesting server, drives it, and prints
// one JSON line per outcome on stdout. Argument: the server's DEEP_SCHEMA_DEPTH (0: none).
import { Manager } from '../../src/manager/manager.js';
import { Registry } from '../../src/adapters/registry.js';
import type { Logger } from '../../src/log.js';
import { nodeEntry, testConfig } from '../helpers/config.js';
import { fixtureServerScript } from '../helpers/servers.js';

const schemaDepth = Number(process.argv[2] ?? 0);

function report(what: string, fields: Record<string, unknown>): void {
  process.stdout.write(JSON.stringify({ what, ...fields }) + '\n');
}

const warn = (message: string, fields?: Record<string, unknown>): void => report('warn', { message: message.slice(0, 300), code: fields?.code });
const logger: Logger = { debug: () => {}, info: () => {}, warn, error: warn };

async function outcome(what: string, run: () => Promise<{ text: string; isError: boolean }>): Promise<void> {
  try {
    const result = await run();
    report(what, { isError: result.isError, text: result.text.slice(0, 300) });
  } catch (error) {
    const e = error as { code?: string; message?: string };
    report(what, { code: e.code, message: String(e.message).slice(0, 300) });
  }
}

const entry = nodeEntry('deep', fixtureServerScript('deep-nesting'), { env: { DEEP_SCHEMA_DEPTH: String(schemaDepth) }, startupTimeout: '10s' });
const registry = new Registry();
const manager = new Manager(testConfig([entry]), { registry, logger });
manager.events.on('log', (entry) => report('log', { level: entry.level, chars: entry.message.length }));
try {
  const summary = await manager.start();
  report('start', {
    ready: summary.ready.length,
    failed: summary.failed.map((f) => ({ code: (f.error as { code?: string }).code, message: String((f.error as Error).message).slice(0, 300) })),
  });
  if (summary.ready.length > 0) {
    for (const target of ['openai', 'anthropic', 'gemini', 'openai-responses'] as const) {
      try {
        report('specs', { target, count: registry.toLLMSpecs(target).specs.length });
      } catch (error) {
        report('specs', { target, code: (error as { code?: string }).code, message: String(error).slice(0, 300) });
      }
    }
  }
  if (schemaDepth > 0 && summary.ready.length > 0) {
    // Arguments checked against the deep schema before sending (the validator compiles it).
    await outcome('deep_schema', () => registry.execute('deep_schema', { a: { a: { a: 'x' } } }));
  }
  if (schemaDepth === 0) {
    await outcome('deep_log', () => registry.execute('deep_log', {}));
    await outcome('deep_result', () => registry.execute('deep_result', { depth: 100_000 }));
    await outcome('deep_request', () => registry.execute('deep_request', {}));
    await outcome('result_at_limit', () => registry.execute('deep_result', { depth: 250 }));
    await outcome('echo', () => registry.execute('echo', { text: 'still here' }));
  }
} finally {
  await manager.close();
}
// Let any rethrown listener error surface before declaring success.
await new Promise((resolve) => setTimeout(resolve, 200));
report('done', {});
