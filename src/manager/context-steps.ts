// The context tools of one server that opts into resources or prompts (see context-tools.ts, which
// imports this module for such a server): their definitions, and the answers to their calls.
import type { CallToolResult, Skill, Tool } from '../../protocol/index.js';
import type { LoadedSkill } from '../client/skill-load.js';
import { skillsSettings } from '../client/features.js';
import {
  checkResourceUri,
  contextError,
  contextToolDefs,
  GET_PROMPT,
  listingResult,
  LIST_RESOURCES,
  LOAD_SKILL,
  promptResult,
  READ_RESOURCE,
  readResult,
  skillListingResult,
  skillResult,
} from '../bridge/context-tools.js';
import type { CallContext } from '../registry/types.js';
import type { ServerHandle } from './server-handle.js';

export class ContextSteps {
  /** Skills loaded by load_skill, by SKILL.md uri: the held entries their files are read under (SKILL-7). */
  private readonly skills = new Map<string, LoadedSkill>();

  constructor(
    private readonly handle: ServerHandle,
    /** The resource-link URIs the server's tool results named (kept by the ContextTools). */
    private readonly linked: ReadonlySet<string>,
  ) {}

  /** The synthetic tools to register next to `realTools` (those whose name is free). */
  defs(realTools: readonly Tool[]): Tool[] {
    const holds = this.handle.holds;
    const taken = new Set(realTools.map((t) => t.name));
    const capabilities = this.handle.liveClient?.serverCapabilities;
    // Skills are served as resources: opting a server's resources in offers its skills too.
    const skills = holds.resources && capabilities !== undefined && skillsSettings(capabilities) !== undefined;
    return contextToolDefs(this.handle.name, {
      resources: holds.resources,
      prompts: holds.prompts ? this.handle.currentPrompts : undefined,
      skills,
    }).filter((t) => !taken.has(t.name));
  }

  async call(name: string, args: Record<string, unknown>, context: CallContext): Promise<CallToolResult> {
    // The server's own timeout is the client's default (applied once, in ServerHandle.launch).
    const options = { signal: context.signal, timeoutMs: context.timeoutMs };
    // A lazy or idle-stopped server starts first, as for its own tools.
    await this.handle.awake();
    const client = this.handle.readyClient();
    if (name === LIST_RESOURCES) return listingResult(this.handle.currentResources, this.handle.currentResourceTemplates);
    if (name === READ_RESOURCE) {
      const uri = String(args.uri);
      const problem = checkResourceUri(this.handle.name, uri, {
        resources: this.handle.currentResources,
        resourceTemplates: this.handle.currentResourceTemplates,
        linked: this.linked,
      });
      if (problem) return contextError(problem);
      return this.handle.redactContent(readResult(await client.readResource(uri, options)));
    }
    if (name === GET_PROMPT) {
      const promptName = String(args.name);
      const prompt = this.handle.currentPrompts.find((p) => p.name === promptName);
      if (!prompt)
        return contextError(`server "${this.handle.name}" has no prompt "${promptName}"; it has: ${this.handle.currentPrompts.map((p) => p.name).join(', ')}`);
      const values = (args.arguments ?? {}) as Record<string, string>;
      const missing = (prompt.arguments ?? []).filter((a) => a.required && values[a.name] === undefined).map((a) => a.name);
      if (missing.length > 0) return contextError(`prompt "${promptName}" needs the argument${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
      return this.handle.redactContent(promptResult(promptName, await client.getPrompt(promptName, values, options)));
    }
    if (name === LOAD_SKILL) return this.loadSkill(args, options);
    return contextError(`unknown context tool ${name}`);
  }

  // SKILL-2: nothing is read until the model asks for a skill; the listing is entries only.
  private async loadSkill(args: Record<string, unknown>, options: { signal?: AbortSignal; timeoutMs?: number }): Promise<CallToolResult> {
    const client = this.handle.readyClient();
    const server = this.handle.name;
    if (typeof args.skill !== 'string' || args.skill === '') return skillListingResult(server, await client.listSkills(options));
    const wanted = args.skill;
    let loaded = [...this.skills.values()].find((s) => s.entry.uri === wanted || s.name === wanted);
    try {
      if (!loaded) {
        let entry: Skill | string | undefined = wanted.includes('://') ? wanted : undefined;
        if (!entry) {
          const named = (await client.listSkills(options)).filter((s) => s.frontmatter.name === wanted);
          if (named.length > 1)
            return contextError(`server "${server}" has ${named.length} skills named "${wanted}"; name one by uri: ${named.map((s) => s.uri).join(', ')}`);
          if (named.length === 0) return contextError(`server "${server}" lists no skill "${wanted}"; call ${LOAD_SKILL} with no arguments to list them`);
          entry = named[0]!;
        }
        loaded = await client.loadSkill(entry, options);
        this.skills.set(loaded.entry.uri, loaded);
      }
      const identity = { name: loaded.name, uri: loaded.entry.uri, verified: loaded.verified };
      if (typeof args.file !== 'string' || args.file === '') return this.handle.redactContent(skillResult(server, identity, loaded.instructions));
      const file = await loaded.readFile(args.file, options);
      if (file.text === undefined) return contextError(`${file.uri} is binary (${file.bytes.byteLength} bytes); it cannot be shown as text`);
      return this.handle.redactContent(skillResult(server, identity, file.text, args.file));
    } catch (error) {
      const e = error as { code?: string; message?: string };
      if (e.code === 'MCPB_SKILL_UNVERIFIED') return contextError(e.message ?? String(error));
      throw error;
    }
  }
}
