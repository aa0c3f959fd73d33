// One start attempt of a configured server: open its client, connect, list its tools and the held
// resources and prompts. An attempt that fails anywhere (connect, a listing that never comes back)
// closes what it spawned, so no failed start or restart leaves a process behind for the agent's life.
// A handle imports this module (and with it the client's opening, the held lists and the health
// pings) with its first start: a manager only built, for its config or its handles, never compiles it.
import type { Tool } from '../../protocol/index.js';
import type { Client } from '../client/client.js';
import { openClient, type OpenClientOptions } from './server-client.js';
import { ServerLists, type ListKind } from './server-lists.js';

export { startHealthPings } from './health-pings.js';

export interface LaunchOptions extends OpenClientOptions {
  /** Debounce of list_changed bursts. */
  debounceMs: number;
  /** The client exists: the handle holds it from now on, so `stop()` can close it while it connects. */
  onClient(client: Client): void;
  /** Whether the attempt is still wanted (not stopped, and `client` is still the handle's). */
  wanted(client: Client): boolean;
  /** A held list was (re)loaded. */
  onListChange(client: Client, kind: ListKind): void;
}

/** A client connected with its first listings. */
export interface Launched {
  client: Client;
  lists: ServerLists;
  tools: Tool[];
}

/** Runs one attempt; resolves undefined when it was abandoned (stopped meanwhile), rejects with the start error. */
export async function launchAttempt(o: LaunchOptions): Promise<Launched | undefined> {
  const client = await openClient(o);
  o.onClient(client);
  let lists: ServerLists | undefined;
  try {
    await client.connect();
    if (!o.wanted(client)) {
      await client.close();
      return undefined;
    }
    const config = o.config;
    lists = new ServerLists(client, {
      server: config.name,
      resources: config.resources === true,
      prompts: config.prompts === true,
      debounceMs: o.debounceMs,
      logger: o.logger,
      onChange: (kind) => o.onListChange(client, kind),
    });
    const [tools] = await Promise.all([client.listTools(), lists.load()]);
    if (!o.wanted(client)) {
      lists.stop();
      await client.close();
      return undefined;
    }
    return { client, lists, tools };
  } catch (error) {
    lists?.stop();
    // The failure is reported now; the teardown (stdin grace, SIGTERM, SIGKILL) runs behind it, and
    // the transport keeps the event loop alive until the tree is gone.
    void client.close().catch(() => {});
    throw error;
  }
}
