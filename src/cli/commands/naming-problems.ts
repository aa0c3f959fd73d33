// Doctor's lines for tools not exposed under their own name: each renamed or dropped tool is a
// problem, with what the LLM sees and what to change to get a different outcome.
import type { NamingProblems } from '../../registry/types.js';

/** One problem line (with a `→` fix line) per renamed or dropped tool. */
export function namingProblemLines(naming: NamingProblems): string[] {
  const lines: string[] = [];
  for (const r of naming.renamed) {
    const who = r.server ?? 'native';
    const suffixed = r.changes.some((c) => c.startsWith('suffix '));
    const fix = suffixed
      ? `the LLM must call it "${r.exposed}"; to give both tools readable names, set a prefix on server "${who}" or leave one out with its tools filter`
      : `the LLM calls it "${r.exposed}" and mcp-bridge calls "${r.tool}"; set a prefix on server "${who}" to choose what it starts with`;
    lines.push(`${who}: tool "${r.tool}" is exposed as "${r.exposed}" (${r.changes.join('; ')})\n→ ${fix}`);
  }
  for (const d of naming.dropped) {
    const hint = typeof d.error?.context.hint === 'string' ? d.error.context.hint : 'give one of the servers a prefix';
    // The error message already ends with its hint in parentheses; the fix gets a line of its own.
    const message = d.error ? d.error.message.replace(` (${hint})`, '') : d.message;
    lines.push(`${d.server ?? 'native'}: ${message}\n→ ${hint}`);
  }
  return lines;
}
