// A loaded skill (Skills extension, SEP-2640): the host's one path from an entry to instructions in
// the model's context. Supporting files are read later, one by one, only if the held entry lists them,
// each verified (SKILL-7). Nothing unverified is ever handed out. The loading and the verification are
// skill-verify.ts, imported on first use so that a client that loads no skill does not compile them.
import type { Skill } from '../../protocol/index.js';
import { SkillVerificationError } from '../errors/client-errors.js';
import type { FeatureHost, FeatureOptions } from './features.js';
import type { SkillFile } from './skill-verify.js';

export type { LoadSkillOptions, SkillFile } from './skill-verify.js';

/** A skill whose `SKILL.md` was read and verified; its other files are read on demand with {@link LoadedSkill.readFile}. */
export class LoadedSkill {
  constructor(
    private readonly host: FeatureHost,
    /** The entry the skill was loaded from, held while acting on it (SKILL-7). */
    readonly entry: Skill,
    /** The `SKILL.md` text (frontmatter and body), verified. */
    readonly instructions: string,
  ) {}

  /** The configured name of the server it came from: with `entry.uri`, the skill's identity (SKILL-8). */
  get server(): string | undefined {
    return this.host.serverName;
  }
  get name(): string {
    return this.entry.frontmatter.name;
  }
  /** False for a `"dynamic"` skill: nothing of it could be verified. */
  get verified(): boolean {
    return this.entry.resources !== 'dynamic';
  }
  /** The skill's root: the `SKILL.md` URI without `/SKILL.md`. */
  get root(): string {
    return this.entry.uri.slice(0, -'/SKILL.md'.length);
  }
  /** The URIs of the skill's other files, as its entry lists them (empty for a dynamic skill). */
  get files(): string[] {
    return this.entry.resources === 'dynamic' ? [] : this.entry.resources.map((r) => r.uri).filter((u) => u !== this.entry.uri);
  }

  /**
   * Reads one file of the skill by URI or by a path relative to its root (`references/FORMS.md`).
   * @throws SkillVerificationError for a file the entry does not list, or content that does not match it.
   */
  async readFile(pathOrUri: string, options: FeatureOptions = {}): Promise<SkillFile> {
    const uri = pathOrUri.includes('://') ? pathOrUri : `${this.root}/${pathOrUri.replace(/^\.?\//, '')}`;
    const listed = this.entry.resources === 'dynamic' ? undefined : this.entry.resources.find((r) => r.uri === uri);
    if (this.entry.resources !== 'dynamic' && !listed) this.fail(`${uri} is not one of the files its entry lists`, uri);
    if (!uri.startsWith(`${this.root}/`)) this.fail(`${uri} is outside the skill's directory ${this.root}`, uri);
    const { readVerified } = await import('./skill-verify.js');
    return readVerified(this.host, this.entry, uri, listed, options);
  }

  private fail(reason: string, uri?: string): never {
    throw new SkillVerificationError({ server: this.host.serverName, skill: this.entry.uri, uri }, reason);
  }
}
