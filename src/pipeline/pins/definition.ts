// What of a tool is pinned: the fields the model reads or the call depends on (name, title,
// description, input and output schemas, annotations), and their hash. Icons, `_meta` and
// `execution` are left out: they change nothing the model is told or what a call sends.
import type { JsonSchema, Tool, ToolAnnotations } from '../../../protocol/index.js';
import { redactValue, type Redact } from '../../../protocol/redact.js';
import { canonicalJson } from '../../util/canonical-json.js';

/** The pinned fields of one tool, as the lock file keeps them. */
export interface PinnedFields {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
}

/** Deep enough for the schemas real servers send (the catalogue's deepest is 12 levels). */
const REDACT_DEPTH = 64;

/**
 * The pinned fields of `tool`. With `redact`, every string in them is masked first, so a server
 * that echoes a configured secret into a definition never puts it in the lock file (the hash is
 * of the masked form too, on both sides of the comparison).
 */
export function pinnedFields(tool: Tool, redact?: Redact): PinnedFields {
  const fields: PinnedFields = { name: tool.name, inputSchema: tool.inputSchema };
  if (tool.title !== undefined) fields.title = tool.title;
  if (tool.description !== undefined) fields.description = tool.description;
  if (tool.outputSchema !== undefined) fields.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) fields.annotations = tool.annotations;
  return redact ? redactValue(fields, redact, REDACT_DEPTH) : fields;
}

/** `sha256:` and the hex SHA-256 of the RFC 8785 form of `fields`. */
export function pinHash(fields: PinnedFields): string {
  // node:crypto, not the small plain-JS digest of src/util: pinning hashes whole schemas, hundreds
  // of them at a start, where native code is ten times faster than its one-off load costs.
  return `sha256:${process.getBuiltinModule('node:crypto').createHash('sha256').update(canonicalJson(fields), 'utf8').digest('hex')}`;
}
