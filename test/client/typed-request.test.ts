// The method map (protocol/mcp/methods.ts, ClientRequests) types Client.request() and
// Session.request(): a mapped method's params and result are checked by the compiler (this file must
// type-check: `npm run typecheck`), any other method keeps the open form. Runtime: the typed calls
// really return those shapes from server-everything.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, createTransport, type ListToolsResult, type ReadResourceResult, type Tool } from '../../src/index.js';
import { officialServer } from '../helpers/servers.js';

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// Compile-time only: never called.
function typeChecks(client: Client): void {
  const listed = client.request('tools/list');
  const listedIsTyped: Equals<typeof listed, Promise<ListToolsResult>> = true;
  const read = client.request('resources/read', { uri: 'demo://x' });
  const readIsTyped: Equals<typeof read, Promise<ReadResourceResult>> = true;
  const viaSession = client.session.request('tools/list', { cursor: 'c' });
  const sessionIsTyped: Equals<typeof viaSession, Promise<ListToolsResult>> = true;
  // @ts-expect-error resources/read needs { uri }
  void client.request('resources/read', {});
  // @ts-expect-error prompts/get arguments are strings
  void client.request('prompts/get', { name: 'p', arguments: { n: 1 } });
  // A method outside the map keeps the caller-chosen result type.
  const open = client.request<{ answer: number }>('vendor/custom', { q: 1 });
  const openIsTyped: Equals<typeof open, Promise<{ answer: number }>> = true;
  void [listedIsTyped, readIsTyped, sessionIsTyped, openIsTyped];
}
void typeChecks;

test('client.request with a mapped method returns the mapped shape from a real server', async () => {
  const launch = officialServer('everything');
  const client = new Client(await createTransport({ command: launch.command, args: launch.args, env: launch.env }, { serverName: 'ev' }), { name: 'ev' });
  try {
    await client.connect();
    const listed = await client.request('tools/list');
    const echo: Tool | undefined = listed.tools.find((t) => t.name === 'echo');
    assert.equal(echo?.inputSchema.type, 'object');
    const resources = await client.request('resources/list');
    const uri = resources.resources[0]!.uri;
    const read = await client.request('resources/read', { uri });
    assert.equal(read.contents[0]?.uri, uri);
  } finally {
    await client.close();
    launch.cleanup();
  }
});
