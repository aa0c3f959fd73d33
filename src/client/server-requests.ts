// Handlers for what a legacy-era server asks of the client (roots, sampling, elicitation), and the
// capabilities that follow from which handlers exist: we declare exactly what we implement (LIFE-9).
import {
  ErrorCodes,
  Methods,
  RELATED_TASK_META,
  type ClientCapabilities,
  type CreateMessageParams,
  type CreateMessageResult,
  type ElicitParams,
  type ElicitResult,
  type Root,
} from '../../protocol/index.js';
import { HandlerError, type RequestContext } from '../session/dispatcher.js';
import type { Session } from '../session/session.js';
import { UI_EXTENSION, UI_MIME_TYPE } from '../../protocol/index.js';

/** Context passed to sampling and elicitation handlers. */
export interface ServerRequestContext {
  /** Configured name of the server asking (ELICIT-4: make clear who asks). */
  server?: string;
  /** Aborted when the server cancels its request or the connection ends. */
  signal: AbortSignal;
  /** The task this request belongs to (`_meta` related-task, TASKS-8), e.g. a task that needs input. */
  relatedTaskId?: string;
}

/** How the client answers server-initiated requests. Each one set adds the matching capability. */
export interface ServerRequestHandlers {
  /** Roots to offer (`roots/list`): a list, or a function returning one (told which server asks). */
  roots?: Root[] | ((context: ServerRequestContext) => Root[] | Promise<Root[]>);
  /** Answers `sampling/createMessage` with a completion from your LLM. */
  onSampling?: (params: CreateMessageParams, context: ServerRequestContext) => CreateMessageResult | Promise<CreateMessageResult>;
  /** Answers `elicitation/create` (asks the user). */
  onElicitation?: (params: ElicitParams, context: ServerRequestContext) => ElicitResult | Promise<ElicitResult>;
  /** Elicitation modes to declare. @defaultValue ['form'] */
  elicitationModes?: ('form' | 'url')[];
  /**
   * Fill every field the user left out with the default of `requestedSchema` when accepting a form
   * (SEP-1034). @defaultValue true
   */
  applyElicitationDefaults?: boolean;
}

/** The client capabilities implied by the handlers. */
export function capabilitiesFor(handlers: ServerRequestHandlers & { apps?: boolean }, extra: ClientCapabilities = {}): ClientCapabilities {
  const caps: ClientCapabilities = { ...extra };
  // APPS-1: MCP Apps are declared only when the user renders them.
  if (handlers.apps) caps.extensions = { ...(caps.extensions as object | undefined), [UI_EXTENSION]: { mimeTypes: [UI_MIME_TYPE] } };
  if (handlers.roots !== undefined) caps.roots = { listChanged: true };
  if (handlers.onSampling) caps.sampling = {};
  if (handlers.onElicitation) {
    const modes = handlers.elicitationModes ?? ['form'];
    caps.elicitation = Object.fromEntries(modes.map((m) => [m, {}]));
  }
  return caps;
}

/** Installs the handlers on a session; returns a disposer. */
export function installServerRequestHandlers(session: Session, handlers: ServerRequestHandlers, server?: string): () => void {
  const disposers: (() => void)[] = [];
  const ctxOf = (c: RequestContext, params: unknown): ServerRequestContext => {
    const taskId = relatedTaskOf(params);
    return taskId === undefined ? { server, signal: c.signal } : { server, signal: c.signal, relatedTaskId: taskId };
  };
  if (handlers.roots !== undefined) {
    const roots = handlers.roots;
    disposers.push(
      session.handleRequest(Methods.rootsList, async (params, c) => ({ roots: typeof roots === 'function' ? await roots(ctxOf(c, params)) : roots })),
    );
  }
  if (handlers.onSampling) {
    const onSampling = handlers.onSampling;
    disposers.push(
      session.handleRequest(Methods.samplingCreateMessage, async (params, c) => {
        const ctx = ctxOf(c, params);
        return tagged(await onSampling(params as unknown as CreateMessageParams, ctx), ctx.relatedTaskId);
      }),
    );
  }
  if (handlers.onElicitation) {
    const onElicitation = handlers.onElicitation;
    const modes = new Set(handlers.elicitationModes ?? ['form']);
    const applyDefaults = handlers.applyElicitationDefaults ?? true;
    disposers.push(
      session.handleRequest(Methods.elicitationCreate, async (raw, c) => {
        const params = raw as unknown as ElicitParams;
        // ELICIT-2: no mode means form mode. ELICIT-3: a mode we did not declare is refused.
        const mode = params.mode ?? 'form';
        if (!modes.has(mode)) throw new HandlerError(ErrorCodes.InvalidParams, `elicitation mode "${mode}" is not supported by this client`);
        const ctx = ctxOf(c, params);
        const result = await onElicitation(params, ctx);
        return tagged(mode === 'form' && applyDefaults ? withDefaults(result, params) : result, ctx.relatedTaskId);
      }),
    );
  }
  return () => {
    for (const d of disposers) d();
  };
}

function relatedTaskOf(params: unknown): string | undefined {
  const meta = (params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  const related = meta?.[RELATED_TASK_META] as { taskId?: unknown } | undefined;
  return typeof related?.taskId === 'string' ? related.taskId : undefined;
}

// TASKS-8: our answer to a request issued for a task carries the same related-task _meta.
function tagged<R extends Record<string, unknown>>(result: R, taskId: string | undefined): R {
  if (taskId === undefined) return result;
  const meta = (result._meta as Record<string, unknown> | undefined) ?? {};
  return { ...result, _meta: { ...meta, [RELATED_TASK_META]: { taskId } } };
}

function withDefaults(result: ElicitResult, params: ElicitParams): ElicitResult {
  if (result.action !== 'accept') return result;
  const properties = params.requestedSchema?.properties ?? {};
  const content: Record<string, unknown> = { ...result.content };
  for (const [key, schema] of Object.entries(properties)) {
    if (content[key] === undefined && schema && 'default' in schema) content[key] = schema.default;
  }
  return { ...result, content: content as ElicitResult['content'] };
}
