// Runs a tool call through an ordered list of interceptors down to the terminal step (the call to
// the server). Built once per registry; with no interceptor the terminal is called directly, so a
// pipeline with every concern off costs one function call.
import type { ToolDef, ToolResult } from '../bridge/types.js';
import { INTERCEPTOR_STAGES, type EarlyRefusal, type Interceptor, type InterceptorStage, type NextInterceptor, type ToolCall } from './types.js';

/** An ordered chain of interceptors in front of a terminal step. */
export class CallPipeline {
  private readonly steps: readonly Interceptor[];
  /** The steps told of calls refused before the pipeline. */
  private readonly watchers: readonly Interceptor[];

  constructor(steps: readonly Interceptor[] = []) {
    const rank = (s: Interceptor) => INTERCEPTOR_STAGES.indexOf(s.stage ?? 'user');
    // A stable sort: steps of one stage keep the order they were given in.
    this.steps = [...steps].sort((a, b) => rank(a) - rank(b));
    this.watchers = this.steps.filter((s) => typeof s.refusedEarly === 'function');
  }

  /** The steps' names, in the order a call meets them. */
  describe(): string[] {
    return this.steps.map((s) => s.name);
  }

  /** Runs `call` through every step, then `terminal`. */
  run(call: ToolCall, terminal: NextInterceptor): Promise<ToolResult> {
    const steps = this.steps;
    const count = steps.length;
    if (count === 0) return terminal(call);
    // The rest of the chain for step i, made only when step i-1 is reached (a refusal makes no more).
    const at = (i: number): NextInterceptor => (i === count ? terminal : (c) => steps[i]!.intercept(c, at(i + 1)));
    return steps[0]!.intercept(call, at(1));
  }

  /**
   * Tells the steps of a call refused before the pipeline ran (see `Interceptor.refusedEarly`). A
   * step that throws is passed over: the caller's answer is the refusal whatever a step does.
   */
  refusedEarly(call: EarlyRefusal, result: ToolResult): void {
    for (const step of this.watchers) {
      try {
        step.refusedEarly!(call, result);
      } catch {
        // The contract says never throw; a step that does cannot change the refusal.
      }
    }
  }

  /** True when some step refuses every call to this tool (the specs leave it out). */
  hides(definition: ToolDef): boolean {
    for (const step of this.steps) if (step.hides?.(definition)) return true;
    return false;
  }

  /** True when some step wants to hear of calls refused before the pipeline. */
  get watchesRefusals(): boolean {
    return this.watchers.length > 0;
  }

  /** How many steps a call meets before the terminal. */
  get size(): number {
    return this.steps.length;
  }

  /** The same pipeline without the steps of `stage`. */
  without(stage: InterceptorStage): CallPipeline {
    return new CallPipeline(this.steps.filter((s) => (s.stage ?? 'user') !== stage));
  }

  /** A pipeline with `step` added in its stage, after the steps already there. */
  with(step: Interceptor): CallPipeline {
    return new CallPipeline([...this.steps, step]);
  }
}
