// The scenarios of the official MCP conformance suite that `mcp-bridge conformance URL` can play: each
// one is the client actions the suite expects for that scenario, run against the suite's server URL.
import { connect, type Client, type ClientOptions } from '../client/index.js';
import type { HttpServerParams } from '../transports/create.js';
import { AUTH_SCENARIOS, authOptionsFor } from './conformance-auth.js';
import { EXTENSION_SCENARIOS } from './conformance-extensions.js';

/** The scenario's data from `MCP_CONFORMANCE_CONTEXT`, when the suite hands any over. */
export type ConformanceContext = Record<string, unknown> | undefined;

type Handler = (url: string, context: ConformanceContext) => Promise<void>;

type ExtraOptions = Omit<ClientOptions, 'name'> & Pick<HttpServerParams, 'auth'>;

async function withClient(url: string, options: ExtraOptions | undefined, work: (client: Client) => Promise<void>): Promise<void> {
  const client = await connect({ url, name: 'conformance', ...options });
  try {
    await work(client);
  } finally {
    // conformance 8.1: close every stream (and the session) before exiting.
    await client.close();
  }
}

/** The generic authorization flow: OAuth on the first 401 with the options the scenario's context implies. */
const authScenario =
  (name: string): Handler =>
  async (url, context) =>
    withClient(url, { auth: await authOptionsFor(name, context) }, async (client) => {
      const tools = await client.listTools();
      if (tools.some((t) => t.name === 'test-tool')) await client.callTool('test-tool', {});
    });

/** Scenario name → actions (conformance.md 8.2). */
const HANDLERS: Record<string, Handler> = {
  initialize: (url) =>
    withClient(url, undefined, async (client) => {
      await client.listTools();
    }),
  tools_call: (url) =>
    withClient(url, undefined, async (client) => {
      await client.listTools();
      await client.callTool('add_numbers', { a: 5, b: 3 });
    }),
  'elicitation-sep1034-client-defaults': (url) =>
    withClient(
      url,
      {
        // Accept with no content of our own: the client fills every field from the schema's defaults (SEP-1034).
        onElicitation: () => ({ action: 'accept', content: {} }),
      },
      async (client) => {
        await client.listTools();
        await client.callTool('test_client_elicitation_defaults', {});
      },
    ),
  'sse-retry': (url) =>
    withClient(url, undefined, async (client) => {
      await client.listTools();
      // The server drops this call's stream after a priming event; the transport resumes it with GET.
      await client.callTool('test_reconnection', {});
    }),
  // Every auth scenario: OAuth on the first 401 (or mid-session for step-up), then the usual calls.
};
for (const name of AUTH_SCENARIOS) HANDLERS[name] = authScenario(name);

/** A tool call the suite hands over in its context (`toolCalls: [{ name, arguments }]`). */
function contextCalls(context: ConformanceContext): { name: string; arguments: Record<string, unknown> }[] | undefined {
  const calls = context?.toolCalls;
  if (!Array.isArray(calls)) return undefined;
  return calls
    .filter((c): c is { name: string; arguments: Record<string, unknown> } => typeof c?.name === 'string')
    .map((c) => ({ name: c.name, arguments: typeof c.arguments === 'object' && c.arguments !== null ? c.arguments : {} }));
}

/**
 * The 2026-07-28 scenarios of the alpha suite (request-metadata, MRTR request state, standard and
 * custom headers, invalid tool headers): connect (era auto), list the tools, and call what the
 * suite asks for, else every tool that survived the listing; input requests are answered by hooks.
 * A tool's refusal is the suite's to judge, not a reason to stop.
 */
const modernScenario: Handler = (url, context) =>
  withClient(
    url,
    {
      onElicitation: () => ({ action: 'accept', content: { confirmed: true } }),
      onSampling: () => ({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'conformance' }),
      roots: [],
    },
    async (client) => {
      const tools = await client.listTools();
      const calls = contextCalls(context) ?? tools.map((t) => ({ name: t.name, arguments: {} }));
      const listed = new Set(tools.map((t) => t.name));
      for (const call of calls) {
        if (!listed.has(call.name)) continue;
        await client.callTool(call.name, call.arguments).catch(() => undefined);
      }
    },
  );
for (const name of ['request-metadata', 'sep-2322-client-request-state', 'http-standard-headers', 'http-custom-headers', 'http-invalid-tool-headers'])
  HANDLERS[name] = modernScenario;
Object.assign(HANDLERS, EXTENSION_SCENARIOS);

/** Names of the scenarios that have a handler of their own. */
export const CONFORMANCE_SCENARIOS: readonly string[] = Object.keys(HANDLERS);

/** The plain flow for a scenario we have no handler for: handshake, tool list, and the calls the suite names. */
const plainScenario: Handler = (url, context) =>
  withClient(url, undefined, async (client) => {
    const tools = await client.listTools();
    const listed = new Set(tools.map((t) => t.name));
    for (const call of contextCalls(context) ?? []) if (listed.has(call.name)) await client.callTool(call.name, call.arguments);
  });

/**
 * How a scenario is played. A name the table does not know still gets played by what its family
 * needs: an `auth/...` scenario by the generic authorization flow, any other by the plain flow, so a
 * new suite version's scenarios are scored rather than refused. `fallback` says which flow stood in.
 */
export interface ScenarioPlan {
  run: (url: string, context: ConformanceContext) => Promise<void>;
  fallback?: 'authorization' | 'plain';
}

export function planScenario(scenario: string): ScenarioPlan {
  const own = Object.hasOwn(HANDLERS, scenario) ? HANDLERS[scenario] : undefined;
  if (own) return { run: own };
  if (scenario.startsWith('auth/')) return { run: authScenario(scenario), fallback: 'authorization' };
  return { run: plainScenario, fallback: 'plain' };
}
