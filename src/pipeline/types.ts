// The call pipeline's shapes: one tool call as every interceptor sees it, the interceptor contract,
// and what the pipeline tells the registry about visibility. Every call from every entry (registry,
// adapters, CLI, manager, gateway) passes one ordered chain: audit → pins → policy → telemetry →
// user interceptors → result budget → the server. The audit step comes first so that it sees every
// call and how it ended, the calls that pins or policy refuse included.
import type { CallOptions } from '../../protocol/index.js';
import type { ToolDef, ToolResult } from '../bridge/types.js';

/**
 * Per-call options of a registry call: the shared {@link CallOptions} (signal, timeouts, progress,
 * `_meta`), which reach the server's session as this same object, plus where the call entered and
 * how a policy asks for confirmation. `timeoutMs` is the server's `timeoutMs` when not given.
 */
export interface CallContext extends CallOptions {
  /** Where the call entered. @defaultValue `'registry'` */
  entry?: CallEntry;
  /**
   * Asked when a policy's `confirm` rule catches this call and the policy has no `onConfirm` of its
   * own (the Registry's `onConfirm` arrives here, and the CLI's prompt): `true` runs the call.
   */
  onConfirm?: (call: ToolCall, decision: { action: 'allow' | 'deny' | 'confirm'; rule?: number; reason?: string }) => boolean | Promise<boolean>;
}

/** Where a call entered: the registry (and every adapter on it), the CLI, a server handle used directly, the gateway. */
export type CallEntry = 'registry' | 'cli' | 'server' | 'gateway';

/** One tool call on its way through the pipeline. */
export interface ToolCall {
  /** The exposed name (prefix + tool name, sanitised). */
  readonly name: string;
  /** The configured server; absent for native tools. */
  readonly server?: string;
  /** The tool's name at its origin. */
  readonly tool: string;
  /** The definition as registered now. */
  readonly definition: ToolDef;
  /** The arguments, after validation; a mutating interceptor may replace them. */
  arguments: Record<string, unknown>;
  /** Signal, timeout, progress and `_meta` for the request; an interceptor may add `meta`. */
  context: CallContext;
  readonly entry: CallEntry;
  /** When the call entered the pipeline (`performance.now()`). */
  readonly startedAt: number;
}

/**
 * The fixed order of the pipeline's stages, first met first. The audit step wraps the rest: a step
 * that refuses a call returns without calling `next`, so only a step outside it can log the refusal.
 */
export const INTERCEPTOR_STAGES = ['audit', 'pins', 'policy', 'telemetry', 'user', 'budget'] as const;
/** One of {@link INTERCEPTOR_STAGES}. */
export type InterceptorStage = (typeof INTERCEPTOR_STAGES)[number];

/** The rest of the chain. */
export type NextInterceptor = (call: ToolCall) => Promise<ToolResult>;

/**
 * One step of the call pipeline. `intercept` gets the call and the rest of the chain: it may refuse
 * (return an error result without calling `next`), change the call, or look at or change the
 * result. It must never reject: a failure is an error result with a `code`.
 */
export interface Interceptor {
  /** Names the step in errors and in the pipeline's description. */
  readonly name: string;
  /** Where the step sits; steps of one stage keep the order they were added in. @defaultValue `'user'` */
  readonly stage?: InterceptorStage;
  intercept(call: ToolCall, next: NextInterceptor): Promise<ToolResult>;
  /** True when the step would refuse every call to this tool, so the specs leave it out. */
  hides?(definition: ToolDef): boolean;
  /**
   * Told of a call refused before the pipeline ran (an unknown tool, arguments that are invalid or
   * do not parse, a call aborted before it was sent), with the error result its caller gets. No
   * step's `intercept` saw that call, so a step that records calls records it here. Must not throw.
   */
  refusedEarly?(call: EarlyRefusal, result: ToolResult): void;
  /**
   * Releases what the step holds (the audit log writes its queued lines and closes its file). The
   * step stays usable. A Manager calls it from `close()` for the steps its config added.
   */
  close?(): Promise<void> | void;
}

/** A call refused before the pipeline ran: no definition when its tool is unknown, arguments as given. */
export interface EarlyRefusal {
  /** The name the call asked for. */
  readonly name: string;
  /** The configured server, when the name is one of its tools. */
  readonly server?: string;
  /** The tool's name at its origin; the asked name when the tool is unknown. */
  readonly tool: string;
  /** The definition, when the name is registered. */
  readonly definition?: ToolDef;
  /** The arguments as the call gave them: not validated, any value (the text, when they did not parse). */
  readonly arguments: unknown;
  readonly entry: CallEntry;
  /** When the call was refused (`performance.now()`). */
  readonly startedAt: number;
}
