// The shapes of a tool-call policy: ordered rules on exposed names, servers and annotation hints,
// each allowing, denying or asking for confirmation, and the hook that does the asking.
import type { CallContext } from '../types.js';

/** What a policy does with a call: run it, refuse it, or run it only once the user confirms. */
export type PolicyAction = 'allow' | 'deny' | 'confirm';

/** The four annotation hints of the MCP spec's `ToolAnnotations` a rule may match on. */
export const POLICY_HINTS = ['readOnlyHint', 'destructiveHint', 'openWorldHint', 'idempotentHint'] as const;
/** One of {@link POLICY_HINTS}. */
export type PolicyHint = (typeof POLICY_HINTS)[number];

/**
 * One rule. It matches a call when every condition it gives matches (a rule with none matches every
 * call); the first rule that matches decides.
 */
export interface PolicyRule {
  /** Exposed tool names (`*` matches any run of characters); any of them. */
  tools?: readonly string[];
  /** Configured server names (`*` globs); any of them. */
  servers?: readonly string[];
  /**
   * Annotation hints the tool must have. A hint the server left out counts as the spec's default
   * (`readOnlyHint` false, `destructiveHint` true, `openWorldHint` true, `idempotentHint` false);
   * for a read-only tool `destructiveHint` counts as false and `idempotentHint` as true, since the
   * spec gives those two meaning only when `readOnlyHint` is false. Hints are the server's claims:
   * a rule trusting them is the config's choice.
   */
  annotations?: Partial<Record<PolicyHint, boolean>>;
  action: PolicyAction;
  /** Said in the refusal and handed to `onConfirm`, e.g. "writes need a human". */
  reason?: string;
}

/** What decided a call: the action, and the rule (its index) or the default. */
export interface PolicyDecision {
  action: PolicyAction;
  /** Index of the rule that matched in `rules`; absent when the default decided. */
  rule?: number;
  /** The rule's `reason`, when it gives one. */
  reason?: string;
}

/**
 * Asks the user whether a call may run: `true` runs it, anything else refuses it (nothing is sent).
 * A rejection refuses it too. `decision` says which rule asked; `call.context.signal` fires when
 * the caller gives up, after which the answer is ignored.
 */
export type ConfirmHandler = NonNullable<CallContext['onConfirm']>;

/** `tools.mcp.policy`: the rules, as a config file or code gives them. */
export interface PolicySettings {
  /** What happens to a call no rule matches. @defaultValue `'allow'` */
  default?: PolicyAction;
  /** Tried in order; the first that matches decides. */
  rules?: readonly PolicyRule[];
  /** Keep denied tools in the specs, `list()` and tool search (a call is still refused). @defaultValue `false` */
  showDenied?: boolean;
}

/** Options of {@link createPolicy}. */
export interface PolicyOptions extends PolicySettings {
  /**
   * Asked for every call a `confirm` rule (or default) catches. Without one (here or on the
   * Registry or Manager), such calls are refused: a policy fails closed.
   */
  onConfirm?: ConfirmHandler;
  /** Where the rules were written, for the refusal's hint (e.g. `tools.mcp.policy in ./mcp-bridge.yaml`). @defaultValue `'the policy'` */
  source?: string;
}
