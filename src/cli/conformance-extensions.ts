// The alpha suite's scenarios that need more than "list the tools and call them": JSON Schema
// preservation (the agent-facing definition echoed back to the server) and the network-$ref canary
// (every schema path exercised, nothing fetched). Each handler connects, acts, and closes.
import { connect, type Client } from '../client/index.js';
import { Registry } from '../registry/registry.js';

type Handler = (url: string) => Promise<void>;

async function withClient(url: string, work: (client: Client) => Promise<void>): Promise<void> {
  const client = await connect({ url, name: 'conformance' });
  try {
    await work(client);
  } finally {
    await client.close();
  }
}

/** The server's tools in a registry, the way an agent gets them: validators prepared, specs built for every provider. */
async function registered(client: Client): Promise<Registry> {
  const registry = new Registry();
  registry.registerServerTools('conformance', await client.listTools(), { caller: (name, args) => client.callTool(name, args as Record<string, unknown>) });
  for (const provider of ['openai', 'openai-responses', 'anthropic', 'gemini'] as const) registry.toLLMSpecs(provider);
  registry.toLLMSpecs('gemini', { jsonSchema: true });
  return registry;
}

/** Scenario name → actions. */
export const EXTENSION_SCENARIOS: Record<string, Handler> = {
  // SCHEMA-7: the suite compares what we echo with what it listed, keyword by keyword.
  'json-schema-2020-12-preservation': (url) =>
    withClient(url, async (client) => {
      const registry = await registered(client);
      const focal = registry.findByOrigin('conformance', 'json_schema_2020_12_tool');
      if (!focal) throw new Error('the server listed no json_schema_2020_12_tool');
      await client.callTool('json_schema_echo', { schema: focal.inputSchema });
    }),
  // SCHEMA-4: listing, registering and converting a schema with a network $ref fetches nothing.
  'json-schema-ref-no-deref': (url) =>
    withClient(url, async (client) => {
      await registered(client);
    }),
};
