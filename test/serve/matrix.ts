// The matrix of issue "serve": {SDK 1.x host, 2026 host} × {legacy, dual-era, modern-only backend} ×
// {stdio, Streamable HTTP, and HTTP+SSE of 2024-11-05 for the SDK 1.x host}: list tools, call a tool,
// read a resource, get a prompt, receive progress, cancel. One suite per host × transport; each test
// covers one backend.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type BackendKind, PREFIX } from './fixture.js';
import { openHost, type Host, type HostKind, type Target } from './hosts.js';

/** What each backend answers, from its own code (server-everything, test/faults/servers/v2-server.mjs). */
const EXPECT: Record<
  BackendKind,
  { echo: [string, Record<string, unknown>, string]; resource: [string, RegExp]; prompt: [string, Record<string, string>, RegExp] }
> = {
  legacy: {
    echo: ['echo', { message: 'hi' }, 'Echo: hi'],
    resource: ['demo://resource/dynamic/text/1', /\S/],
    prompt: ['args-prompt', { city: 'Lisbon' }, /Lisbon/],
  },
  dual: {
    echo: ['echo', { text: 'hi' }, 'hi (modern)'],
    resource: ['memo://dual/note', /^note of dual$/],
    prompt: ['greet', { who: 'Ada' }, /^hello Ada from dual$/],
  },
  modern: {
    echo: ['echo', { text: 'hi' }, 'hi (modern)'],
    resource: ['memo://modern/note', /^note of modern$/],
    prompt: ['greet', { who: 'Ada' }, /^hello Ada from modern$/],
  },
};

export function matrixSuite(
  kind: HostKind,
  transport: 'stdio' | 'http' | 'http+sse',
  target: () => Promise<Target>,
  cleanup: () => Promise<void> = async () => {},
): void {
  describe(`serve over ${transport}, ${kind === 'sdk1' ? 'SDK 1.x host (initialize era)' : '2026-07-28 host (v2 client)'}`, { timeout: 120_000 }, () => {
    let host: Host;
    before(async () => {
      host = await openHost(kind, await target());
    });
    after(async () => {
      await host?.close();
      await cleanup();
    });

    test(`the era is the host's own (${kind === 'sdk1' ? 'LIFE-2' : 'VER-1, META-6'})`, () => {
      if (kind === 'v2') assert.equal(host.version(), '2026-07-28');
      assert.equal(host.serverName(), 'mcp-bridge');
    });

    for (const backend of ['legacy', 'dual', 'modern'] as const) {
      const prefix = PREFIX[backend];
      const e = EXPECT[backend];
      describe(`${backend} backend`, () => {
        test('list tools', async () => {
          const tools = await host.tools();
          assert.ok(tools.includes(prefix + e.echo[0]), `${prefix}${e.echo[0]} in ${tools.join(', ')}`);
        });
        test('call a tool', async () => {
          assert.equal(await host.call(prefix + e.echo[0], e.echo[1]), e.echo[2]);
        });
        test('read a resource', async () => {
          if (backend !== 'legacy') assert.ok((await host.resources()).includes(e.resource[0]));
          assert.match(await host.read(e.resource[0]), e.resource[1]);
        });
        test('get a prompt', async () => {
          assert.ok((await host.prompts()).includes(prefix + e.prompt[0]));
          assert.match(await host.prompt(prefix + e.prompt[0], e.prompt[1]), e.prompt[2]);
        });
        test('receive progress (PROG-1)', async () => {
          const seen: number[] = [];
          if (backend === 'legacy')
            await host.call(`${prefix}trigger-long-running-operation`, { duration: 0.3, steps: 3 }, { onprogress: (p) => seen.push(p.progress) });
          else await host.call(`${prefix}progress`, {}, { onprogress: (p) => seen.push(p.progress) });
          assert.ok(seen.length >= 1, `progress seen: ${JSON.stringify(seen)}`);
        });
        test('cancel (CANCEL-6)', async () => {
          const controller = new AbortController();
          const name = backend === 'legacy' ? `${prefix}trigger-long-running-operation` : `${prefix}slow`;
          const call = host.call(name, backend === 'legacy' ? { duration: 30, steps: 3 } : {}, { signal: controller.signal });
          await new Promise((r) => setTimeout(r, 300));
          controller.abort('the user gave up');
          await assert.rejects(call);
          // The backend saw the cancellation (the v2 fixture counts them; server-everything cannot say).
          if (backend !== 'legacy') await waitFor(async () => Number(await host.call(`${prefix}cancelled`, {})) >= 1, `${prefix}slow cancelled at the backend`);
          assert.equal(await host.call(prefix + e.echo[0], e.echo[1]), e.echo[2], 'the gateway still serves after the cancel');
        });
      });
    }
  });
}

export async function waitFor(check: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`timed out waiting until ${what}`);
}
