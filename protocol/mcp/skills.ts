// Skills over MCP (the `io.modelcontextprotocol/skills` extension, SEP-2640), the pure half: the
// wire shapes of skill entries, the method names, the per-skill limits, the checks an entry must
// pass before anything of it is read, and the comparisons that verify what was read (SKILL-1..9).

/** The extension's id in `capabilities.extensions`. */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** The extension's methods. */
export const SkillMethods = {
  list: 'skills/list',
  get: 'skills/get',
  directoryRead: 'resources/directory/read',
} as const;

/** The mimeType of a directory resource. */
export const DIRECTORY_MIME_TYPE = 'inode/directory';

/** SKILL-6: what every host must accept; a skill past either limit is declined before any read. */
export const SKILL_LIMITS = Object.freeze({ resources: 512, totalBytes: 16 * 1024 * 1024 });

/** One file of a skill: its URI, the SHA-256 of its raw bytes (`sha256:` + 64 lowercase hex) and their count. */
export interface SkillResource {
  uri: string;
  digest: string;
  size: number;
}

/** A skill's entry, as `skills/list` and `skills/get` return it. */
export interface Skill {
  /** The URI of the skill's `SKILL.md`. */
  uri: string;
  /** The `SKILL.md` frontmatter, verbatim as JSON (`name` and `description` always present). */
  frontmatter: { name: string; description: string; [key: string]: unknown };
  /** Every file of the skill, or `"dynamic"` when the server cannot publish stable digests. */
  resources: SkillResource[] | 'dynamic';
  [key: string]: unknown;
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** Why an entry cannot be loaded (SKILL-3, SKILL-6), or undefined when it can. */
export function entryProblem(entry: unknown): string | undefined {
  const e = entry as Partial<Skill> | null;
  if (typeof e !== 'object' || e === null || typeof e.uri !== 'string') return 'the entry has no uri';
  const fm = e.frontmatter;
  if (typeof fm !== 'object' || fm === null || typeof fm.name !== 'string' || typeof fm.description !== 'string')
    return 'the entry has no frontmatter with a name and a description';
  if (!e.uri.endsWith('/SKILL.md')) return `the entry's uri ${e.uri} does not end in /SKILL.md`;
  const segments = e.uri.slice(0, -'/SKILL.md'.length).split('/');
  if (segments[segments.length - 1] !== fm.name) return `the last segment of ${e.uri} is not the skill's name "${fm.name}"`;
  if (e.resources === 'dynamic') return undefined;
  if (!Array.isArray(e.resources)) return 'its "resources" is neither a list nor "dynamic"';
  if (e.resources.length > SKILL_LIMITS.resources) return `it lists ${e.resources.length} files, more than the ${SKILL_LIMITS.resources} a host must accept`;
  let total = 0;
  for (const r of e.resources) {
    if (typeof r?.uri !== 'string' || typeof r.digest !== 'string' || !DIGEST.test(r.digest) || !Number.isSafeInteger(r.size) || r.size < 0)
      return `a file entry is malformed (${JSON.stringify(r)?.slice(0, 200)})`;
    total += r.size;
  }
  if (total > SKILL_LIMITS.totalBytes) return `its files add up to ${total} bytes, more than the ${SKILL_LIMITS.totalBytes} a host must accept`;
  if (!e.resources.some((r) => r.uri === e.uri)) return 'its file list does not include its SKILL.md';
  return undefined;
}

/** The YAML text between the opening `---` line and the next `---` line, or undefined when there is none. */
export function frontmatterText(skillMd: string): string | undefined {
  const text = skillMd.startsWith('\uFEFF') ? skillMd.slice(1) : skillMd;
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return undefined;
  const close = /^---[ \t]*$/m;
  const rest = text.slice(open[0].length);
  const m = close.exec(rest);
  return m ? rest.slice(0, m.index) : undefined;
}

/** Deep equality of two JSON values, object key order ignored (SKILL-5's field-by-field comparison). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((v, i) => sameJson(v, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The `sha256:<hex>` form of a digest's bytes. */
export function formatDigest(bytes: Uint8Array): string {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return `sha256:${hex}`;
}
