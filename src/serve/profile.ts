// A profile: the part of the gateway one client sees (`tools.mcp.profiles` in the config). Servers
// by name, tools by exposed name with `*` globs; an absent list means "all".
import { globPattern } from '../util/glob.js';

/** One named selection of servers and tools. */
export interface ServeProfile {
  name: string;
  /** Configured server names whose tools, resources and prompts are served; all when absent. */
  servers?: readonly string[];
  /** Exposed tool names (`*` matches any run of characters); all tools of the servers when absent. */
  tools?: readonly string[];
}

/** The predicates a profile stands for. */
export interface ProfileFilter {
  server(name: string | undefined): boolean;
  tool(exposedName: string, server: string | undefined): boolean;
}

/** Everything passes. */
export const EVERYTHING: ProfileFilter = { server: () => true, tool: () => true };

/** The filter of `profile` (everything when undefined). */
export function profileFilter(profile: ServeProfile | undefined): ProfileFilter {
  if (!profile) return EVERYTHING;
  const servers = profile.servers ? new Set(profile.servers) : undefined;
  const tools = profile.tools?.map(globPattern);
  // Native tools (read_result, the search tool) belong to no server: a server list does not hide them.
  const server = (name: string | undefined) => name === undefined || servers === undefined || servers.has(name);
  return {
    server,
    tool: (exposed, owner) => server(owner) && (tools === undefined || tools.some((re) => re.test(exposed))),
  };
}
