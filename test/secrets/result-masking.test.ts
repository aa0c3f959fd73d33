// Tool results are what the model reads and then sends back: masking a value that is no secret
// corrupts them (`GIT_BASE_DIR: /srv/work` turned a git server's paths into `***/repo`, and the model
// passed `***/repo` back to the tools). Real servers echo their environment (server-everything's
// get-env) and their paths (server-filesystem); the result through the manager's masking path must
// equal, byte for byte, what the server sent, except for the values that are secrets by name, by
// place or by the `secrets` list. `maskResults: false` hands results over untouched.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, Manager, Registry, type Logger } from '../../src/index.js';
import { officialServerScript, scratchDir } from '../helpers/servers.js';

const SECRET_BY_NAME = 'tok-Qw12er34ty'; // SERVICE_TOKEN
const SECRET_LISTED = 'listed-Zx98cv76'; // an ordinary name, listed under `secrets`
const SECRET_ARG = 'argkey-Lm45np'; // the value after --api-key
let base = '';
let configFile = '';
const logs: string[] = [];
const logger: Logger = Object.fromEntries(
  ['debug', 'info', 'warn', 'error'].map((l) => [l, (m: string, f?: unknown) => logs.push(`${l} ${m} ${JSON.stringify(f ?? {})}`)]),
) as unknown as Logger;
let manager: Manager;
const registry = new Registry();

before(async () => {
  const dir = scratchDir('result-masking');
  base = join(dir, 'srv', 'work');
  mkdirSync(join(base, 'repo'), { recursive: true });
  writeFileSync(join(base, 'repo', 'README.md'), 'hello\n');
  const plainEnv = { MODE: 'production', GIT_BASE_DIR: base, DB_HOST: 'db.internal.example', GIT_AUTHOR_NAME: 'Ada Lovelace Byron' };
  const everything = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    command: process.execPath,
    // server-everything ignores the extra flag; it is there to be masked as a secret by place.
    args: [officialServerScript('everything'), 'stdio', '--api-key', SECRET_ARG],
    env: { ...plainEnv, SERVICE_TOKEN: SECRET_BY_NAME, PLAIN_LOOKING: SECRET_LISTED },
    secrets: [SECRET_LISTED],
    ...extra,
  });
  const servers = [
    everything('env'),
    everything('raw', { maskResults: false }),
    { name: 'files', command: process.execPath, args: [officialServerScript('filesystem'), '${GIT_BASE_DIR}'], env: { GIT_BASE_DIR: '${GIT_BASE_DIR}' } },
  ];
  configFile = join(dir, 'mcp-bridge.yaml');
  writeFileSync(configFile, JSON.stringify({ tools: { mcp: { servers } } }, null, 2));
  const config = await loadConfig(configFile, { env: { ...process.env, GIT_BASE_DIR: base } });
  manager = new Manager(config, { registry, logger, restartPolicy: { maxRestarts: 0 } });
  const summary = await manager.start();
  assert.deepEqual(summary.failed, []);
});

after(async () => {
  await manager?.close();
});

/** The text blocks of a result, joined: what the model reads. */
function text(result: { content: readonly unknown[] }): string {
  return result.content.map((b) => (b as { text?: string }).text ?? '').join('\n');
}

describe('tool results keep what is no secret (secrets by name, place or list only)', () => {
  it('server-everything get-env: the masked result equals the raw one byte for byte, but for the three secrets', async () => {
    const handle = manager.server('env');
    const raw = text(await handle.liveClient!.callTool('get-env', {}));
    const masked = text(await handle.callTool('get-env', {}));
    const env = JSON.parse(raw) as Record<string, string>;
    assert.equal(env.MODE, 'production');
    assert.equal(env.GIT_BASE_DIR, base);
    assert.equal(env.SERVICE_TOKEN, SECRET_BY_NAME, 'the raw result does carry the secrets');
    assert.equal(masked, raw.replaceAll(SECRET_BY_NAME, '***').replaceAll(SECRET_LISTED, '***'));
    for (const plain of [
      '"MODE": "production"',
      `"GIT_BASE_DIR": ${JSON.stringify(base)}`,
      '"DB_HOST": "db.internal.example"',
      '"GIT_AUTHOR_NAME": "Ada Lovelace Byron"',
    ])
      assert.ok(masked.includes(plain), `${plain} survives in ${masked}`);
    // What the registry hands the LLM agrees.
    const forLlm = (await registry.execute('get-env', {})).text;
    assert.ok(forLlm.includes(`"GIT_BASE_DIR": ${JSON.stringify(base)}`) && forLlm.includes('"MODE": "production"'), forLlm);
    assert.ok(!forLlm.includes(SECRET_BY_NAME) && !forLlm.includes(SECRET_LISTED), forLlm);
  });

  it('server-everything echo: a secret by name, by place (an argument) and by list is masked in results; plain text is not', async () => {
    const message = `mode production at ${base}/repo; ${SECRET_BY_NAME} ${SECRET_LISTED} ${SECRET_ARG}`;
    const result = text(await manager.server('env').callTool('echo', { message }));
    assert.equal(result, `Echo: mode production at ${base}/repo; *** *** ***`);
  });

  it('server-filesystem: paths under an env-configured base directory come back as the server sent them', async () => {
    const handle = manager.server('files');
    for (const [tool, args] of [
      ['list_allowed_directories', {}],
      ['list_directory', { path: join(base, 'repo') }],
      ['get_file_info', { path: join(base, 'repo', 'README.md') }],
    ] as const) {
      const raw = await handle.liveClient!.callTool(tool, args);
      const masked = await handle.callTool(tool, args);
      assert.equal(JSON.stringify(masked), JSON.stringify(raw), tool);
      assert.ok(!JSON.stringify(masked).includes('***'), `${tool}: nothing masked in ${JSON.stringify(masked)}`);
    }
    assert.match(text(await handle.callTool('list_allowed_directories', {})), new RegExp(base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  });

  it('maskResults: false hands results over untouched, while errors and logs stay masked', async () => {
    const handle = manager.server('raw');
    const raw = text(await handle.liveClient!.callTool('get-env', {}));
    assert.equal(text(await handle.callTool('get-env', {})), raw);
    assert.ok(raw.includes(SECRET_BY_NAME) && raw.includes(SECRET_LISTED));
    // A tool error is a result too (isError), so it is handed over as sent...
    const toolError = await handle.callTool(`no-such-${SECRET_BY_NAME}`, {});
    assert.ok(toolError.isError && text(toolError).includes(SECRET_BY_NAME), JSON.stringify(toolError));
    // ...while what the handle itself reports (errors, status, logs) is still masked.
    assert.equal(handle.redact(`${SECRET_BY_NAME} ${SECRET_LISTED} ${SECRET_ARG} ${base}`), `*** *** *** ${base}`);
  });

  it('no secret reached the logs', () => {
    const all = logs.join('\n');
    for (const secret of [SECRET_BY_NAME, SECRET_LISTED, SECRET_ARG]) assert.ok(!all.includes(secret), `${secret} in logs`);
  });
});
