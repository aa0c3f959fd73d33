// How the registry runs a call once it is valid: the pipeline of the options' steps with the result
// budget as its last one (past it, a result too long for the model reaches it as a head and a
// handle for `read_result`), which of the registry's own tools skip the pipeline, and the steps
// of a call made outside the registry. Built once per
// registry; every call through the registry passes the budget step, so that step adds one reaction
// on the call's promise and no async frame.
import type { ToolResult } from '../bridge/types.js';
import { CallPipeline } from '../pipeline/chain.js';
import type { Interceptor } from '../pipeline/types.js';
import type { ExecutePlan } from './execute.js';
import { resultBudget, type ResultBudgetSettings } from './result-budget.js';
import type { ResultStore } from './result-store.js';
import type { ToolTable } from './tool-table.js';
import type { RegistryOptions } from './types.js';

/** The result budget in force: the reading tool's name, one result's budget in characters, and the store's settings. */
export interface BudgetInForce {
  toolName: string;
  budgetChars: number;
  settings: ResultBudgetSettings;
}

/** The result budget of a registry built with `options` (none with `results: false`). */
export function budgetInForce(options: RegistryOptions): BudgetInForce | undefined {
  if (options.results === false) return undefined;
  return { ...resultBudget(options.results ?? {}), settings: options.results ?? {} };
}

/**
 * The plan of a new registry: the options' steps, then the result budget's; the reading tool and the
 * search tool (`searchTool`, with tool search on) go straight to their handlers.
 */
export function callPlan(options: RegistryOptions, table: ToolTable, results: BudgetInForce | undefined, searchTool: string | undefined): ExecutePlan {
  const steps = [...(options.interceptors ?? []), ...(results ? [budgetStep(results, table, options)] : [])];
  return {
    pipeline: new CallPipeline(steps),
    uncut: results !== undefined,
    direct: (name) => name === results?.toolName || name === searchTool,
  };
}

/**
 * The steps of a call made outside the registry (a server handle used directly): the plan's less
 * the result budget, which only shapes a model's text. Kept with the pipeline they came from, and
 * made again only when `use()` changed it.
 */
export function withoutBudget(
  from: CallPipeline,
  kept: { from: CallPipeline; pipeline: CallPipeline } | undefined,
): { from: CallPipeline; pipeline: CallPipeline } {
  return kept?.from === from ? kept : { from, pipeline: from.without('budget') };
}

/** The result budget as the pipeline's last step. The store of oversized results, kept for `read_result`, is loaded by the first one. */
function budgetStep(results: BudgetInForce, table: ToolTable, options: RegistryOptions): Interceptor {
  let store: Promise<ResultStore> | undefined;
  return {
    name: 'result-budget',
    stage: 'budget',
    // One reaction on the call's promise rather than an async frame: every call passes this step.
    intercept: (call, next) => {
      let sent: Promise<ToolResult>;
      try {
        sent = next(call);
      } catch (error) {
        return Promise.reject(error);
      }
      return sent.then((result) => {
        const budget = table.entries.get(call.name)?.textBudget ?? options.textBudget ?? results.budgetChars;
        // Nearly every result fits: the store's code is compiled with the first one that does not.
        if (result.text.length <= budget || call.name === results.toolName) return result;
        return (store ??= import('./result-store.js').then((m) => new m.ResultStore(results.settings))).then((kept) => {
          const cut = kept.budget(result, call.name, budget);
          // The reading tool appears with the first result it can read, at the end of the specs.
          if (cut.handle && !table.entries.has(kept.toolName)) table.registerNative(kept.readTool());
          return cut;
        });
      });
    },
  };
}
