// The scanner's shapes: a finding, a rule, and the text of a tool definition as the rules read it.
import type { Tool } from '../../../protocol/index.js';

/** How bad a finding is: `high` blocks a tool under `scan: block` and makes `mcp-bridge scan` exit 1. */
export type ScanSeverity = 'high' | 'medium' | 'low';

/** The rules the scanner runs, by id. */
export type ScanRuleId =
  | 'hidden-instructions'
  | 'shadowing'
  | 'credential-access'
  | 'exfiltration'
  | 'invisible-unicode'
  | 'ansi-escape'
  | 'encoded-blob'
  | 'name-imitation';

/** One thing the scanner found in one tool definition. */
export interface ScanFinding {
  /** The configured server the tool comes from. */
  server: string;
  /** The tool's name as the server lists it. */
  tool: string;
  rule: ScanRuleId;
  severity: ScanSeverity;
  /** A short piece of the text that triggered the rule, with invisible characters spelled out and secret-looking values masked. */
  excerpt: string;
}

/** One piece of text of a definition, with where it sits (`description`, `inputSchema.properties.path.description`...). */
export interface ToolText {
  where: string;
  text: string;
  /** The piece is a name (the tool's, or a property's): separators read as spaces. */
  name?: boolean;
}

/** What a rule matched, before the scanner names the server and tool. */
export interface RuleHit {
  severity: ScanSeverity;
  /** The matched text, raw; the scanner cuts and masks it. */
  excerpt: string;
  /** Where in the definition, prefixed to the excerpt when it is not the description. */
  where?: string;
}

/** What a rule knows besides the tool itself. */
export interface ScanContext {
  server: string;
  /** The names of this server's own tools (a description may name them freely). */
  ownTools: ReadonlySet<string>;
  /** Tool names of the other servers scanned together, with the server of each. */
  otherTools: ReadonlyMap<string, string>;
  /**
   * `ownTools` lists every tool of the server. When it does not (one definition scanned alone, as
   * the pipeline step does), a name in a description may be a sibling's, so only the names of
   * `otherTools` count as another server's.
   */
  siblingsKnown: boolean;
}

/** One check over the text of a tool definition. */
export interface ScanRule {
  id: ScanRuleId;
  check(tool: Tool, texts: readonly ToolText[], context: ScanContext): RuleHit[];
}
