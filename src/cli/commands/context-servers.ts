// Shared by the resources, read, prompts, prompt and complete commands: which running servers to
// ask (one named with SERVER / --server, or every ready one declaring the capability), and how a
// resource, prompt or argument is displayed (title preferred over name).
import type { ServerCapabilities } from '../../../protocol/index.js';
import type { Client } from '../../client/client.js';
import type { Manager } from '../../manager/manager.js';
import type { ParsedArgs } from '../args.js';
import { UsageError } from '../io.js';

export type Capability = 'resources' | 'prompts' | 'completions';

/**
 * The ready clients to ask: the named server (which must be configured and ready), or all that
 * declare `capability` (a capability name, or a test of the server's capabilities, e.g. for an
 * extension). Lazy servers not started yet are started first: only a running server can say.
 */
export async function clientsFor(
  manager: Manager,
  capability: Capability | ((capabilities: ServerCapabilities) => boolean),
  named?: string,
): Promise<{ server: string; client: Client }[]> {
  if (named !== undefined) {
    if (!manager.serverNames.includes(named)) {
      try {
        manager.server(named);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
    }
    await manager.server(named).awake();
    return [{ server: named, client: manager.server(named).readyClient() }];
  }
  // A start that fails leaves that server out, as a failed eager one is.
  await Promise.all(
    manager.serverNames.map((server) =>
      manager
        .server(server)
        .awake()
        .catch(() => {}),
    ),
  );
  const out: { server: string; client: Client }[] = [];
  for (const server of manager.serverNames) {
    const client = manager.server(server).liveClient;
    const caps = client?.serverCapabilities;
    if (client && caps && (typeof capability === 'function' ? capability(caps) : caps[capability])) out.push({ server, client });
  }
  return out;
}

/** The one server `--server NAME` selected (it then is the only one started), if exactly one was. */
export function onlyServer(args: ParsedArgs): string | undefined {
  return args.servers.length === 1 ? args.servers[0] : undefined;
}

/** `Title (name)` when a title differs from the name, else the name. */
export function displayName(item: { name: string; title?: string }): string {
  return item.title && item.title !== item.name ? `${item.title} (${item.name})` : item.name;
}

/** Parses `key=value` words into an object of strings. @throws UsageError */
export function keyValues(words: readonly string[], what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const word of words) {
    const eq = word.indexOf('=');
    if (eq <= 0) throw new UsageError(`${what} must be key=value (got "${word}")`);
    out[word.slice(0, eq)] = word.slice(eq + 1);
  }
  return out;
}
