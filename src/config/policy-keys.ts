// `tools.mcp.policy`: ordered allow/deny/confirm rules for tool calls, read with the same located
// errors as every other key. The rules' meaning lives in the call pipeline (src/pipeline/policy);
// this file only turns the file's text into checked data of the same shape.
import { closest } from '../util/did-you-mean.js';
import { FieldReader, type FieldContext } from './field-reader.js';
import { isObject, typeName } from './formats.js';
import type { DocPath } from './paths.js';

/** What a policy does with a call. */
export type PolicyActionConfig = 'allow' | 'deny' | 'confirm';

/** One rule of `tools.mcp.policy.rules`: every condition given must hold; the first rule that matches decides. */
export interface PolicyRuleConfig {
  /** Exposed tool names, `*` globs. */
  tools?: string[];
  /** Server names, `*` globs. */
  servers?: string[];
  /** Annotation hints the tool must have (a hint the server left out counts as the spec's default). */
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; openWorldHint?: boolean; idempotentHint?: boolean };
  action: PolicyActionConfig;
  reason?: string;
}

/** `tools.mcp.policy`: the same shape `createPolicy` takes, plus where it was written. */
export interface PolicyConfig {
  /** @defaultValue `'allow'` */
  default: PolicyActionConfig;
  rules: PolicyRuleConfig[];
  /** Keep denied tools in the specs (a call is still refused). @defaultValue `false` */
  showDenied: boolean;
}

export const POLICY_KEYS = ['default', 'rules', 'showDenied'] as const;
export const POLICY_RULE_KEYS = ['tools', 'servers', 'annotations', 'action', 'reason'] as const;
const HINT_KEYS = ['readOnlyHint', 'destructiveHint', 'openWorldHint', 'idempotentHint'] as const;
const ACTIONS: readonly string[] = ['allow', 'deny', 'confirm'];
/** Words other tools use for the three actions (by their first four letters), for the hint. */
const ACTION_WORDS: Readonly<Record<string, string>> = {
  allo: 'allow',
  perm: 'allow',
  deni: 'deny',
  bloc: 'deny',
  refu: 'deny',
  reje: 'deny',
  forb: 'deny',
  conf: 'confirm',
  ask: 'confirm',
  prom: 'confirm',
  appr: 'confirm',
};

/** Reads `policy` of `tools.mcp` (at `path`); undefined when absent. Problems go to ctx.issues. */
export function readPolicy(ctx: FieldContext, path: DocPath, mcp: Record<string, unknown>): PolicyConfig | undefined {
  const raw = mcp.policy;
  if (raw === undefined || raw === null) return undefined;
  const at: DocPath = [...path, 'policy'];
  const reader = new FieldReader(ctx, path, mcp, true);
  if (!isObject(raw)) {
    reader.fail(
      ['policy'],
      `policy must be a mapping, got ${typeName(raw)}`,
      'write policy: { default: allow, rules: [{ tools: ["fs_write_*"], action: confirm }] }',
    );
    return undefined;
  }
  unknownKeys(ctx, at, raw, POLICY_KEYS, 'tools.mcp.policy');
  const policy = new FieldReader(ctx, at, raw, true);
  const out: PolicyConfig = { default: action(policy, raw, 'default') ?? 'allow', rules: [], showDenied: policy.boolean('showDenied') ?? false };
  if (!policy.has('rules')) return out;
  if (!Array.isArray(raw.rules)) {
    policy.fail(['rules'], `rules must be a list, got ${typeName(raw.rules)}`, 'write one "- { tools: [...], action: deny }" per rule');
    return out;
  }
  raw.rules.forEach((entry, i) => {
    const ruleAt: DocPath = [...at, 'rules', i];
    if (!isObject(entry)) {
      policy.fail(['rules', i], `rules[${i}] must be a mapping, got ${typeName(entry)}`, 'e.g. - { tools: ["fs_write_*"], action: confirm }');
      return;
    }
    const rule = readRule(ctx, ruleAt, entry, i);
    if (rule) out.rules.push(rule);
  });
  return out;
}

function readRule(ctx: FieldContext, at: DocPath, raw: Record<string, unknown>, i: number): PolicyRuleConfig | undefined {
  unknownKeys(ctx, at, raw, POLICY_RULE_KEYS, `tools.mcp.policy.rules[${i}]`);
  const reader = new FieldReader(ctx, at, raw, true);
  const act = action(reader, raw, 'action');
  if (!reader.has('action')) reader.fail([], `rules[${i}] has no action`, 'add action: allow, deny or confirm');
  const rule: Partial<PolicyRuleConfig> = {};
  for (const key of ['tools', 'servers'] as const) if (reader.has(key)) rule[key] = reader.stringList(key, false);
  if (reader.has('annotations')) rule.annotations = readHints(ctx, [...at, 'annotations'], raw.annotations, reader);
  const reason = reader.rawString('reason');
  if (reason !== undefined) rule.reason = reason;
  if (act === undefined) return undefined;
  return { ...rule, action: act };
}

function readHints(ctx: FieldContext, at: DocPath, raw: unknown, parent: FieldReader): PolicyRuleConfig['annotations'] {
  if (!isObject(raw)) {
    parent.fail(['annotations'], `annotations must be a mapping, got ${typeName(raw)}`, 'e.g. annotations: { readOnlyHint: true }');
    return undefined;
  }
  unknownKeys(ctx, at, raw, HINT_KEYS, 'annotations (the hints a rule can match)');
  const reader = new FieldReader(ctx, at, raw, true);
  const out: NonNullable<PolicyRuleConfig['annotations']> = {};
  for (const key of HINT_KEYS) {
    const value = reader.boolean(key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function action(reader: FieldReader, raw: Record<string, unknown>, key: string): PolicyActionConfig | undefined {
  if (!reader.has(key)) return undefined;
  const value = raw[key];
  if (typeof value === 'string' && ACTIONS.includes(value)) return value as PolicyActionConfig;
  const guess = typeof value === 'string' ? (ACTION_WORDS[value.toLowerCase().slice(0, 4)] ?? closest(value, ACTIONS)) : undefined;
  reader.fail(
    [key],
    `${key} must be allow, deny or confirm, got ${typeof value === 'string' ? JSON.stringify(value) : typeName(value)}`,
    guess ? `did you mean "${guess}"?` : `write ${key}: allow, ${key}: deny or ${key}: confirm`,
    'value',
  );
  return undefined;
}

function unknownKeys(ctx: FieldContext, at: DocPath, raw: Record<string, unknown>, valid: readonly string[], where: string): void {
  for (const key of Object.keys(raw)) {
    if (valid.includes(key)) continue;
    const guess = closest(key, valid);
    ctx.issues.push({
      path: [...at, key],
      at: 'key',
      message: `unknown key "${key}" in ${where}`,
      hint: guess ? `did you mean "${guess}"?` : `valid keys: ${valid.join(', ')}`,
    });
  }
}
