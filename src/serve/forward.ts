// Requests a backend makes of its client while a host's call runs (sampling, elicitation) are put to
// the host that made the call, when it declared the capability, and refused with a clear error
// otherwise. A backend's request does not say which call it belongs to: the newest call in flight to
// that backend from a host that can answer is the one asked.
import { ErrorCodes, type CreateMessageParams, type CreateMessageResult, type ElicitParams, type ElicitResult } from '../../protocol/index.js';
import type { ServerRequestContext, ServerRequestHandlers } from '../client/server-requests.js';
import { HandlerError } from '../session/dispatcher.js';

/** A host that can be asked something while its call runs. */
export interface AskingHost {
  /** The capabilities the host declared (`sampling`, `elicitation`...). */
  capabilities: Record<string, unknown>;
  /** Sends a request to the host on the call's own channel; resolves with its result. Absent when the host's era cannot be asked (2026 hosts need input_required). */
  ask?: (method: string, params: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;
  /** Who the host is, for error messages. */
  label: string;
}

const CAPABILITY: Record<string, string> = { 'sampling/createMessage': 'sampling', 'elicitation/create': 'elicitation' };

export class InputForwarder {
  private readonly calls = new Map<string, AskingHost[]>();

  /** Records a call in flight to `server` by `host`; returns the function that ends it. */
  track(server: string, host: AskingHost): () => void {
    let list = this.calls.get(server);
    if (!list) this.calls.set(server, (list = []));
    list.push(host);
    return () => {
      const i = list.indexOf(host);
      if (i >= 0) list.splice(i, 1);
      if (list.length === 0 && this.calls.get(server) === list) this.calls.delete(server);
    };
  }

  /** The client hooks to give the Manager: they declare sampling and form elicitation to every backend. */
  handlers(): ServerRequestHandlers {
    return {
      onSampling: (params: CreateMessageParams, context: ServerRequestContext) =>
        this.forward('sampling/createMessage', params as unknown as Record<string, unknown>, context) as Promise<CreateMessageResult>,
      onElicitation: (params: ElicitParams, context: ServerRequestContext) =>
        this.forward('elicitation/create', params as unknown as Record<string, unknown>, context) as Promise<ElicitResult>,
    };
  }

  private async forward(method: string, params: Record<string, unknown>, context: ServerRequestContext): Promise<unknown> {
    const server = context.server ?? '(unnamed)';
    const capability = CAPABILITY[method]!;
    const hosts = this.calls.get(server) ?? [];
    if (hosts.length === 0) {
      throw new HandlerError(
        ErrorCodes.InvalidRequest,
        `${method} from server "${server}" refused: no call of a host to this server is in progress through mcp-bridge serve, so nobody can answer it`,
      );
    }
    const host = [...hosts].reverse().find((h) => h.capabilities[capability] !== undefined && h.ask !== undefined);
    if (!host) {
      const who = hosts[hosts.length - 1]!;
      const why =
        who.capabilities[capability] === undefined
          ? `did not declare the "${capability}" capability`
          : 'speaks 2026-07-28, whose input requests the gateway does not relay yet';
      throw new HandlerError(ErrorCodes.InvalidRequest, `${method} from server "${server}" refused: the host (${who.label}) ${why}`);
    }
    return host.ask!(method, params, context.signal);
  }
}
