// Loading a skill and verifying what is read (Skills extension, SEP-2640): the entry is checked
// before anything is read (SKILL-3, SKILL-6), SKILL.md is read only now (SKILL-2) and verified against
// the entry's size, digest and frontmatter (SKILL-4, SKILL-5); supporting files are verified the same
// way (SKILL-7). Loaded on the first skill a client loads, not with the client.
import { entryProblem, formatDigest, frontmatterText, sameJson, type ResourceContents, type Skill, type SkillResource } from '../../protocol/index.js';
import { SkillVerificationError } from '../errors/client-errors.js';
import type { FeatureHost, FeatureOptions } from './features.js';
import { readResource, resourceBytes } from './resources.js';
import { getSkill } from './skills.js';

/** Options of `Client.loadSkill`. */
export interface LoadSkillOptions extends FeatureOptions {
  /** Load a skill whose entry publishes no digests (`resources: "dynamic"`); its content is then unverified. @defaultValue false */
  allowDynamic?: boolean;
}

/** A verified file of a loaded skill. */
export interface SkillFile {
  uri: string;
  mimeType?: string;
  /** The content as text (UTF-8), when it is text. */
  text?: string;
  /** The raw bytes, verified against the entry. */
  bytes: Uint8Array;
}

/**
 * Reads a skill's `SKILL.md` from its entry (from `listSkills`) or from the URI of its `SKILL.md`
 * alone (the entry is then fetched with `skills/get`, SKILL-9), and verifies it: the entry and the
 * verified text, from which the client makes its `LoadedSkill`.
 * @throws SkillVerificationError (`MCPB_SKILL_UNVERIFIED`) when the entry cannot be loaded or the content does not match it.
 */
export async function verifySkill(host: FeatureHost, skill: Skill | string, options: LoadSkillOptions = {}): Promise<{ entry: Skill; instructions: string }> {
  const entry = typeof skill === 'string' ? await getSkill(host, skill, options) : skill;
  const label = typeof entry?.uri === 'string' ? entry.uri : String(skill);
  const fail = (reason: string): never => {
    throw new SkillVerificationError({ server: host.serverName, skill: label }, reason);
  };
  const problem = entryProblem(entry);
  if (problem) fail(problem);
  if (entry.resources === 'dynamic' && !options.allowDynamic)
    fail('its entry publishes no digests ("resources": "dynamic"), so its content cannot be verified; pass allowDynamic to load it anyway');
  const listed = entry.resources === 'dynamic' ? undefined : entry.resources.find((r) => r.uri === entry.uri);
  const file = await readVerified(host, entry, entry.uri, listed, options);
  if (file.text === undefined) fail('its SKILL.md is not UTF-8 text');
  const yamlText = frontmatterText(file.text!);
  if (yamlText === undefined) fail('its SKILL.md does not begin with YAML frontmatter');
  let parsed: unknown;
  try {
    parsed = (await import('../config/load.js')).parseYaml(yamlText!);
  } catch (error) {
    fail(`the frontmatter of its SKILL.md is not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
  if (!sameJson(parsed, entry.frontmatter))
    fail(`the frontmatter of its SKILL.md differs from the entry's (${differingFields(parsed, entry.frontmatter).join(', ')})`);
  return { entry, instructions: file.text! };
}

/** Reads one file of a skill and checks it against the entry's listing of it. */
export async function readVerified(
  host: FeatureHost,
  entry: Skill,
  uri: string,
  listed: SkillResource | undefined,
  options: FeatureOptions,
): Promise<SkillFile> {
  const fail = (reason: string): never => {
    throw new SkillVerificationError({ server: host.serverName, skill: entry.uri, uri }, reason);
  };
  const read = await readResource(host, uri, options);
  const item: ResourceContents | undefined = read.contents.find((c) => c.uri === uri) ?? (read.contents.length === 1 ? read.contents[0] : undefined);
  if (!item) fail(`reading ${uri} returned no content for it`);
  const bytes = resourceBytes(item!);
  if (listed) {
    // SKILL-4: the size alone already fails a mismatch, before any hashing.
    if (bytes.byteLength !== listed.size) fail(`${uri} is ${bytes.byteLength} bytes, its entry says ${listed.size}`);
    const digest = formatDigest(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
    if (digest !== listed.digest) fail(`the SHA-256 of ${uri} is ${digest}, its entry says ${listed.digest}`);
  }
  let text: string | undefined;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = undefined;
  }
  return { uri, ...(item!.mimeType ? { mimeType: item!.mimeType } : {}), ...(text === undefined ? {} : { text }), bytes };
}

function differingFields(parsed: unknown, expected: Record<string, unknown>): string[] {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return ['not a mapping'];
  const got = parsed as Record<string, unknown>;
  const keys = new Set([...Object.keys(got), ...Object.keys(expected)]);
  return [...keys].filter((k) => !sameJson(got[k], expected[k])).map((k) => `"${k}"`);
}
