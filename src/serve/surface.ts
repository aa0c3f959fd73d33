// The resources, resource templates and prompts of every backend as one surface, and the tables that
// route a read, a prompt or a completion back to the backend that owns it.
// Naming rules (docs/serve.md says the same):
// - resource URIs are served as the backends list them; the first server in config order that lists
//   a URI (or a template string) owns it, a later duplicate is left out and logged;
// - a URI no listing names goes to the first backend, in config order, with a template it matches;
// - prompts are exposed as `<prefix><name>` with the server's tool prefix; a name already taken
//   becomes `<server>_<name>`; one still taken is left out and logged.
import {
  ErrorCodes,
  matchUriTemplate,
  type CompleteArgument,
  type CompleteContext,
  type CompleteReference,
  type CompleteResult,
  type GetPromptResult,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
} from '../../protocol/index.js';
import type { Client } from '../client/client.js';
import type { Logger } from '../log.js';
import type { Manager } from '../manager/manager.js';
import type { ProfileFilter } from './profile.js';
import { RpcError } from './rpc-error.js';

interface Owned<T> {
  server: string;
  item: T;
}

interface ExposedPrompt {
  server: string;
  name: string;
  prompt: Prompt;
}

/** One consistent view of what the backends offer, rebuilt after a change. */
interface Snapshot {
  resources: Owned<Resource>[];
  templates: Owned<ResourceTemplate>[];
  uriOwner: Map<string, string>;
  templateOwner: Map<string, string>;
  prompts: Map<string, ExposedPrompt>;
}

export class Surface {
  private current?: Promise<Snapshot>;
  /** `server uri` pairs the gateway subscribed to at a backend (kept for the backend's life; never unsubscribed for one host). */
  private readonly subscribed = new Set<string>();

  constructor(
    private readonly manager: Manager,
    private readonly filter: ProfileFilter,
    private readonly logger: Logger,
  ) {}

  /** Forgets the lists: the next request lists the backends again. */
  invalidate(): void {
    this.current = undefined;
  }

  async listResources(): Promise<Resource[]> {
    return (await this.snapshot()).resources.map((o) => o.item);
  }

  async listResourceTemplates(): Promise<ResourceTemplate[]> {
    return (await this.snapshot()).templates.map((o) => o.item);
  }

  /** Reads `uri` from its owner. @throws RpcError `-32002` when no backend owns it. */
  async readResource(uri: string, signal?: AbortSignal): Promise<ReadResourceResult> {
    const snap = await this.snapshot();
    let server = snap.uriOwner.get(uri) ?? templateOwnerOf(snap, uri);
    if (server === undefined) {
      // A resource added since the last listing: list once more before saying no.
      this.invalidate();
      const fresh = await this.snapshot();
      server = fresh.uriOwner.get(uri) ?? templateOwnerOf(fresh, uri);
    }
    if (server === undefined)
      throw new RpcError(ErrorCodes.ResourceNotFound, `Resource not found: ${uri} (no server behind the gateway lists it or has a template that matches it)`, {
        uri,
      });
    return this.clientOf(server).readResource(uri, { signal });
  }

  /**
   * Subscribes the gateway to `uri` at its owner, when the owner offers subscriptions; its updates
   * then arrive as the gateway's `resourceUpdated` events. A URI no backend owns, or whose owner has
   * no subscriptions, is accepted as it is (it will simply never be reported changed).
   */
  async subscribe(uri: string, signal?: AbortSignal): Promise<void> {
    const snap = await this.snapshot();
    const server = snap.uriOwner.get(uri) ?? templateOwnerOf(snap, uri);
    if (server === undefined) return;
    const client = this.clientOf(server);
    if (!client.serverCapabilities?.resources?.subscribe) return;
    if (this.subscribed.has(`${server} ${uri}`)) return;
    await client.subscribeResource(uri, { signal });
    this.subscribed.add(`${server} ${uri}`);
  }

  async listPrompts(): Promise<Prompt[]> {
    return [...(await this.snapshot()).prompts.entries()].map(([name, p]) => ({ ...p.prompt, name }));
  }

  /** Fills in a prompt at its owner under its original name. @throws RpcError `-32602` for an unknown name. */
  async getPrompt(name: string, args: Record<string, string> | undefined, signal?: AbortSignal): Promise<GetPromptResult> {
    const exposed = await this.promptNamed(name);
    return this.clientOf(exposed.server).getPrompt(exposed.name, args, { signal });
  }

  /** Completion at the owner of the prompt or template. */
  async complete(ref: CompleteReference, argument: CompleteArgument, context: CompleteContext | undefined, signal?: AbortSignal): Promise<CompleteResult> {
    if (ref.type === 'ref/prompt') {
      const exposed = await this.promptNamed(ref.name);
      return { completion: await this.clientOf(exposed.server).complete({ ...ref, name: exposed.name }, argument, context, { signal }) };
    }
    if (ref.type === 'ref/resource') {
      const snap = await this.snapshot();
      const server = snap.templateOwner.get(ref.uri) ?? snap.uriOwner.get(ref.uri);
      if (server === undefined) throw new RpcError(ErrorCodes.InvalidParams, `No server behind the gateway has the resource template ${ref.uri}`);
      return { completion: await this.clientOf(server).complete(ref, argument, context, { signal }) };
    }
    throw new RpcError(ErrorCodes.InvalidParams, `Unknown completion reference type ${JSON.stringify((ref as { type?: unknown }).type)}`);
  }

  private async promptNamed(name: string): Promise<ExposedPrompt> {
    let exposed = (await this.snapshot()).prompts.get(name);
    if (!exposed) {
      this.invalidate();
      exposed = (await this.snapshot()).prompts.get(name);
    }
    if (!exposed) throw new RpcError(ErrorCodes.InvalidParams, `Unknown prompt: ${name}`);
    return exposed;
  }

  private clientOf(server: string): Client {
    return this.manager.server(server).readyClient();
  }

  private snapshot(): Promise<Snapshot> {
    const current = (this.current ??= this.build());
    // A failed build is not kept: the next request tries again.
    current.catch(() => {
      if (this.current === current) this.current = undefined;
    });
    return current;
  }

  private async build(): Promise<Snapshot> {
    const backends = this.manager.serverNames.filter((name) => this.filter.server(name));
    const listed = await Promise.all(backends.map((server) => this.listBackend(server)));
    const snap: Snapshot = { resources: [], templates: [], uriOwner: new Map(), templateOwner: new Map(), prompts: new Map() };
    for (const { server, resources, templates, prompts } of listed) {
      for (const resource of resources) {
        const owner = snap.uriOwner.get(resource.uri);
        if (owner !== undefined) {
          this.logger.warn(`resource ${resource.uri} of "${server}" is left out: "${owner}" lists the same URI first`, { server });
          continue;
        }
        snap.uriOwner.set(resource.uri, server);
        snap.resources.push({ server, item: resource });
      }
      for (const template of templates) {
        const owner = snap.templateOwner.get(template.uriTemplate);
        if (owner !== undefined) {
          this.logger.warn(`resource template ${template.uriTemplate} of "${server}" is left out: "${owner}" has the same template first`, { server });
          continue;
        }
        snap.templateOwner.set(template.uriTemplate, server);
        snap.templates.push({ server, item: template });
      }
      const prefix = this.manager.server(server).config.prefix;
      for (const prompt of prompts) {
        const first = prefix + prompt.name;
        const name = !snap.prompts.has(first) ? first : `${server}_${prompt.name}`;
        if (snap.prompts.has(name)) {
          this.logger.warn(`prompt "${prompt.name}" of "${server}" is left out: "${first}" and "${name}" are both taken`, { server });
          continue;
        }
        snap.prompts.set(name, { server, name: prompt.name, prompt });
      }
    }
    return snap;
  }

  // One backend's lists; a backend that is down or fails to list is left out (and logged), never the others.
  private async listBackend(server: string): Promise<{ server: string; resources: Resource[]; templates: ResourceTemplate[]; prompts: Prompt[] }> {
    const empty = { server, resources: [], templates: [], prompts: [] };
    const client = this.manager.server(server).liveClient;
    if (!client) return empty;
    const caps = client.serverCapabilities ?? {};
    const quiet = <T>(what: string, p: Promise<T[]>): Promise<T[]> =>
      p.catch((error: unknown) => {
        this.logger.warn(`listing the ${what} of "${server}" failed: ${error instanceof Error ? error.message : String(error)}`, { server });
        return [];
      });
    const [resources, templates, prompts] = await Promise.all([
      caps.resources ? quiet('resources', client.listResources()) : [],
      caps.resources ? quiet('resource templates', client.listResourceTemplates()) : [],
      caps.prompts ? quiet('prompts', client.listPrompts()) : [],
    ]);
    return { server, resources, templates, prompts };
  }
}

function templateOwnerOf(snap: Snapshot, uri: string): string | undefined {
  for (const { server, item } of snap.templates) {
    try {
      if (matchUriTemplate(item.uriTemplate, uri)) return server;
    } catch {
      // A template that does not parse matches nothing.
    }
  }
  return undefined;
}
