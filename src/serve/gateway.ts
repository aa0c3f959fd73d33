// The gateway: what `serve` offers its clients, built on the Manager's servers and the Registry's
// tools. Tools go through `Registry.execute` (prefixes, filters, validation, the result budget and
// whatever else the call pipeline applies); resources, prompts and completion go to the backend that
// owns them (surface.ts). Change events of every backend are gathered into one stream.
import {
  Emitter,
  ErrorCodes,
  type CallToolResult,
  type Implementation,
  type JsonObject,
  type Progress,
  type ServerCapabilities,
  type Tool,
} from '../../protocol/index.js';
import type { ToolDef, ToolResult } from '../bridge/types.js';
import type { Client } from '../client/client.js';
import type { Logger } from '../log.js';
import { nullLogger } from '../log.js';
import type { Manager } from '../manager/manager.js';
import type { ToolRegistry as Registry } from '../registry/registry.js';
import type { CallContext } from '../registry/types.js';
import { LIBRARY_VERSION } from '../version.js';
import type { AskingHost, InputForwarder, TrackedCall } from './forward.js';
import { profileFilter, type ProfileFilter, type ServeProfile } from './profile.js';
import { RpcError } from './rpc-error.js';
import { Surface } from './surface.js';

/** What changed behind the gateway, for the clients' list_changed and updates. */
export interface GatewayEvents {
  toolsListChanged: void;
  promptsListChanged: void;
  resourcesListChanged: void;
  resourceUpdated: { uri: string };
  log: { server: string; level: string; data: unknown };
}

export interface GatewayOptions {
  manager: Manager;
  registry: Registry;
  /** The client sees only this selection. */
  profile?: ServeProfile;
  /** @defaultValue `{ name: 'mcp-bridge', version }` */
  serverInfo?: Implementation;
  instructions?: string;
  logger?: Logger;
  /** Where the backends' sampling and elicitation requests are routed (the Manager was given its handlers). */
  forwarder?: InputForwarder;
}

/** A tool call as the gateway runs it. */
export interface GatewayCall {
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  /** The host making the call, for the backend's sampling and elicitation requests meanwhile. */
  host?: AskingHost;
}

// A call that failed on the way (not a tool's own error result) is a protocol error to the client,
// so a host tells "the tool said no" from "the server behind the gateway is gone".
const REFUSED_AS_PROTOCOL_ERROR = new Set(['MCPB_TOOL_NOT_FOUND', 'MCPB_TOOL_CALL_FAILED', 'MCPB_SERVER_UNAVAILABLE', 'MCPB_TOOL_RESULT_INVALID']);

export class Gateway {
  readonly events = new Emitter<GatewayEvents>();
  readonly serverInfo: Implementation;
  readonly instructions?: string;
  readonly filter: ProfileFilter;
  readonly surface: Surface;
  /** Where the backends' input requests go (sampling, elicitation, roots), when the Manager was given its handlers. */
  readonly forwarder?: InputForwarder;
  private readonly logger: Logger;
  private readonly unsubscribe: (() => void)[] = [];
  private readonly watched = new WeakSet<Client>();

  constructor(private readonly options: GatewayOptions) {
    this.serverInfo = options.serverInfo ?? { name: 'mcp-bridge', version: LIBRARY_VERSION };
    this.instructions = options.instructions;
    this.filter = profileFilter(options.profile);
    const logger = options.logger ?? nullLogger;
    this.logger = logger;
    if (options.forwarder) this.forwarder = options.forwarder;
    this.surface = new Surface(options.manager, this.filter, logger);
    const { manager, registry } = options;
    this.unsubscribe.push(
      registry.events.on('changed', () => this.events.emit('toolsListChanged', undefined)),
      manager.events.on('state', ({ server, state }) => {
        if (state === 'ready') this.watch(server);
      }),
      manager.events.on('log', ({ server, level, message }) => {
        if (this.filter.server(server)) this.events.emit('log', { server, level, data: message });
      }),
    );
    for (const name of manager.serverNames) this.watch(name);
  }

  /** The capabilities the gateway declares: what its clients may ask, whatever each backend has. */
  capabilities(): ServerCapabilities {
    return {
      tools: { listChanged: true },
      resources: { listChanged: true, subscribe: true },
      prompts: { listChanged: true },
      completions: {},
      logging: {},
    };
  }

  /** The tools this client sees, as MCP tools under their exposed names. */
  tools(): Tool[] {
    const out: Tool[] = [];
    for (const def of this.options.registry.list()) if (this.filter.tool(def.name, def.server)) out.push(toMcpTool(def));
    return out;
  }

  /** The input schema of one tool this client sees (as `tools()` lists it), or undefined. */
  toolInputSchema(name: string): unknown {
    const def = this.options.registry.get(name);
    return def && this.filter.tool(def.name, def.server) ? toMcpTool(def).inputSchema : undefined;
  }

  /**
   * Runs a tool through the registry.
   * @throws RpcError for an unknown tool (-32602) and for a call that failed on the way (-32603,
   *   naming the server and carrying the `MCPB_*` code), never for the tool's own error result.
   */
  callTool(name: string, args: Record<string, unknown> | undefined, call: GatewayCall): Promise<CallToolResult> {
    const forwarder = this.options.forwarder;
    let def: ToolDef | undefined;
    let tracked: TrackedCall | undefined;
    let running: Promise<ToolResult>;
    try {
      def = this.options.registry.get(name);
      // Outside the profile is as unknown as absent (a missing one gets close matches from the registry).
      if (def && !this.filter.tool(def.name, def.server)) throw new RpcError(ErrorCodes.InvalidParams, `Unknown tool: ${name}`);
      if (def?.server !== undefined && call.host && forwarder) tracked = forwarder.track(def.server, call.host, call.signal);
      const context: CallContext = { entry: 'gateway' };
      if (call.signal) context.signal = call.signal;
      if (call.onProgress) context.onProgress = call.onProgress;
      running = this.options.registry.execute(name, args ?? {}, context);
    } catch (error) {
      if (tracked) forwarder!.untrack(tracked);
      return Promise.reject(error);
    }
    // One reaction, not an async frame and a `finally`: at 64 calls in flight each promise shows.
    const server = def?.server;
    const done = tracked;
    return running.then(
      (result) => {
        if (done) forwarder!.untrack(done);
        return toCallResult(result, name, server);
      },
      (error: unknown) => {
        if (done) forwarder!.untrack(done);
        throw error;
      },
    );
  }

  /** Tells every running backend of this gateway that the roots changed (legacy-era ones only: 2026 has no such notice). */
  notifyRootsChanged(): void {
    for (const server of this.options.manager.serverNames) {
      if (!this.filter.server(server)) continue;
      this.options.manager
        .server(server)
        .liveClient?.notifyRootsChanged()
        .catch((error: unknown) =>
          this.logger.warn(`telling server "${server}" its roots changed failed: ${error instanceof Error ? error.message : String(error)}`),
        );
    }
  }

  /** Stops listening to the backends (the manager is closed by its owner). */
  close(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  // Each new client of a backend (start, restart) gets its change events forwarded once.
  private watch(server: string): void {
    const client = this.options.manager.server(server).liveClient;
    if (!client || this.watched.has(client) || !this.filter.server(server)) return;
    this.watched.add(client);
    const ev = client.events;
    ev.on('promptsListChanged', () => {
      this.surface.invalidate();
      this.events.emit('promptsListChanged', undefined);
    });
    ev.on('resourcesListChanged', () => {
      this.surface.invalidate();
      this.events.emit('resourcesListChanged', undefined);
    });
    ev.on('resourceUpdated', ({ uri }) => this.events.emit('resourceUpdated', { uri }));
    // A backend that came (back) up may bring other prompts and resources.
    this.surface.invalidate();
    this.events.emit('promptsListChanged', undefined);
    this.events.emit('resourcesListChanged', undefined);
  }
}

/** A registry definition as an MCP tool under its exposed name (the listed tool's other members kept). */
export function toMcpTool(def: ToolDef): Tool {
  if (def.tool) return { ...def.tool, name: def.name };
  return {
    name: def.name,
    ...(def.title && def.title !== def.name ? { title: def.title } : {}),
    description: def.description,
    inputSchema: def.inputSchema as Tool['inputSchema'],
    ...(def.outputSchema ? { outputSchema: def.outputSchema as Tool['outputSchema'] } : {}),
    ...(def.annotations ? { annotations: def.annotations } : {}),
  };
}

function toCallResult(result: ToolResult, name: string, server: string | undefined): CallToolResult {
  const error = result.error;
  if (error && REFUSED_AS_PROTOCOL_ERROR.has(error.code)) {
    const code = error.code === 'MCPB_TOOL_NOT_FOUND' ? ErrorCodes.InvalidParams : ErrorCodes.InternalError;
    const where = server && !error.message.includes(`"${server}"`) ? ` (server "${server}")` : '';
    throw new RpcError(code, `${error.message}${where}`, {
      code: error.code,
      tool: name,
      ...(server ? { server } : {}),
      ...(error.causeCode ? { causeCode: error.causeCode } : {}),
    });
  }
  // A result cut to the budget: the client gets what the model would (the head and the handle).
  if (result.truncated && result.handle) return { content: [{ type: 'text', text: result.text }], isError: result.isError } as CallToolResult;
  return result.raw as CallToolResult & JsonObject;
}
