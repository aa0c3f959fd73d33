// The policy's decision, pure: rule order (first match wins, the default otherwise), globs on
// exposed names and servers, and annotation hints read as the MCP spec says. The oracle for the
// hints is read from the official schemas in this repository (conformance/schemas/<revision>):
// each hint's "Default: true|false" and the "meaningful only when `readOnlyHint == false`" clause,
// never from src/ (TOOLS-4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PolicyRules, type PolicyRule } from '../../src/pipeline/policy/index.js';
import { schemasDir } from '../helpers/paths.js';

const HINTS = ['readOnlyHint', 'destructiveHint', 'openWorldHint', 'idempotentHint'] as const;
type Hint = (typeof HINTS)[number];

interface SpecHint {
  default: boolean;
  /** The spec says the hint means something only when readOnlyHint is false. */
  onlyWhenWritable: boolean;
}

/** Each hint's default and condition, as the schema's own descriptions state them. */
function specHints(revision: string): Record<Hint, SpecHint> {
  const schema = JSON.parse(readFileSync(join(schemasDir, revision, 'schema.json'), 'utf8'));
  const props = (schema.definitions ?? schema.$defs).ToolAnnotations.properties as Record<string, { description: string }>;
  const out = {} as Record<Hint, SpecHint>;
  for (const hint of HINTS) {
    const text = props[hint]!.description;
    const found = /Default: (true|false)/.exec(text);
    assert.ok(found, `${revision}: ${hint} states its default`);
    out[hint] = { default: found[1] === 'true', onlyWhenWritable: text.includes('meaningful only when `readOnlyHint == false`') };
  }
  return out;
}

/**
 * What a hint counts as for a tool: the server's boolean, else the spec's default. A hint that means
 * something only for a tool that modifies its environment is, for a read-only one ("does not modify
 * its environment"), the answer that describes such a tool: no destructive update (false), no
 * additional effect when repeated (true).
 */
function oracle(spec: Record<Hint, SpecHint>, annotations: Record<string, unknown>, hint: Hint): boolean {
  const read = (h: Hint) => (typeof annotations[h] === 'boolean' ? (annotations[h] as boolean) : spec[h].default);
  if (spec[hint].onlyWhenWritable && read('readOnlyHint')) return hint === 'idempotentHint';
  return read(hint);
}

const VALUES: unknown[] = [undefined, true, false, 'true'];

/** Every combination of the four hints, each absent, true, false or not a boolean (256 tools). */
function everyAnnotation(): Array<Record<string, unknown>> {
  let out: Array<Record<string, unknown>> = [{}];
  for (const hint of HINTS) out = out.flatMap((a) => VALUES.map((v) => (v === undefined ? { ...a } : { ...a, [hint]: v })));
  return out;
}

for (const revision of ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']) {
  test(`annotation rules match as the ${revision} schema reads each hint: defaults, and the readOnly condition (TOOLS-4)`, () => {
    const spec = specHints(revision);
    // The spec as this test understands it: a missing hint is the least safe reading.
    assert.deepEqual(Object.fromEntries(HINTS.map((h) => [h, spec[h].default])), {
      readOnlyHint: false,
      destructiveHint: true,
      openWorldHint: true,
      idempotentHint: false,
    });
    const annotations = everyAnnotation();
    assert.equal(annotations.length, 256);
    for (const hint of HINTS)
      for (const want of [true, false]) {
        const rules = new PolicyRules({ default: 'allow', rules: [{ annotations: { [hint]: want }, action: 'deny' }] });
        for (const a of annotations) {
          const decided = rules.decide({ name: 't', server: 's', annotations: a as never }).action;
          assert.equal(decided, oracle(spec, a, hint) === want ? 'deny' : 'allow', `${hint}: ${want} on ${JSON.stringify(a)}`);
        }
      }
  });
}

test('a tool with no annotations at all matches the least safe reading: writable, destructive, open-world, not idempotent', () => {
  const rules = new PolicyRules({
    default: 'deny',
    rules: [{ annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true, idempotentHint: false }, action: 'confirm', reason: 'r' }],
  });
  assert.deepEqual(rules.decide({ name: 'x', server: 's' }), { action: 'confirm', rule: 0, reason: 'r' });
  assert.deepEqual(rules.decide({ name: 'x', server: 's', annotations: { readOnlyHint: true } }), { action: 'deny' });
});

test('rules are tried in order, the first that matches decides, the default otherwise; no policy allows', () => {
  const rules: PolicyRule[] = [
    { tools: ['fs_read_*', 'fs_list_*'], action: 'allow' },
    { servers: ['fs'], action: 'confirm', reason: 'writes need a human' },
    { tools: ['fs_write_file'], action: 'deny' },
    { servers: ['git*'], tools: ['*_push'], action: 'deny', reason: 'never push' },
  ];
  const p = new PolicyRules({ default: 'deny', rules });
  assert.deepEqual(p.decide({ name: 'fs_read_text_file', server: 'fs' }), { action: 'allow', rule: 0 });
  // rules[2] would deny it, but rules[1] comes first.
  assert.deepEqual(p.decide({ name: 'fs_write_file', server: 'fs' }), { action: 'confirm', rule: 1, reason: 'writes need a human' });
  // Both conditions of a rule must hold: a server glob and a tool glob.
  assert.deepEqual(p.decide({ name: 'gh_push', server: 'github' }), { action: 'deny', rule: 3, reason: 'never push' });
  assert.deepEqual(p.decide({ name: 'gh_pull', server: 'github' }), { action: 'deny' });
  assert.deepEqual(p.decide({ name: 'gh_push', server: 'gitlab-x' }).rule, 3);
  assert.deepEqual(p.decide({ name: 'other_push', server: 'hg' }), { action: 'deny' });
  assert.deepEqual(new PolicyRules({}).decide({ name: 'anything', server: 's' }), { action: 'allow' });
  assert.deepEqual(new PolicyRules({ default: 'confirm' }).decide({ name: 'anything', server: 's' }), { action: 'confirm' });
});

test('globs: * is any run of characters (none included), everything else literal, the whole name must match', () => {
  const p = new PolicyRules({ rules: [{ tools: ['a.b*', '*-x', 'mid*dle', '(x)'], action: 'deny' }] });
  const action = (name: string) => p.decide({ name, server: 's' }).action;
  assert.equal(action('a.b'), 'deny');
  assert.equal(action('a.bcd'), 'deny');
  assert.equal(action('aXb'), 'allow', '. is a literal dot');
  assert.equal(action('y-x'), 'deny');
  assert.equal(action('y-xz'), 'allow');
  assert.equal(action('middle'), 'deny');
  assert.equal(action('mid_the_dle'), 'deny');
  assert.equal(action('(x)'), 'deny');
  assert.equal(action('x'), 'allow');
  // Exposed names are matched, so a rule on the original name of a prefixed tool does not match it.
  assert.equal(new PolicyRules({ rules: [{ tools: ['write_file'], action: 'deny' }] }).decide({ name: 'fs_write_file', server: 'fs' }).action, 'allow');
});

test('native tools (no server) are outside the policy, whatever the rules say', () => {
  const p = new PolicyRules({ default: 'deny', rules: [{ tools: ['*'], action: 'deny' }] });
  assert.deepEqual(p.decide({ name: 'read_result' }), { action: 'allow' });
});
