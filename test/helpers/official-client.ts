// A Client connected over stdio to one of the official servers, with a SchemaTap on its transport so
// a test can check every message both ways against the negotiated revision's schema.
import assert from 'node:assert/strict';
import { Client, createTransport } from '../../src/index.js';
import { officialServer, type OfficialServerName, type ServerLaunch } from './servers.js';
import { SchemaTap } from './spec-schema.js';

export interface OfficialClient {
  client: Client;
  tap: SchemaTap;
  launch: ServerLaunch;
  /** Closes the client and removes the server's scratch files. */
  done(): Promise<void>;
}

/** Starts `name` and connects a client to it (`clientOptions` over `{ name }`). */
export async function openOfficial(name: OfficialServerName, clientOptions: ConstructorParameters<typeof Client>[1] = {}): Promise<OfficialClient> {
  const launch = officialServer(name);
  const transport = await createTransport({ command: launch.command, args: launch.args, env: launch.env }, { serverName: name });
  const tap = new SchemaTap(transport);
  const client = new Client(transport, { name, ...clientOptions });
  await client.connect();
  return {
    client,
    tap,
    launch,
    done: async () => {
      await client.close();
      launch.cleanup();
    },
  };
}

/** Every message the tap saw, both ways, is valid under `version`'s schema, and there was traffic both ways. */
export function assertSchemaClean(tap: SchemaTap, version: string): void {
  const problems = tap.problems(version);
  assert.deepEqual(problems, [], problems.join('\n'));
  assert.ok(tap.sent.length > 0 && tap.received.length > 0, 'the tap saw no traffic');
}
