// The result budget's settings as the registry needs them before any result is cut: the reading
// tool's name and the budget in characters. The store itself (result-store.ts), with the heads and
// the reading tool, is imported with the first result over the budget.

/** How results are budgeted ({@link RegistryOptions.results}). */
export interface ResultBudgetSettings {
  /** Most tokens of one result the model sees (about 4 characters a token). @defaultValue 25_000 */
  maxResultTokens?: number;
  /** Most characters kept over all stored results. @defaultValue 64 Mi */
  maxStoredChars?: number;
  /** Most results kept. @defaultValue 100 */
  maxStoredResults?: number;
  /** The reading tool's exposed name. @defaultValue `read_result` */
  readToolName?: string;
}

const CHARS_PER_TOKEN = 4;
const DEFAULT_MAX_TOKENS = 25_000;

/** The reading tool's exposed name and the budget of one result in characters. */
export function resultBudget(settings: ResultBudgetSettings): { toolName: string; budgetChars: number } {
  return {
    toolName: settings.readToolName ?? 'read_result',
    budgetChars: Math.max(1, Math.floor((settings.maxResultTokens ?? DEFAULT_MAX_TOKENS) * CHARS_PER_TOKEN)),
  };
}
