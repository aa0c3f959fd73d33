// The alpha suite's scenarios that need more than "list the tools and call them": JSON Schema
// preservation (the agent-facing definition echoed back to the server), the network-$ref canary
// (every schema path exercised, nothing fetched), and skills (list without reading; load, which
// verifies, then read the files only if it did). Each handler connects, acts, and closes.
import { connect, type Client } from '../client/index.js';
import { Registry } from '../adapters/registry.js';

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

/** Lists the skills and loads each as an agent would; a skill that fails verification is left alone (its error is thrown at the end). */
const loadSkills: Handler = (url) =>
  withClient(url, async (client) => {
    let failure: unknown;
    for (const entry of await client.listSkills()) {
      try {
        const skill = await client.loadSkill(entry);
        for (const file of skill.files) await skill.readFile(file);
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
  });

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
  // SKILL-2: listing reads nothing.
  'sep-2640-client-no-prefetch': (url) =>
    withClient(url, async (client) => {
      await client.listSkills();
    }),
  // SKILL-4, SKILL-5: the served SKILL.md does not match its entry; nothing after it is read.
  'sep-2640-client-verify-digest': loadSkills,
  'sep-2640-client-verify-size': loadSkills,
  'sep-2640-client-verify-frontmatter': loadSkills,
};
