// Document paths: segments as data, the printed form (`tools.mcp.servers[2].command`), and the
// locator interface the pure validator uses to ask the parser where a path is in the source.

/** One step into the document: a mapping key or a sequence index. */
export type Segment = string | number;
/** A path from the document root. */
export type DocPath = readonly Segment[];

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** Prints a path the way users read it: `tools.mcp.servers[2].command`, `mcpServers["my server"]`. */
export function formatPath(path: DocPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (PLAIN_KEY.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** A 1-based source position. */
export interface Position {
  line: number;
  column: number;
}

/** Answers "where is this path in the source?" for the validator, which never sees the parser. */
export interface Locator {
  /**
   * Position of the value at `path`, or of its key when `at` is `'key'`. Falls back to the nearest
   * ancestor that exists, so a missing key points at the mapping that lacks it.
   */
  position(path: DocPath, at?: 'key' | 'value'): Position | undefined;
  /** The source text of a scalar (e.g. `1.0` where the parsed value is `1`), when known. */
  scalarSource(path: DocPath): string | undefined;
}

/** A locator that knows nothing, for values that did not come from a file. */
export const NO_LOCATOR: Locator = { position: () => undefined, scalarSource: () => undefined };
