// What a ready server offers besides tools: its resources, resource templates and prompts. Listed
// at start when the config opts in (and the server declares the capability), then listed again on
// list_changed, debounced like tools so a burst costs one listing. A listing failure is logged and
// leaves the previous list: it never takes the server's tools down.
import { checkUriTemplate, UriTemplateError, type Prompt, type Resource, type ResourceTemplate } from '../../protocol/index.js';
import type { Client } from '../client/client.js';
import type { Logger } from '../log.js';

export type ListKind = 'resources' | 'prompts';

export interface ServerListsOptions {
  server: string;
  resources: boolean;
  prompts: boolean;
  debounceMs: number;
  logger: Logger;
  /** Called after a list was (re)loaded. */
  onChange: (kind: ListKind) => void;
}

export class ServerLists {
  resources: Resource[] = [];
  resourceTemplates: ResourceTemplate[] = [];
  prompts: Prompt[] = [];
  private readonly timers = new Map<ListKind, ReturnType<typeof setTimeout>>();
  private stopped = false;

  constructor(
    private readonly client: Client,
    private readonly options: ServerListsOptions,
  ) {}

  /** Whether this server's resources are held (opted in and declared). */
  get holdsResources(): boolean {
    return this.options.resources && !!this.client.serverCapabilities?.resources;
  }
  /** Whether this server's prompts are held (opted in and declared). */
  get holdsPrompts(): boolean {
    return this.options.prompts && !!this.client.serverCapabilities?.prompts;
  }

  /** Lists what is held; resolves even when a listing fails. */
  async load(): Promise<void> {
    await Promise.all([this.holdsResources ? this.reload('resources') : undefined, this.holdsPrompts ? this.reload('prompts') : undefined]);
  }

  /** Re-lists on list_changed and after a recovered session. */
  watch(): void {
    const events = this.client.events;
    events.on('resourcesListChanged', () => this.schedule('resources'));
    events.on('promptsListChanged', () => this.schedule('prompts'));
    events.on('sessionRecovered', () => {
      this.schedule('resources');
      this.schedule('prompts');
    });
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(kind: ListKind): void {
    if (kind === 'resources' ? !this.holdsResources : !this.holdsPrompts) return;
    clearTimeout(this.timers.get(kind));
    const timer = setTimeout(() => {
      this.timers.delete(kind);
      void this.reload(kind);
    }, this.options.debounceMs);
    timer.unref?.();
    this.timers.set(kind, timer);
  }

  // A template that does not parse matches no URI, so read_resource refuses its expansions: said
  // once per listing, with the code, rather than found out at the first read.
  private warnUnparsable(templates: readonly ResourceTemplate[]): void {
    for (const t of templates) {
      try {
        checkUriTemplate(t.uriTemplate, this.options.server);
      } catch (error) {
        if (!(error instanceof UriTemplateError)) throw error;
        this.options.logger.warn(error.message, { server: this.options.server, code: error.code, template: t.uriTemplate });
      }
    }
  }

  private async reload(kind: ListKind): Promise<void> {
    try {
      if (kind === 'resources') {
        const [resources, templates] = await Promise.all([this.client.listResources(), this.client.listResourceTemplates()]);
        if (this.stopped) return;
        this.resources = resources;
        this.resourceTemplates = templates;
        this.warnUnparsable(templates);
      } else {
        const prompts = await this.client.listPrompts();
        if (this.stopped) return;
        this.prompts = prompts;
      }
      this.options.onChange(kind);
    } catch (error) {
      if (this.stopped) return;
      this.options.logger.warn(`listing the ${kind} of "${this.options.server}" failed: ${error instanceof Error ? error.message : String(error)}`, {
        server: this.options.server,
      });
    }
  }
}
