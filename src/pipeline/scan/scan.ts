// The scanner: every rule over every tool definition, one finding per tool and rule (the worst
// match, with its excerpt). Pure: the definitions come in, findings go out; nothing is started.
import type { Tool } from '../../../protocol/index.js';
import { printable } from './excerpt.js';
import { toolTexts } from './fields.js';
import { ansiEscape, invisibleUnicode } from './rules/characters.js';
import { credentialAccess } from './rules/credentials.js';
import { encodedBlob } from './rules/encoded.js';
import { exfiltration } from './rules/exfiltration.js';
import { nameImitation } from './rules/imitation.js';
import { hiddenInstructions } from './rules/instructions.js';
import { shadowing } from './rules/shadowing.js';
import type { RuleHit, ScanContext, ScanFinding, ScanRule, ScanSeverity } from './types.js';

/** Every rule, in the order findings are listed. */
export const SCAN_RULES: readonly ScanRule[] = [
  hiddenInstructions,
  shadowing,
  credentialAccess,
  exfiltration,
  invisibleUnicode,
  ansiEscape,
  encodedBlob,
  nameImitation,
];

const RANK: Record<ScanSeverity, number> = { high: 3, medium: 2, low: 1 };

/** The tools of one server, as scanned together with the others. */
export interface ScanTarget {
  server: string;
  tools: readonly Tool[];
}

/**
 * Scans one tool. `context` gives the server's other tools (naming them is fine) and the other
 * servers' tools (naming them with an order is shadowing; imitating their names is flagged).
 */
export function scanTool(tool: Tool, context: Partial<ScanContext> & { server: string }): ScanFinding[] {
  const full: ScanContext = {
    server: context.server,
    ownTools: context.ownTools ?? new Set([tool.name]),
    otherTools: context.otherTools ?? new Map(),
    siblingsKnown: context.siblingsKnown ?? context.ownTools !== undefined,
  };
  const texts = toolTexts(tool);
  const findings: ScanFinding[] = [];
  for (const rule of SCAN_RULES) {
    let worst: RuleHit | undefined;
    for (const hit of rule.check(tool, texts, full)) if (worst === undefined || RANK[hit.severity] > RANK[worst.severity]) worst = hit;
    if (worst === undefined) continue;
    const where = worst.where === undefined || worst.where === 'description' || worst.where === 'name' ? '' : `${worst.where}: `;
    findings.push({ server: context.server, tool: String(tool.name), rule: rule.id, severity: worst.severity, excerpt: printable(where + worst.excerpt) });
  }
  return findings;
}

/** Scans every tool of every server, each against the others' names. */
export function scanServers(targets: readonly ScanTarget[]): ScanFinding[] {
  const findings: ScanFinding[] = [];
  for (const target of targets) {
    const ownTools = new Set(target.tools.map((t) => t.name));
    const otherTools = new Map<string, string>();
    for (const other of targets)
      if (other.server !== target.server) for (const t of other.tools) if (!otherTools.has(t.name)) otherTools.set(t.name, other.server);
    for (const tool of target.tools) findings.push(...scanTool(tool, { server: target.server, ownTools, otherTools }));
  }
  return findings;
}

/** True when some finding is high (a tool blocked under `scan: block`; `mcp-bridge scan` exits 1). */
export function hasHighFinding(findings: readonly ScanFinding[]): boolean {
  return findings.some((f) => f.severity === 'high');
}
