// mcp-bridge, this repository's client, as a user imports it from an install: `mcp-bridge/client` for
// connect(), `mcp-bridge` for the Manager. Loaded dynamically so the bench says why when it is not built.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoRoot, fileUrl } from '../lib/paths.js';
import { firstText, type BenchAgentTools, type BenchClient, type BenchGoverned, type BenchConnection, type ServerSpec, type SpecTarget } from './_types.js';

/** The slice of the public API the bench uses. */
interface BridgeClient {
  listTools(): Promise<unknown>;
  callTool(name: string, args: Record<string, unknown>, options?: { timeoutMs?: number }): Promise<unknown>;
  close(): Promise<void>;
}
interface BridgeHandle {
  currentTools: readonly unknown[];
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>;
}
interface BridgeManager {
  start(): Promise<{ ready: string[]; failed: { server: string; error: unknown }[] }>;
  server(name: string): BridgeHandle;
  close(): Promise<void>;
}
interface BridgeRegistry {
  list(): unknown[];
  registerServerTools(
    server: string,
    tools: readonly unknown[],
    options: { caller: (name: string, args: Record<string, unknown>) => Promise<unknown> },
  ): unknown;
  findByOrigin(server: string, original: string): { name: string; tool?: unknown } | undefined;
  toLLMSpecs(provider: SpecTarget): { specs: unknown[] };
  execute(name: string, args: unknown): Promise<{ isError?: boolean; text?: string }>;
  searchTools(query: string, options: { limit: number }): Promise<unknown[]>;
}
interface BridgeModule {
  connect(options: { command: string; args: string[]; env?: Record<string, string>; maxMessageBytes?: number } | { url: string }): Promise<BridgeClient>;
  parseConfig?(text: string, options: { file: string }): unknown;
  Manager?: new (config: unknown, options?: { concurrency?: number; registry?: unknown }) => BridgeManager;
  Registry?: new () => BridgeRegistry;
  createAuditLog?: unknown;
  createPins?: unknown;
  createPolicy?: unknown;
}
/** The pins modules' lock helpers, as W11 builds a lock of the echo server's tool. */
interface LockModule {
  emptyLock(): { lockfileVersion: number; servers: Record<string, unknown> };
  lockServer(tools: readonly unknown[]): unknown;
  serializeLock(lock: unknown): string;
}
interface DefinitionModule {
  pinnedFields(tool: unknown): unknown;
}

interface PipelineModule {
  CallPipeline: new (steps: unknown[]) => { run(call: unknown, terminal: (call: unknown) => Promise<unknown>): Promise<unknown> };
}

function toolCount(listed: unknown): number {
  if (Array.isArray(listed)) return listed.length;
  const tools = (listed as { tools?: unknown } | null)?.tools;
  if (Array.isArray(tools)) return tools.length;
  throw new Error(`listTools returned neither an array nor {tools}: ${JSON.stringify(listed).slice(0, 200)}`);
}

/**
 * The adapter for the build under `root` (this repository's by default; `--base DIR` adds a second
 * one, `mcp-bridge-base`, for another build of mcp-bridge, so a change is measured against the code
 * before it in alternated pairs).
 */
export function bridgeAt(root: string, name: string): BenchClient {
  // `mcp-bridge` (everything: config, registry, manager) and `mcp-bridge/client` (connect and errors),
  // from what a packed install loads: the bundle `npm pack` ships (built by `npm run build:package`,
  // which `npm run bench` runs), else tsc's output (a `--base` build made with `tsc` alone). The
  // bundle is one module scope per file where tsc's output is one per source file, and V8 runs the
  // two differently until it has optimised the hot path: W3 client CPU per call read 1.04x and W7
  // 1.06x from tsc's output against the bundle, 9 alternated pairs (bench/README.md).
  const bundled = { client: join(root, 'dist', 'bundle', 'client.js'), entry: join(root, 'dist', 'bundle', 'index.js') };
  const fromBundle = existsSync(bundled.entry) && existsSync(bundled.client);
  const entry = fromBundle ? bundled.entry : join(root, 'dist', 'src', 'index.js');
  const clientEntry = fromBundle ? bundled.client : join(root, 'dist', 'src', 'client', 'index.js');
  let mod: BridgeModule | undefined;
  let clientMod: BridgeModule | undefined;
  let fleetConfig: unknown;

  async function load(): Promise<BridgeModule> {
    mod ??= (await import(fileUrl(entry))) as BridgeModule;
    return mod;
  }

  /** What a user who only connects imports: the client entry where it exists, else the package entry. */
  async function loadClient(): Promise<BridgeModule> {
    clientMod ??= existsSync(clientEntry) ? ((await import(fileUrl(clientEntry))) as BridgeModule) : await load();
    return clientMod;
  }

  const bridge: BenchClient = {
    name,
    importModules: () => [fileUrl(existsSync(clientEntry) ? clientEntry : entry)],
    fullImportModules: () => [fileUrl(entry)],
    async unavailable() {
      if (!existsSync(entry)) return `${entry} not built (run npm run build)`;
      try {
        const m = await loadClient();
        if (typeof m.connect !== 'function') return 'the client entry exports no connect()';
      } catch (e) {
        return `importing ${clientEntry} failed: ${(e as Error).message}`;
      }
      return undefined;
    },
    async connect(server: ServerSpec): Promise<BenchConnection> {
      const { connect } = await loadClient();
      const c = await connect(
        server.kind === 'stdio'
          ? // Default options: the 128 MiB default cap fits W4's 64 MiB result with its JSON envelope.
            { command: server.command, args: server.args, ...(server.env ? { env: server.env } : {}) }
          : { url: server.url },
      );
      return {
        listTools: async () => toolCount(await c.listTools()),
        call: async (name, args, options) => firstText(await c.callTool(name, args, options?.timeoutMs ? { timeoutMs: options.timeoutMs } : undefined)),
        close: () => c.close(),
      };
    },
    // W7 through the Manager, as a user with a config file runs many servers.
    async prepareFleet(server, count) {
      const m = await load();
      if (!m.Manager || !m.parseConfig) throw new Error(`${entry} exports no Manager/parseConfig`);
      const names = Array.from({ length: count }, (_, i) => `echo${i}`);
      fleetConfig = m.parseConfig(
        JSON.stringify({
          tools: {
            mcp: {
              enabled: true,
              servers: names.map((name) => ({ name, command: server.command, args: server.args, ...(server.env ? { env: server.env } : {}) })),
            },
          },
        }),
        { file: join(repoRoot, 'bench', 'fleet.json') },
      );
    },
    async fleet(server, count) {
      if (fleetConfig === undefined) await bridge.prepareFleet!(server, count);
      const m = await load();
      const names = Array.from({ length: count }, (_, i) => `echo${i}`);
      const config = fleetConfig;
      const manager = new m.Manager!(config, { concurrency: count });
      const summary = await manager.start();
      if (summary.failed.length > 0) {
        await manager.close();
        throw new Error(`manager: ${summary.failed.length} of ${count} servers failed to start: ${String(summary.failed[0].error)}`);
      }
      const handles = names.map((n) => manager.server(n));
      return {
        how: 'Manager',
        toolCounts: handles.map((h) => h.currentTools.length),
        call: async (i, name, args) => firstText(await handles[i].callTool(name, args)),
        close: () => manager.close(),
      };
    },
    // W9 as a user with one big server runs it: the Manager filling a Registry.
    async manyTools(server) {
      const m = await load();
      if (!m.Manager || !m.parseConfig || !m.Registry) throw new Error(`${entry} exports no Manager/parseConfig/Registry`);
      const config = m.parseConfig(
        JSON.stringify({
          tools: {
            mcp: { enabled: true, servers: [{ name: 'many', command: server.command, args: server.args, ...(server.env ? { env: server.env } : {}) }] },
          },
        }),
        { file: join(repoRoot, 'bench', 'many-tools.json') },
      );
      const registry = new m.Registry();
      const manager = new m.Manager(config, { registry });
      const summary = await manager.start();
      if (summary.failed.length > 0) {
        await manager.close();
        throw new Error(`manager: the server failed to start: ${String(summary.failed[0].error)}`);
      }
      const listed = manager.server('many').currentTools as { name: string; inputSchema: Record<string, unknown> }[];
      const Registry = m.Registry;
      const agent: BenchAgentTools = {
        tools: listed,
        fresh: () => {
          const own = new Registry();
          // Answered in-process, so a call measures the registry alone.
          own.registerServerTools('many', listed, { caller: async () => ({ content: [{ type: 'text', text: 'ok' }] }) });
          return {
            specs: (target) => own.toLLMSpecs(target).specs.length,
            exposedName: (original) => own.findByOrigin('many', original)?.name ?? original,
            execute: async (name, args) => ({ isError: (await own.execute(name, args)).isError === true }),
            search: async (query) => (await own.searchTools(query, { limit: 5 })).length,
          };
        },
      };
      return { how: 'Manager + Registry', tools: registry.list().length, agent, close: () => manager.close() };
    },
  };
  bridge.governed = (server) => governed(root, load, server);
  return bridge;
}

async function governanceOf(root: string, m: BridgeModule): Promise<Pick<BridgeModule, 'createAuditLog' | 'createPins' | 'createPolicy'>> {
  const bundled = join(root, 'dist', 'bundle', 'governance.js');
  const file = existsSync(bundled) ? bundled : join(root, 'dist', 'src', 'governance.js');
  if (!existsSync(file)) return m;
  return (await import(fileUrl(file))) as Pick<BridgeModule, 'createAuditLog' | 'createPins' | 'createPolicy'>;
}

// W11 as a user with a config file runs governance: the Manager adds the config's steps to the Registry.
async function governed(root: string, load: () => Promise<BridgeModule>, server: Extract<ServerSpec, { kind: 'stdio' }>): Promise<BenchGoverned> {
  const m = await load();
  if (!m.Manager || !m.parseConfig || !m.Registry) throw new Error('the package entry exports no Manager/parseConfig/Registry');
  // The governance factories live in their own entry since it was split off the main one; older
  // builds export them from the main entry. They only say which steps this build has.
  const g = await governanceOf(root, m);
  if (!g.createAuditLog) throw new Error('neither the governance entry nor the package entry exports createAuditLog: this build has no audit log');
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-bench-w11-'));
  const echo = { name: 'echo', command: server.command, args: server.args, ...(server.env ? { env: server.env } : {}) };
  const started = async (governance: Record<string, unknown>) => {
    const config = m.parseConfig!(JSON.stringify({ tools: { mcp: { enabled: true, ...governance, servers: [echo] } } }), {
      file: join(dir, 'mcp-bridge.json'),
    });
    const registry = new m.Registry!();
    const manager = new m.Manager!(config, { registry });
    const summary = await manager.start();
    if (summary.failed.length > 0) throw new Error(`manager: the server failed to start: ${String(summary.failed[0].error)}`);
    const name = registry.findByOrigin('echo', 'echo')?.name ?? 'echo';
    const call = async (args: Record<string, unknown>) => {
      const result = await registry.execute(name, args);
      if (result.isError) throw new Error(`echo through the registry failed: ${String(result.text).slice(0, 200)}`);
      return result.text ?? '';
    };
    return { manager, call, tool: () => registry.findByOrigin('echo', 'echo')?.tool };
  };
  // `off` has no step (pins: false, as a lock beside the config would turn pins on). `on` has what a
  // governed config turns on: pins checked against a lock of the echo server's tools, a policy whose
  // rules are evaluated on every call (a deny rule that does not match, then the default allow), and
  // the audit log.
  const off = await started({ pins: false });
  const tool = off.tool();
  const pinsOn = g.createPins !== undefined && tool !== undefined;
  if (pinsOn) {
    const lockModule = (await import(fileUrl(join(root, 'dist', 'src', 'pipeline', 'pins', 'lock.js')))) as LockModule;
    const definition = (await import(fileUrl(join(root, 'dist', 'src', 'pipeline', 'pins', 'definition.js')))) as DefinitionModule;
    const lock = { ...lockModule.emptyLock(), servers: { echo: lockModule.lockServer([definition.pinnedFields(tool)]) } };
    writeFileSync(join(dir, 'mcp-bridge.lock'), lockModule.serializeLock(lock));
  }
  const policyOn = g.createPolicy !== undefined;
  const on = await started({
    ...(pinsOn ? { pins: { onChange: 'block' } } : {}),
    ...(policyOn ? { policy: { default: 'allow', rules: [{ tools: ['never_*'], action: 'deny', reason: 'bench rule that never matches' }] } } : {}),
    audit: { file: 'audit.jsonl', args: 'redacted' },
  });
  const { CallPipeline } = (await import(fileUrl(join(root, 'dist', 'src', 'pipeline', 'chain.js')))) as PipelineModule;
  return {
    how: `on = ${[pinsOn ? 'pins (a lock of the echo tool)' : '', policyOn ? 'policy (one deny rule, default allow)' : '', 'audit (args: redacted, file rotated at 10 MiB)'].filter(Boolean).join(' + ')}`,
    off: off.call,
    on: on.call,
    // The audit lines are written within a turn or two of each call; a short pause lets the last batch land.
    settle: () => new Promise((r) => setTimeout(r, 50)),
    emptyPipelineExtraNs: () => emptyPipelineExtraNs(CallPipeline),
    close: async () => {
      await Promise.all([off.manager.close(), on.manager.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU nanoseconds per call that the registry's pipeline path adds with no step over calling the
 * terminal step directly: the ToolCall it builds (with its clock reading) and `run`'s empty check.
 */
function emptyPipelineExtraNs(CallPipeline: PipelineModule['CallPipeline']): number {
  const pipeline = new CallPipeline([]);
  const answer = Promise.resolve({ text: 'ok' });
  const terminal = (_call: unknown) => answer;
  const definition = { name: 'echo', originalName: 'echo', server: 'echo' };
  const args = { text: 'x' };
  const context = {};
  const n = 1_000_000;
  let sink = 0;
  const cpuNs = (from: NodeJS.CpuUsage) => {
    const d = process.cpuUsage(from);
    return (d.user + d.system) * 1000;
  };
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) if (terminal(args) === answer) sink++;
  const bare = cpuNs(c0);
  const c1 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const call = { name: 'echo', server: 'echo', tool: 'echo', definition, arguments: args, context, entry: 'registry', startedAt: performance.now() };
    if (pipeline.run(call, terminal) === answer) sink++;
  }
  const piped = cpuNs(c1);
  if (sink !== 2 * n) throw new Error("W11: the empty pipeline did not hand back the terminal step's promise");
  return Math.max(0, (piped - bare) / n);
}

export default bridgeAt(repoRoot, 'mcp-bridge');
