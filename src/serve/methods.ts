// The method → handler map of the gateway. Some methods exist in one era only: `initialize`, `ping`
// and `logging/setLevel` are initialize-era (2026 removed the last two, so a modern request for them
// is -32601); `server/discover` and `subscriptions/listen` are 2026-07-28 only (a discover without
// the envelope is a legacy request, and -32601 tells the client so, VER-4).
import {
  ErrorCodes,
  isSupportedInEra,
  LATEST_LEGACY_VERSION,
  MODERN_VERSIONS,
  type CompleteArgument,
  type CompleteContext,
  type CompleteReference,
  type Era,
  type JsonObject,
  type LoggingLevel,
  type Progress,
  type RequestId,
} from '../../protocol/index.js';
import type { Channel, Handshake, ServeConnection } from './connection.js';
import type { RequestFacts } from './envelope.js';
import type { AskingHost } from './forward.js';
import type { GatewayCall } from './gateway.js';
import { RpcError } from './rpc-error.js';
import { honouredFilter } from './subscriptions.js';

/** What a handler knows about the request it serves. */
export interface HandlerContext {
  connection: ServeConnection;
  id: RequestId;
  method: string;
  facts: RequestFacts;
  /** Aborted when the client cancels the request, drops its stream, or the gateway shuts down. */
  signal: AbortSignal;
  /** Where this request's answer and notifications go. */
  channel: Channel;
  /** Present when the request carries a progress token. */
  progress?: (progress: Progress) => void;
}

export type Handler = (params: JsonObject, context: HandlerContext) => Promise<JsonObject> | JsonObject;

const LOG_LEVELS = new Set<string>(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);

const BOTH: Record<string, Handler> = {
  'tools/list': (_p, { connection }) => ({ tools: connection.gateway.tools() as unknown as JsonObject[] }),
  'tools/call': (params, { connection, signal, progress, facts, channel }) => {
    const name = params.name;
    if (typeof name !== 'string') throw new RpcError(ErrorCodes.InvalidParams, 'tools/call needs a string "name"');
    const args = params.arguments;
    if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args)))
      throw new RpcError(ErrorCodes.InvalidParams, 'tools/call "arguments" must be an object');
    const gateway = connection.gateway;
    const rounds = gateway.forwarder?.rounds;
    if (facts.era === 'modern' && rounds) {
      // MRTR-1: a 2026 host is asked for a backend's input by an input_required answer to its call.
      const host = { capabilities: facts.capabilities ?? {}, label: hostLabel(facts.clientInfo) };
      const round = {
        tool: name,
        arguments: args,
        requestState: params.requestState,
        inputResponses: params.inputResponses,
        ...(progress ? { progress } : {}),
        ...(connection.persistent ? { owner: connection } : {}),
      };
      return rounds.run(round, signal, (ask, callSignal, onProgress) =>
        gateway.callTool(name, args as Record<string, unknown> | undefined, { signal: callSignal, onProgress, host: { ...host, ask } }),
      ) as Promise<JsonObject>;
    }
    const call: GatewayCall = { signal, host: askingHost(connection, facts, channel) };
    if (progress) call.onProgress = progress;
    return gateway.callTool(name, args as Record<string, unknown> | undefined, call) as Promise<JsonObject>;
  },
  'resources/list': async (_p, { connection }) => ({ resources: (await connection.gateway.surface.listResources()) as unknown as JsonObject[] }),
  'resources/templates/list': async (_p, { connection }) => ({
    resourceTemplates: (await connection.gateway.surface.listResourceTemplates()) as unknown as JsonObject[],
  }),
  'resources/read': async (params, { connection, signal }) => {
    if (typeof params.uri !== 'string') throw new RpcError(ErrorCodes.InvalidParams, 'resources/read needs a string "uri"');
    return (await connection.gateway.surface.readResource(params.uri, signal)) as unknown as JsonObject;
  },
  'prompts/list': async (_p, { connection }) => ({ prompts: (await connection.gateway.surface.listPrompts()) as unknown as JsonObject[] }),
  'prompts/get': async (params, { connection, signal }) => {
    if (typeof params.name !== 'string') throw new RpcError(ErrorCodes.InvalidParams, 'prompts/get needs a string "name"');
    const args = params.arguments as Record<string, string> | undefined;
    return (await connection.gateway.surface.getPrompt(params.name, args, signal)) as unknown as JsonObject;
  },
  'completion/complete': async (params, { connection, signal }) => {
    const ref = params.ref as CompleteReference | undefined;
    const argument = params.argument as CompleteArgument | undefined;
    if (!ref || typeof ref !== 'object' || !argument || typeof argument.name !== 'string')
      throw new RpcError(ErrorCodes.InvalidParams, 'completion/complete needs "ref" and "argument"');
    return (await connection.gateway.surface.complete(ref, argument, params.context as CompleteContext | undefined, signal)) as unknown as JsonObject;
  },
};

const LEGACY: Record<string, Handler> = {
  initialize: (params, { connection }) => {
    // LIFE-2: answer the client's version when we speak it, else our newest.
    const asked = params.protocolVersion;
    const version = isSupportedInEra(asked, 'legacy') ? asked : LATEST_LEGACY_VERSION;
    connection.handshake = {
      version,
      capabilities: (params.capabilities as Record<string, unknown> | undefined) ?? {},
      ...(params.clientInfo ? { clientInfo: params.clientInfo as { name: string; version: string } } : {}),
    };
    const gateway = connection.gateway;
    return {
      protocolVersion: version,
      capabilities: gateway.capabilities() as JsonObject,
      serverInfo: gateway.serverInfo as unknown as JsonObject,
      ...(gateway.instructions ? { instructions: gateway.instructions } : {}),
    };
  },
  ping: () => ({}),
  'resources/subscribe': async (params, { connection, signal }) => {
    if (typeof params.uri !== 'string') throw new RpcError(ErrorCodes.InvalidParams, 'resources/subscribe needs a string "uri"');
    await connection.gateway.surface.subscribe(params.uri, signal);
    connection.resourceSubscriptions.add(params.uri);
    return {};
  },
  'resources/unsubscribe': (params, { connection }) => {
    if (typeof params.uri !== 'string') throw new RpcError(ErrorCodes.InvalidParams, 'resources/unsubscribe needs a string "uri"');
    connection.resourceSubscriptions.delete(params.uri);
    return {};
  },
  'logging/setLevel': (params, { connection }) => {
    if (typeof params.level !== 'string' || !LOG_LEVELS.has(params.level))
      throw new RpcError(ErrorCodes.InvalidParams, `Unknown log level ${JSON.stringify(params.level)}`);
    connection.logLevel = params.level as LoggingLevel;
    return {};
  },
};

const MODERN: Record<string, Handler> = {
  'server/discover': (_p, { connection }) => {
    const gateway = connection.gateway;
    return {
      supportedVersions: [...MODERN_VERSIONS],
      capabilities: gateway.capabilities() as JsonObject,
      ...(gateway.instructions ? { instructions: gateway.instructions } : {}),
    };
  },
  'subscriptions/listen': async (params, { connection, id, channel, signal }) => {
    const graceful = await connection.subscriptions.listen(id, honouredFilter(params.notifications), channel, signal);
    // An aborted stream gets no answer (the connection sends none for an aborted request).
    if (!graceful) throw new RpcError(ErrorCodes.InternalError, 'subscription cancelled');
    return {};
  },
};

// An initialize-era host is asked on the call's own channel (or, outside a call, its background one).
// A 2026 host is asked through input_required, which only tools/call relays. An initialize-era host
// is the same for every call on one channel under one handshake: it is made once, not per call.
function askingHost(connection: ServeConnection, facts: RequestFacts, channel: Channel | undefined): AskingHost {
  if (facts.era === 'modern')
    return {
      capabilities: facts.capabilities ?? {},
      label: hostLabel(facts.clientInfo),
      unreachable: 'speaks 2026-07-28: it is asked for input only during its tools/call',
    };
  const handshake = connection.handshake;
  const last = lastHost.get(connection);
  if (last && last.channel === channel && last.handshake === handshake) return last.host;
  const host: AskingHost = {
    capabilities: handshake?.capabilities ?? {},
    label: hostLabel(handshake?.clientInfo),
    ...(channel
      ? { ask: (method: string, params: Record<string, unknown>, signal: AbortSignal) => connection.request(method, params as JsonObject, channel, signal) }
      : {}),
  };
  lastHost.set(connection, { channel, handshake, host });
  return host;
}

/** An initialize-era host as asked outside any call, on its background channel. */
export function backgroundHost(connection: ServeConnection): AskingHost {
  return askingHost(connection, { era: 'legacy' } as RequestFacts, connection.backgroundChannel());
}

const lastHost = new WeakMap<ServeConnection, { channel: Channel | undefined; handshake: Handshake | undefined; host: AskingHost }>();

function hostLabel(info: { name?: string; version?: string } | undefined): string {
  return info?.name ? `"${info.name}"${info.version ? ` ${info.version}` : ''}` : 'an unnamed client';
}

/** The handler of `method` for a request of `era`, or undefined (-32601). */
export function handlerFor(method: string, era: Era): Handler | undefined {
  return BOTH[method] ?? (era === 'legacy' ? LEGACY[method] : MODERN[method]);
}
