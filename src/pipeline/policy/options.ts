// Options of createPolicy checked up front, so a typo in code fails at start-up with the option's
// path rather than silently matching nothing (the config file's keys are checked by src/config).
import { InvalidOptionsError } from '../../errors/options-errors.js';
import { POLICY_HINTS, type PolicyOptions } from './types.js';

const ACTIONS: readonly string[] = ['allow', 'deny', 'confirm'];
const RULE_KEYS: readonly string[] = ['tools', 'servers', 'annotations', 'action', 'reason'];

/** @throws InvalidOptionsError (`MCPB_INVALID_OPTIONS`) naming the first malformed option. */
export function checkPolicyOptions(options: PolicyOptions): void {
  const fail = (option: string, problem: string, hint: string): never => {
    throw new InvalidOptionsError({ option, where: 'createPolicy', problem, hint });
  };
  const action = (option: string, value: unknown) => {
    if (typeof value !== 'string' || !ACTIONS.includes(value))
      fail(option, `must be allow, deny or confirm, got ${JSON.stringify(value)}`, `e.g. ${option}: 'confirm'`);
  };
  if (options.default !== undefined) action('default', options.default);
  if (options.onConfirm !== undefined && typeof options.onConfirm !== 'function') fail('onConfirm', 'must be a function', 'onConfirm: (call) => true | false');
  if (options.rules === undefined) return;
  if (!Array.isArray(options.rules)) fail('rules', 'must be an array', "rules: [{ tools: ['fs_*'], action: 'allow' }]");
  options.rules.forEach((rule, i) => {
    const at = `rules[${i}]`;
    if (typeof rule !== 'object' || rule === null) fail(at, 'must be an object', `${at}: { action: 'allow' }`);
    for (const key of Object.keys(rule)) if (!RULE_KEYS.includes(key)) fail(`${at}.${key}`, 'is not a rule key', `a rule has ${RULE_KEYS.join(', ')}`);
    action(`${at}.action`, rule.action);
    for (const key of ['tools', 'servers'] as const) {
      const list = rule[key];
      if (list !== undefined && (!Array.isArray(list) || list.some((g) => typeof g !== 'string')))
        fail(`${at}.${key}`, 'must be an array of name globs', `${at}.${key}: ['fs_*']`);
    }
    if (rule.reason !== undefined && typeof rule.reason !== 'string') fail(`${at}.reason`, 'must be a string', `${at}.reason: 'writes need review'`);
    const hints = rule.annotations;
    if (hints === undefined) return;
    if (typeof hints !== 'object' || hints === null || Array.isArray(hints))
      fail(`${at}.annotations`, 'must be an object of hints', `${at}.annotations: { readOnlyHint: true }`);
    for (const [key, value] of Object.entries(hints)) {
      if (!(POLICY_HINTS as readonly string[]).includes(key))
        fail(`${at}.annotations.${key}`, 'is not a hint a rule can match', `the hints are ${POLICY_HINTS.join(', ')}`);
      if (typeof value !== 'boolean') fail(`${at}.annotations.${key}`, `must be true or false, got ${JSON.stringify(value)}`, `${at}.annotations.${key}: true`);
    }
  });
}
