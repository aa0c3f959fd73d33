// Wires the synthetic context tools (list_resources, read_resource, get_prompt, load_skill; see
// bridge/context-tools.ts) to one server handle: which ones apply, and how each is answered. A
// real tool of the same name always wins; read_resource only reads URIs the server offered.
import type { CallToolResult, Skill, Tool } from '../../protocol/index.js';
import type { LoadedSkill } from '../client/skill-load.js';
import { skillsSettings } from '../client/features.js';
import {
  checkResourceUri,
  contextError,
  contextToolDefs,
  GET_PROMPT,
  linkedUris,
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

/** Most resource-link URIs remembered per server (oldest forgotten first). */
const MAX_LINKED = 1000;

export class ContextTools {
  private readonly linked = new Set<string>();
  private active = new Set<string>();
  /** Skills loaded by load_skill, by SKILL.md uri: the held entries their files are read under (SKILL-7). */
  private readonly skills = new Map<string, LoadedSkill>();

  constructor(private readonly handle: ServerHandle) {}

  /** The synthetic tools to register next to `realTools` (those whose name is free). */
  defs(realTools: readonly Tool[]): Tool[] {
    const holds = this.handle.holds;
    const taken = new Set(realTools.map((t) => t.name));
    const capabilities = this.handle.liveClient?.serverCapabilities;
    // Skills are served as resources: opting a server's resources in offers its skills too.
    const skills = holds.resources && capabilities !== undefined && skillsSettings(capabilities) !== undefined;
    const defs = contextToolDefs(this.handle.name, {
      resources: holds.resources,
      prompts: holds.prompts ? this.handle.currentPrompts : undefined,
      skills,
    }).filter((t) => !taken.has(t.name));
    this.active = new Set(defs.map((t) => t.name));
    return defs;
  }

  /** Calls a tool of this server for the registry, whose pipeline already ran: a synthetic one here, a real one on the server. */
  call(name: string, args: Record<string, unknown>, context: CallContext): Promise<CallToolResult> {
    if (!this.active.has(name)) return this.handle.callChecked(name, args, context).then(this.remember);
    return this.callContext(name, args, context);
  }

  private async callContext(name: string, args: Record<string, unknown>, context: CallContext): Promise<CallToolResult> {
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

  // A field, not a method: one function for every call's `.then`, no closure per call.
  private readonly remember = (result: CallToolResult): CallToolResult => {
    for (const uri of linkedUris(result)) {
      this.linked.delete(uri);
      this.linked.add(uri);
      if (this.linked.size > MAX_LINKED) this.linked.delete(this.linked.values().next().value!);
    }
    return result;
  };
}
