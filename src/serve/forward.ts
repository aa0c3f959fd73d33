// Requests a backend makes of its client (sampling, elicitation, roots) are put to the host whose
// call they serve when it declared the capability, and refused with a clear error otherwise. A
// legacy backend's request does not say which call it belongs to: the newest call in flight to that
// backend from a host that can answer is the one asked. A 2026 backend's input comes within its call
// (our client answers it under the call's own signal), so that call's host is the one asked. An initialize-era host is sent the request on the
// call's own channel; a 2026-07-28 host gets it inside an `input_required` answer (input-rounds.ts).
// Outside any call only `roots/list` has somewhere to go: the host that owns the backends (the one
// host of a stdio gateway); HTTP hosts share the backends, so none owns them.
import { ErrorCodes, type CreateMessageParams, type CreateMessageResult, type ElicitParams, type ElicitResult, type Root } from '../../protocol/index.js';
import type { ServerRequestContext, ServerRequestHandlers } from '../client/server-requests.js';
import { HandlerError } from '../session/dispatcher.js';
import { InputRounds, type InputRoundsOptions } from './input-rounds.js';

/** A host that can be asked something while its call runs. */
export interface AskingHost {
  /** The capabilities the host declared (`sampling`, `elicitation`, `roots`...). */
  capabilities: Record<string, unknown>;
  /** Puts a request to the host; resolves with its result. Absent when this host cannot be asked here. */
  ask?: (method: string, params: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;
  /** Who the host is, for error messages. */
  label: string;
  /** Why `ask` is absent, for the refusal. */
  unreachable?: string;
}

/** A call in flight: its host, and its signal, which a 2026 backend's input request carries and so names its call exactly. */
export interface TrackedCall {
  readonly server: string;
  readonly host: AskingHost;
  readonly signal: AbortSignal | undefined;
}

const CAPABILITY: Record<string, string> = { 'sampling/createMessage': 'sampling', 'elicitation/create': 'elicitation', 'roots/list': 'roots' };

export class InputForwarder {
  /** The 2026 hosts' calls waiting for their retry. */
  readonly rounds: InputRounds;
  private readonly calls = new Map<string, TrackedCall[]>();
  private owner: AskingHost | undefined;

  constructor(options: InputRoundsOptions = {}) {
    this.rounds = new InputRounds(options);
  }

  /** Records a call in flight to `server` by `host` under `signal`; returns what `untrack` takes when it ends. */
  track(server: string, host: AskingHost, signal?: AbortSignal): TrackedCall {
    let list = this.calls.get(server);
    if (!list) this.calls.set(server, (list = []));
    const call: TrackedCall = { server, host, signal };
    list.push(call);
    return call;
  }

  /**
   * Ends a call `track` recorded (a token, not a closure: one object less per call at 64 in flight).
   * An emptied list stays for the next call: one per backend, where dropping it made sequential
   * calls take a map entry and a new array each.
   */
  untrack(call: TrackedCall): void {
    const list = this.calls.get(call.server);
    const i = list ? list.lastIndexOf(call) : -1;
    if (i >= 0) list!.splice(i, 1);
  }

  /** Sets the host asked for roots outside any call (undefined: none); returns the function that unsets it. */
  setOwner(host: AskingHost | undefined): () => void {
    this.owner = host;
    return () => {
      if (this.owner === host) this.owner = undefined;
    };
  }

  /** The client hooks to give the Manager: they declare roots, sampling and form elicitation to every backend. */
  handlers(): ServerRequestHandlers {
    return {
      roots: async (context: ServerRequestContext) => ((await this.forward('roots/list', {}, context)) as { roots: Root[] }).roots,
      onSampling: (params: CreateMessageParams, context: ServerRequestContext) =>
        this.forward('sampling/createMessage', params as unknown as Record<string, unknown>, context) as Promise<CreateMessageResult>,
      onElicitation: (params: ElicitParams, context: ServerRequestContext) =>
        this.forward('elicitation/create', params as unknown as Record<string, unknown>, context) as Promise<ElicitResult>,
    };
  }

  /** Cancels what waits for a host (shutdown). */
  close(): void {
    this.rounds.close();
    this.owner = undefined;
  }

  private async forward(method: string, params: Record<string, unknown>, context: ServerRequestContext): Promise<unknown> {
    const server = context.server ?? '(unnamed)';
    const capability = CAPABILITY[method]!;
    const hosts = this.calls.get(server) ?? [];
    if (hosts.length === 0) {
      const owner = method === 'roots/list' ? this.owner : undefined;
      if (!owner) {
        throw new HandlerError(
          ErrorCodes.InvalidRequest,
          method === 'roots/list'
            ? `roots/list from server "${server}" refused: no host call to this server is in progress through mcp-bridge serve, and no single host owns the backends (over HTTP every host shares them); roots are relayed during a call`
            : `${method} from server "${server}" refused: no call of a host to this server is in progress through mcp-bridge serve, so nobody can answer it`,
        );
      }
      return ask(owner, method, params, capability, server, context.signal);
    }
    const own = hosts.find((c) => c.signal !== undefined && c.signal === context.signal);
    if (own) return ask(own.host, method, params, capability, server, context.signal);
    const newest = [...hosts].reverse().find((c) => c.host.capabilities[capability] !== undefined && c.host.ask !== undefined);
    return ask((newest ?? hosts[hosts.length - 1]!).host, method, params, capability, server, context.signal);
  }
}

function ask(host: AskingHost, method: string, params: Record<string, unknown>, capability: string, server: string, signal: AbortSignal): Promise<unknown> {
  if (host.capabilities[capability] === undefined)
    throw new HandlerError(
      ErrorCodes.InvalidRequest,
      `${method} from server "${server}" refused: the host (${host.label}) did not declare the "${capability}" capability`,
    );
  if (!host.ask)
    throw new HandlerError(
      ErrorCodes.InvalidRequest,
      `${method} from server "${server}" refused: the host (${host.label}) ${host.unreachable ?? 'cannot be asked here'}`,
    );
  return host.ask(method, params, signal);
}
