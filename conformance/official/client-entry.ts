// The program the official MCP conformance suite launches: reads MCP_CONFORMANCE_SCENARIO, runs that
// scenario's actions against the URL given as the last argument, and exits 0 only if they all worked.
import { pathToFileURL } from 'node:url';
import { connect, type Client, type ClientOptions } from '../../src/index.js';

/** The scenario's data from `MCP_CONFORMANCE_CONTEXT`, when the suite hands any over. */
export type ConformanceContext = Record<string, unknown> | undefined;

type Handler = (url: string, context: ConformanceContext) => Promise<void>;

type ExtraOptions = Omit<ClientOptions, 'name'>;

async function withClient(url: string, options: ExtraOptions | undefined, work: (client: Client) => Promise<void>): Promise<void> {
  const client = await connect({ url, name: 'conformance', ...options });
  try {
    await work(client);
  } finally {
    // conformance 8.1: close every stream (and the session) before exiting.
    await client.close();
  }
}

/** Scenario name → actions (conformance.md 8.2). Only the non-auth core scenarios: mcp-bridge has no OAuth yet. */
const HANDLERS: Record<string, Handler> = {
  initialize: (url) => withClient(url, undefined, async (client) => {
    await client.listTools();
  }),
  tools_call: (url) => withClient(url, undefined, async (client) => {
    await client.listTools();
    await client.callTool('add_numbers', { a: 5, b: 3 });
  }),
  'elicitation-sep1034-client-defaults': (url) => withClient(url, {
    // Accept with no content of our own: the client fills every field from the schema's defaults (SEP-1034).
    onElicitation: () => ({ action: 'accept', content: {} }),
  }, async (client) => {
    await client.listTools();
    await client.callTool('test_client_elicitation_defaults', {});
  }),
  'sse-retry': (url) => withClient(url, undefined, async (client) => {
    await client.listTools();
    // The server drops this call's stream after a priming event; the transport resumes it with GET.
    await client.callTool('test_reconnection', {});
  }),
};

/** Names of the scenarios {@link runConformance} knows. */
export const CONFORMANCE_SCENARIOS: readonly string[] = Object.keys(HANDLERS);

/**
 * Runs one conformance scenario against `url`.
 * @throws Error naming the scenario when it is unknown; otherwise whatever the client raised.
 */
export async function runConformance(url: string, scenario: string, context?: ConformanceContext): Promise<void> {
  const handler = HANDLERS[scenario];
  if (!handler) throw new Error(`unknown conformance scenario "${scenario}" (known: ${CONFORMANCE_SCENARIOS.join(', ')})`);
  await handler(url, context);
}

function contextFor(scenario: string, raw: string | undefined): ConformanceContext {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    // conformance 8.1: a context left over from another scenario is ignored.
    return value && value.name === scenario ? value : undefined;
  } catch {
    return undefined;
  }
}

/** CLI form: `client-entry.js <url>`, scenario from the environment. Returns the exit code. */
export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const url = argv[argv.length - 1];
  const scenario = env.MCP_CONFORMANCE_SCENARIO;
  if (!scenario) { process.stderr.write('client-entry: MCP_CONFORMANCE_SCENARIO is not set\n'); return 1; }
  if (!url || !/^https?:\/\//.test(url)) { process.stderr.write(`client-entry: expected the server URL as the last argument, got ${JSON.stringify(url)}\n`); return 1; }
  if (!HANDLERS[scenario]) { process.stderr.write(`client-entry: unknown scenario "${scenario}" (known: ${CONFORMANCE_SCENARIOS.join(', ')})\n`); return 1; }
  try {
    await runConformance(url, scenario, contextFor(scenario, env.MCP_CONFORMANCE_CONTEXT));
    process.stdout.write(`client-entry: scenario ${scenario} done\n`);
    return 0;
  } catch (error) {
    const e = error as Error & { code?: string };
    process.stderr.write(`client-entry: scenario ${scenario} failed: ${e.code ? `[${e.code}] ` : ''}${e.message ?? String(error)}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // The suite signals only the shell it spawned; never outlive it (conformance 9).
  process.once('SIGTERM', () => process.exit(143));
  void main(process.argv.slice(2), process.env).then((code) => process.exit(code));
}
