// Skills over MCP (the `io.modelcontextprotocol/skills` extension, SEP-2640): listing skills,
// getting one entry by URI, and reading a directory resource. Each is sent only when the server
// declared the extension (and `directoryRead` for directories, SKILL-1). Loading a skill, with its
// verification, is skill-verify.ts. The client imports this module on first use.
import { DIRECTORY_MIME_TYPE, SKILLS_EXTENSION, SkillMethods, type Resource, type Skill } from '../../protocol/index.js';
import { CapabilityMissingError } from '../errors/client-errors.js';
import { InvalidResultError } from '../errors/session-errors.js';
import { listAll, requestOptions, skillsSettings, type FeatureHost, type FeatureOptions } from './features.js';

export { DIRECTORY_MIME_TYPE };

function requireSkills(host: FeatureHost, method: string, setting?: 'directoryRead'): void {
  const settings = skillsSettings(host.capabilities(method));
  if (!settings || (setting && settings[setting] !== true))
    throw new CapabilityMissingError({ server: host.serverName, method, capability: `extensions["${SKILLS_EXTENSION}"]${setting ? `.${setting}` : ''}` });
}

/** Every skill the server lists (`skills/list`, every page). An empty listing proves nothing (SKILL-9). */
export async function listSkills(host: FeatureHost, options: FeatureOptions = {}): Promise<Skill[]> {
  requireSkills(host, SkillMethods.list);
  return listAll<Skill>(host, SkillMethods.list, 'skills', options, {});
}

/** The entry of one skill, by the URI of its `SKILL.md` (`skills/get`); an unknown URI is the server's -32602. */
export async function getSkill(host: FeatureHost, uri: string, options: FeatureOptions = {}): Promise<Skill> {
  requireSkills(host, SkillMethods.get);
  const result = await host.request<{ skill?: Skill }>(SkillMethods.get, { uri }, requestOptions(options));
  if (typeof result?.skill !== 'object' || result.skill === null)
    throw new InvalidResultError({ server: host.serverName, method: SkillMethods.get }, 'no "skill"');
  return result.skill;
}

/** The direct children of a directory resource (`resources/directory/read`, every page); subdirectories have mimeType `inode/directory`. */
export async function readResourceDirectory(host: FeatureHost, uri: string, options: FeatureOptions = {}): Promise<Resource[]> {
  requireSkills(host, SkillMethods.directoryRead, 'directoryRead');
  return listAll<Resource>(host, SkillMethods.directoryRead, 'resources', options, { uri });
}
