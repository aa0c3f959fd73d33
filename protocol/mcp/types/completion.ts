// Argument completion (completion/complete): suggestions for a prompt argument or a resource
// template variable.

/** What is being completed: a prompt (by name) or a resource template (by its URI template). */
export type CompleteReference = { type: 'ref/prompt'; name: string; [key: string]: unknown } | { type: 'ref/resource'; uri: string; [key: string]: unknown };

export interface CompleteArgument {
  name: string;
  /** What the user typed so far. */
  value: string;
}

/** Values already chosen for other arguments (2025-06-18+), so a completion can depend on them. */
export interface CompleteContext {
  arguments?: Record<string, string>;
}

export interface CompleteResult {
  completion: {
    /** At most 100 suggestions. */
    values: string[];
    total?: number;
    hasMore?: boolean;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}
