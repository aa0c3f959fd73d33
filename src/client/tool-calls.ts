// The tools surface of a Client: listing (every page, or one page in the SDK's form), calling
// (progress token attached, tasks when a tool requires them, TASKS-2), and over modern HTTP the
// `Mcp-Param-*` headers of a call (HTTP-10..12). It remembers the last listing for both.
import {
  ErrorCodes,
  isMcpError,
  Methods,
  type CallToolResult,
  type CreateTaskResult,
  type JsonObject,
  type ListToolsResult,
  type Tool,
} from '../../protocol/index.js';
import { redactError } from '../../protocol/redact.js';
import { CapabilityMissingError } from '../errors/client-errors.js';
import { InvalidResultError } from '../errors/session-errors.js';
import type { RequestOptions } from '../session/session.js';
import type { CallToolAsTaskOptions, CallToolOptions, SdkCallToolParams, SdkRequestOptions } from './client-options.js';
import type { ClientConnection } from './connection.js';
import { requireCapability } from './features.js';
import { collectPages } from './pagination.js';
import { taskParams, ToolTask } from './tasks.js';
import type { ToolHeaders } from './tool-headers.js';

/** The MCP SDK's `callTool` options as this client's {@link CallToolOptions}. */
export function fromSdkOptions(params: SdkCallToolParams, options: SdkRequestOptions = {}): CallToolOptions {
  return {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeout !== undefined ? { timeoutMs: options.timeout } : {}),
    ...(options.maxTotalTimeout !== undefined ? { maxTotalTimeoutMs: options.maxTotalTimeout } : {}),
    ...(options.resetTimeoutOnProgress !== undefined ? { resetTimeoutOnProgress: options.resetTimeoutOnProgress } : {}),
    ...(options.onprogress ? { onProgress: options.onprogress } : {}),
    ...(params._meta ? { meta: params._meta } : {}),
  };
}

/** One client's tools: listing and calling. */
export class ToolCalls {
  /** Tools as last listed, for their execution.taskSupport (TASKS-2). */
  private readonly toolsByName = new Map<string, Tool>();
  /** Modern HTTP only: the tools' `Mcp-Param-*` bindings, from the modern path's module (loaded by then). */
  private toolHeaders?: ToolHeaders;
  /** Whether tools were listed (or a listing was tried) on this connection: a call before that learns the tool first. */
  private listed = false;
  /** The smallest `ttlMs` of the pages of the last complete listing; undefined when a page had none (CACHE-2). */
  listTtlMs: number | undefined;

  constructor(private readonly connection: ClientConnection) {}

  /** The result check of every plain call: one function, the tool's name read from the params. */
  private readonly checkCall = (result: CallToolResult, params: JsonObject | undefined): CallToolResult => this.checkResult(String(params?.name), result);

  /** Every tool, following pagination; empty without a `tools` capability (LIFE-7). */
  async list(options: RequestOptions = {}): Promise<Tool[]> {
    const connection = this.connection;
    const server = connection.options.name;
    connection.assertReady(Methods.toolsList);
    this.listed = true;
    if (!connection.snapshot!.capabilities.tools) {
      connection.logger.debug('server declares no tools capability; not listing tools', { server });
      return [];
    }
    let ttl: number | undefined = Number.POSITIVE_INFINITY;
    const tools = await collectPages(
      async (cursor) => {
        const page = await this.page(cursor, options);
        ttl = ttl === undefined || page.ttlMs === undefined ? undefined : Math.min(ttl, page.ttlMs);
        return { items: page.tools, nextCursor: page.nextCursor };
      },
      { server, method: Methods.toolsList },
    ).catch((error: unknown) => {
      throw redactError(error, connection.redact);
    });
    this.listTtlMs = ttl === Number.POSITIVE_INFINITY ? undefined : ttl;
    this.toolsByName.clear();
    for (const tool of tools) this.toolsByName.set(tool.name, tool);
    if (!connection.modernHttp) return tools;
    // HTTP-11: a tool whose x-mcp-header annotations cannot be honoured is left out, with a warning.
    return this.headers().filter(tools, server, (e) => {
      connection.logger.warn(e.message, { server, code: e.code });
      connection.events.emit('error', e);
    });
  }

  /** One page of `tools/list`. */
  async page(cursor: string | undefined, options: RequestOptions): Promise<{ tools: Tool[]; nextCursor?: string; ttlMs?: number }> {
    const connection = this.connection;
    connection.assertReady(Methods.toolsList);
    const { cursor: _ignored, ...requestOptions } = options as RequestOptions & { cursor?: string };
    const result = await connection.request<ListToolsResult>(Methods.toolsList, cursor === undefined ? undefined : { cursor }, requestOptions);
    if (!Array.isArray(result.tools)) throw new InvalidResultError({ server: connection.options.name, method: Methods.toolsList }, '"tools" is not an array');
    for (const tool of result.tools) this.toolsByName.set(tool.name, tool);
    const ttlMs = (result as { ttlMs?: unknown }).ttlMs;
    return {
      tools: result.tools,
      ...(typeof result.nextCursor === 'string' ? { nextCursor: result.nextCursor } : {}),
      // Negative counts as 0 (CACHE-2); a non-number as absent.
      ...(typeof ttlMs === 'number' && Number.isFinite(ttlMs) ? { ttlMs: Math.max(0, ttlMs) } : {}),
    };
  }

  /** `tools/call` now; as a task when the tool requires one and the server offers them (TASKS-2). */
  call(name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    const tool = this.toolsByName.get(name);
    if (tool === undefined && !this.listed && this.offersToolTasks()) return this.callBeforeListing(name, args, options);
    if (tool?.execution?.taskSupport === 'required' && this.offersToolTasks()) return this.callAsTask(name, args, options);
    return this.plainCall(name, args, options);
  }

  // Only the tool's definition says whether it must run as a task, and it is not known before a
  // listing. A plain call of such a tool fails (-32601, as an error or as an error result): then the
  // tools are listed once and, if this one requires a task, it runs as one. A call that succeeds
  // costs nothing extra. (Its own method: closures in `call` would cost every call a context.)
  private callBeforeListing(name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    return this.plainCall(name, args, options).then(
      (result) => (result.isError ? this.asTaskIfRequired(name, args, options, () => result) : result),
      (error: unknown) => {
        if (!isMcpError(error) || error.code !== ErrorCodes.MethodNotFound) throw error;
        return this.asTaskIfRequired(name, args, options, () => {
          throw error;
        });
      },
    );
  }

  private async asTaskIfRequired(
    name: string,
    args: Record<string, unknown>,
    options: CallToolOptions,
    otherwise: () => CallToolResult,
  ): Promise<CallToolResult> {
    if (!this.listed) await this.list().catch(() => []);
    this.listed = true;
    if (this.toolsByName.get(name)?.execution?.taskSupport !== 'required') return otherwise();
    this.connection.logger.debug(`tool "${name}" requires a task (execution.taskSupport); calling it again as one`, { server: this.connection.options.name });
    return this.callAsTask(name, args, options);
  }

  private plainCall(name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    const connection = this.connection;
    // The caller's options go down as they are: the session reads the timeouts, signal, progress and
    // `meta` from them, and asks for progress itself (tool calls are among its progressMethods).
    // `_meta` has its slot from the start (JSON.stringify leaves an undefined member out): the session
    // sets the progress token there in place, without growing the object or copying it.
    const params: JsonObject = { name, arguments: args, _meta: undefined };
    // Stdio and legacy calls go straight to the session: no await before sending, no async frame
    // around the answer. Only the modern HTTP era computes Mcp-Param-* headers first.
    if (!connection.modernHttp) return connection.request(Methods.toolsCall, params, options, this.checkCall, true);
    return this.modernHttpCall(name, args, params, options);
  }

  // Its own method: the closures below would otherwise cost every stdio call a context.
  private modernHttpCall(name: string, args: Record<string, unknown>, params: JsonObject, options: CallToolOptions): Promise<CallToolResult> {
    const connection = this.connection;
    const send = (): Promise<CallToolResult> =>
      this.paramHeaders(name, args).then((headers) => connection.request<CallToolResult>(Methods.toolsCall, params, { ...options, headers }));
    return send()
      .catch(async (error: unknown) => {
        // HTTP-12: -32020 means our Mcp-Param-* headers disagree with the tool's current schema: re-list once, retry.
        if (!isMcpError(error) || error.code !== ErrorCodes.HeaderMismatch) throw error;
        connection.path.invalidate(Methods.toolsList);
        await this.list();
        return send();
      })
      .then((result) => this.checkResult(name, result));
  }

  // TASKS-2: a tool that requires task augmentation is run as a task; the caller still gets its result.
  private async callAsTask(name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallToolResult> {
    const task = await this.startTask(name, args, { ...options, task: {} });
    return task.result({ signal: options.signal, timeoutMs: options.timeoutMs });
  }

  // TASKS-2: the server runs task-augmented tools/call (tasks.requests.tools.call).
  private offersToolTasks(): boolean {
    const tasks = this.connection.snapshot!.capabilities.tasks as { requests?: { tools?: { call?: unknown } } } | undefined;
    return tasks?.requests?.tools?.call !== undefined && tasks.requests.tools.call !== false;
  }

  private checkResult(name: string, result: CallToolResult): CallToolResult {
    if (result.content === undefined && result.structuredContent !== undefined) result.content = [];
    if (!Array.isArray(result.content))
      throw new InvalidResultError({ server: this.connection.options.name, method: Methods.toolsCall }, `"content" of tool "${name}" is not an array`);
    return result;
  }

  // TASKS-2: task-augment only when the server declared tasks.requests.tools.call and the tool does not forbid it.
  async startTask(name: string, args: Record<string, unknown>, options: CallToolAsTaskOptions): Promise<ToolTask> {
    const connection = this.connection;
    requireCapability(connection.host, Methods.toolsCall, 'tasks.requests.tools.call');
    const support = this.toolsByName.get(name)?.execution?.taskSupport;
    if (support === 'forbidden')
      throw new CapabilityMissingError({ server: connection.options.name, method: Methods.toolsCall, capability: `execution.taskSupport of tool "${name}"` });
    const params: JsonObject = { name, arguments: args, task: taskParams(options.task) };
    // No progress token: the task's progress would outlive this request (PROG-6), which only creates it.
    const created = await connection.request<CreateTaskResult>(Methods.toolsCall, params, {
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      meta: options.meta,
      progress: false,
    });
    const task = new ToolTask(connection.host, created, name);
    connection.tasks.set(task.taskId, new WeakRef(task));
    connection.logger.info(`task ${task.taskId} started for tool "${name}" (${task.task.status})`, { server: connection.options.name, taskId: task.taskId });
    return task;
  }

  private async paramHeaders(name: string, args: Record<string, unknown>): Promise<Record<string, string> | undefined> {
    // A call before any listing cannot know the tool's header bindings: list once (served from cache while fresh).
    if (!this.headers().known) await this.list().catch(() => []);
    return this.headers().headersFor(name, args);
  }

  // A connection is modern HTTP only once it turned modern, which loaded the modern path's module.
  private headers(): ToolHeaders {
    return (this.toolHeaders ??= new this.connection.modern!.ToolHeaders());
  }
}
