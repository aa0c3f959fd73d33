// The policy's one decision, pure: which rule (or the default) a tool falls under. Rules match the
// exposed name, the server and the tool's annotation hints, read with the spec's defaults.
import type { ToolAnnotations } from '../../../protocol/index.js';
import type { ToolDef } from '../../bridge/types.js';
import { globPattern } from '../../util/glob.js';
import { POLICY_HINTS, type PolicyAction, type PolicyDecision, type PolicyHint, type PolicyRule, type PolicySettings } from './types.js';

/** The values a policy decides by, for one tool: its hints as the spec says to read them. */
export type EffectiveHints = Record<PolicyHint, boolean>;

/**
 * A tool's hints with the spec's defaults filled in (ToolAnnotations in the MCP schema, 2025-03-26
 * onward: `readOnlyHint` "Default: false", `destructiveHint` "Default: true", `idempotentHint`
 * "Default: false", `openWorldHint` "Default: true"). `destructiveHint` and `idempotentHint` are
 * "meaningful only when `readOnlyHint == false`": a tool that "does not modify its environment"
 * destroys nothing and repeats without effect, so for it they read false and true. A value that is
 * not a boolean is no hint at all (servers are untrusted, TOOLS-4).
 */
export function effectiveHints(annotations: ToolAnnotations | undefined): EffectiveHints {
  const given = (key: PolicyHint): boolean | undefined => {
    const value = annotations?.[key];
    return typeof value === 'boolean' ? value : undefined;
  };
  const readOnlyHint = given('readOnlyHint') ?? false;
  return {
    readOnlyHint,
    destructiveHint: readOnlyHint ? false : (given('destructiveHint') ?? true),
    idempotentHint: readOnlyHint ? true : (given('idempotentHint') ?? false),
    openWorldHint: given('openWorldHint') ?? true,
  };
}

/** A rule with its globs compiled, ready to test many calls. */
interface CompiledRule {
  tools?: RegExp[];
  servers?: RegExp[];
  annotations?: Array<[PolicyHint, boolean]>;
  action: PolicyAction;
  reason?: string;
}

/** A policy compiled once: `decide` answers for one tool without allocating regexes. */
export class PolicyRules {
  private readonly rules: CompiledRule[];
  readonly defaultAction: PolicyAction;

  constructor(settings: PolicySettings) {
    this.defaultAction = settings.default ?? 'allow';
    this.rules = (settings.rules ?? []).map(compileRule);
  }

  /**
   * The action for a call to `def`. Native tools (no server) run in the host's own process and are
   * outside the policy: always `allow`.
   */
  decide(def: Pick<ToolDef, 'name' | 'server' | 'annotations'>): PolicyDecision {
    if (def.server === undefined) return { action: 'allow' };
    const server = def.server;
    let hints: EffectiveHints | undefined;
    for (let i = 0; i < this.rules.length; i++) {
      const rule = this.rules[i]!;
      if (rule.tools && !rule.tools.some((re) => re.test(def.name))) continue;
      if (rule.servers && !rule.servers.some((re) => re.test(server))) continue;
      if (rule.annotations) {
        hints ??= effectiveHints(def.annotations);
        const h = hints;
        if (!rule.annotations.every(([key, want]) => h[key] === want)) continue;
      }
      return { action: rule.action, rule: i, ...(rule.reason !== undefined ? { reason: rule.reason } : {}) };
    }
    return { action: this.defaultAction };
  }
}

function compileRule(rule: PolicyRule): CompiledRule {
  const out: CompiledRule = { action: rule.action };
  if (rule.tools) out.tools = rule.tools.map(globPattern);
  if (rule.servers) out.servers = rule.servers.map(globPattern);
  if (rule.annotations)
    out.annotations = POLICY_HINTS.flatMap((key) =>
      typeof rule.annotations![key] === 'boolean' ? [[key, rule.annotations![key]!] as [PolicyHint, boolean]] : [],
    );
  if (rule.reason !== undefined) out.reason = rule.reason;
  return out;
}
