// Wires the synthetic context tools (list_resources, read_resource, get_prompt, load_skill; see
// bridge/context-tools.ts) to one server handle: which ones apply, and how each is answered. A
// real tool of the same name always wins; read_resource only reads URIs the server offered.
// Their definitions and answers (context-steps.ts) are imported when the server's config opts into
// resources or prompts: only such a server can hold them, and most configs opt into neither.
import type { CallToolResult, Tool } from '../../protocol/index.js';
import { linkedUris } from '../bridge/context-names.js';
import type { CallContext } from '../registry/types.js';
import type { ContextSteps } from './context-steps.js';
import type { ServerHandle } from './server-handle.js';

/** Most resource-link URIs remembered per server (oldest forgotten first). */
const MAX_LINKED = 1000;

/** The steps module, imported once for every server that opts in (concurrent handles share the import). */
let stepsModule: Promise<typeof import('./context-steps.js')> | undefined;

export class ContextTools {
  private readonly linked = new Set<string>();
  private active = new Set<string>();
  private steps?: ContextSteps;
  /** Whether defs() ran before the steps were loaded, and so registered none: the owner resyncs once `ready` settles. */
  missed = false;
  /**
   * Settles when the steps are loaded, for a server whose config opts into resources or prompts;
   * undefined for the others, which never hold any. Rejects with the import's error.
   */
  readonly ready?: Promise<void>;

  constructor(private readonly handle: ServerHandle) {
    if (handle.config.resources === true || handle.config.prompts === true) {
      stepsModule ??= import('./context-steps.js');
      this.ready = stepsModule.then((m) => {
        this.steps = new m.ContextSteps(handle, this.linked);
      });
    }
  }

  /** The synthetic tools to register next to `realTools` (those whose name is free). */
  defs(realTools: readonly Tool[]): Tool[] {
    const holds = this.handle.holds;
    // Held resources or prompts need the config's opt-in (the saved lists are keyed by it), which loads the steps.
    const steps = holds.resources || holds.prompts ? this.steps : undefined;
    if (steps === undefined) {
      if (holds.resources || holds.prompts) this.missed = true;
      this.active = new Set();
      return [];
    }
    this.missed = false;
    const defs = steps.defs(realTools);
    this.active = new Set(defs.map((t) => t.name));
    return defs;
  }

  /** Calls a tool of this server for the registry, whose pipeline already ran: a synthetic one here, a real one on the server. */
  call(name: string, args: Record<string, unknown>, context: CallContext): Promise<CallToolResult> {
    if (!this.active.has(name)) return this.handle.callChecked(name, args, context).then(this.remember);
    // A tool is active only once defs() found the steps loaded.
    return this.steps!.call(name, args, context);
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
