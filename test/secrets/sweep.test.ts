// The secrets sweep (issue 11): one config puts a secret in every place a user puts one (env,
// header, argument, `${VAR}`, URL query) and fault servers echo them back (stderr at start and before
// a crash, a JSON-RPC error, a tool result, a log notification, an HTTP 401 body). Every string the
// library and the CLI produce is scanned for every secret value.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inspect } from 'node:util';
import { connect, isMcpBridgeError, loadConfig, Manager, Registry, type Logger } from '../../src/index.js';
import { run } from '../../src/cli/main.js';
import { fixtureServerScript, repoRoot, scratchDir } from '../helpers/servers.js';

const echo = fixtureServerScript('stdio-secret-echo');
const httpEcho = fixtureServerScript('http-secret-echo');

// Distinct values, so a leak names its source.
const S = {
  envSecret: 'env-val-Xk29vLq', // env value of a secret-named variable
  argFlag: 'argflag-Zq81mm', // --api-key <value>
  argEq: 'argeq-Pw55tt', // --token=<value>
  argShaped: 'sk-proj-Abc123Def456Ghi789', // a positional value shaped like a key
  varArg: 'var-expanded-R4nd0m', // ${SERVICE_TOKEN} inside an innocent-looking argument
  header: 'hdr-bearer-Mm9911', // Authorization: Bearer <value>
  xHeader: 'x-key-hdr-Yy3322', // X-Api-Key header
  urlJwt: 'jwt-in-url-Ee4455', // ?jwt=
  urlBearer: 'bearer-in-url-Ff6677', // ?bearer=
  urlSig: 'sig-in-url-Gg8899', // ?sig=
  urlToken: 'token-in-url-Hh1010', // ?token=
  urlKey: 'key-in-url-Jj2020', // ?key=
  urlSecret: 'secret-in-url-Kk3030', // ?secret=
  urlPassword: 'password-in-url-Ll4040', // ?password=
  marked: 'marked-val-Nn5566', // ${ORDINARY} in an argument, listed under `secrets`
};
const SECRETS = Object.entries(S);
// An ordinary env value (a path): no secret, so it must come back as the server sent it.
const PLAIN_ENV = '/srv/plain-env-value-77';

function leaks(text: string): string[] {
  return SECRETS.filter(([, v]) => text.includes(v)).map(([k]) => k);
}

/** Every string an error carries: message, stack, JSON form, context, and the cause chain. */
function errorStrings(error: unknown, depth = 0): string[] {
  if (depth > 6 || error === undefined || error === null) return [];
  if (!(error instanceof Error)) return [typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error))];
  // inspect: what console.error(err) prints, causes and their own properties at any depth.
  const out = [
    error.message,
    String(error.stack),
    JSON.stringify(error),
    JSON.stringify(Object.fromEntries(Object.entries(error))),
    inspect(error, { depth: Infinity }),
  ];
  if (isMcpBridgeError(error)) out.push(JSON.stringify(error.toJSON()), JSON.stringify(error.context));
  for (const key of Object.getOwnPropertyNames(error)) {
    const v = (error as unknown as Record<string, unknown>)[key];
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object' && !(v instanceof Error)) {
      try {
        out.push(JSON.stringify(v));
      } catch {
        /* cyclic */
      }
    }
  }
  return [...out, ...errorStrings((error as { cause?: unknown }).cause, depth + 1)];
}

let http: ChildProcess;
let httpUrl = '';
let configFile = '';
const env = { ...process.env, MY_API_KEY: S.envSecret, SERVICE_TOKEN: S.varArg, BEARER: S.header, ORDINARY: S.marked };

before(async () => {
  http = spawn(process.execPath, [httpEcho], { stdio: ['ignore', 'pipe', 'inherit'] });
  httpUrl = await new Promise<string>((resolve, reject) => {
    http.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
    http.once('exit', () => reject(new Error('http echo server exited')));
  });
  const args = (...extra: string[]) => [
    echo,
    '--api-key',
    S.argFlag,
    `--token=${S.argEq}`,
    S.argShaped,
    '--mode=${SERVICE_TOKEN}',
    '--label=${ORDINARY}',
    ...extra,
  ];
  const servers = [
    {
      name: 'boot',
      command: process.execPath,
      args: args('--exit-at-start'),
      env: { MY_API_KEY: '${MY_API_KEY}', LEAK_PLAIN: PLAIN_ENV },
      startupTimeout: '20s',
      secrets: ['${ORDINARY}'],
    },
    {
      name: 'live',
      command: process.execPath,
      args: args(),
      env: { MY_API_KEY: '${MY_API_KEY}', LEAK_PLAIN: PLAIN_ENV },
      timeout: '20s',
      secrets: ['${ORDINARY}'],
    },
    {
      name: 'remote',
      transport: 'streamable-http',
      url: `${httpUrl}?jwt=${S.urlJwt}&bearer=${S.urlBearer}&sig=${S.urlSig}&page=2&token=${S.urlToken}&key=${S.urlKey}&secret=${S.urlSecret}&password=${S.urlPassword}`,
      headers: { Authorization: 'Bearer ${BEARER}', 'X-Api-Key': S.xHeader },
    },
  ];
  configFile = join(scratchDir('sweep'), 'mcp-bridge.yaml');
  // The audit log in its most revealing mode: even `full` arguments never hold a configured secret.
  writeFileSync(configFile, JSON.stringify({ tools: { mcp: { audit: { file: 'audit.jsonl', args: 'full' }, servers } } }, null, 2));
});

after(() => {
  http?.kill();
});

describe('secrets sweep', () => {
  it('the library: start errors, call errors, crash, status, logs and events mask every secret', async () => {
    const config = await loadConfig(configFile, { env });
    const logs: string[] = [];
    const logger: Logger = Object.fromEntries(
      ['debug', 'info', 'warn', 'error'].map((l) => [l, (m: string, f?: unknown) => logs.push(`${l} ${m} ${JSON.stringify(f ?? {})}`)]),
    ) as unknown as Logger;
    const registry = new Registry();
    const manager = new Manager(config, { registry, logger, restartPolicy: { maxRestarts: 0 } });
    const seen: string[] = [];
    manager.events.on('failed', ({ error }) => seen.push(...errorStrings(error)));
    manager.events.on('log', (e) => seen.push(JSON.stringify(e)));
    try {
      const summary = await manager.start();
      assert.deepEqual(summary.failed.map((f) => f.server).sort(), ['boot', 'remote']);
      const codes = Object.fromEntries(summary.failed.map((f) => [f.server, (f.error as { code?: string }).code]));
      assert.deepEqual(codes, { boot: 'MCPB_SERVER_START_FAILED', remote: 'MCPB_HTTP_STATUS' });
      for (const f of summary.failed) seen.push(...errorStrings(f.error));
      // The echoes really happened: the masks stand where the secrets were.
      assert.match(
        (summary.failed.find((f) => f.server === 'boot')!.error as Error).message,
        /refusing to start; config was .*--api-key \*\*\* --token=\*\*\* \*\*\*/,
      );
      assert.match((summary.failed.find((f) => f.server === 'remote')!.error as Error).message, /authorization: \*\*\*; x-api-key: \*\*\*/);

      for (const as of ['result', 'error']) {
        const result = await registry.execute('leak', { as });
        seen.push(JSON.stringify(result), result.text);
        if (as === 'result') assert.ok(result.text.includes(`LEAK_PLAIN=${PLAIN_ENV}`), `an ordinary env value is no secret: ${result.text}`);
      }
      try {
        await manager.server('live').liveClient!.callTool('leak', { as: 'error' });
        assert.fail('expected a JSON-RPC error');
      } catch (error) {
        seen.push(...errorStrings(error));
      }
      // A model that hands configured secrets back as arguments: the audit line must not keep them.
      const echoed = await registry.execute('leak', { as: 'result', apiKey: S.argFlag, note: `see ${S.marked} and ${S.header}`, deep: [{ v: S.envSecret }] });
      seen.push(JSON.stringify(echoed), echoed.text);
      const crash = await registry.execute('crash', {});
      seen.push(JSON.stringify(crash), crash.text);
      // Wait for the crash to be recorded, then for the refused restart.
      for (let i = 0; i < 200 && manager.server('live').state === 'ready'; i++) await new Promise((r) => setTimeout(r, 25));
      const afterCrash = await registry.execute('leak', {}).catch((e: unknown) => e);
      seen.push(...errorStrings(afterCrash), JSON.stringify(afterCrash));
      seen.push(JSON.stringify(manager.status()), ...manager.status().map((s) => s.lastError ?? ''));
    } finally {
      await manager.close();
    }
    seen.push(...logs);
    assert.ok(
      logs.some((l) => l.includes('crashing; my credentials')),
      'stderr lines reach the logs (masked)',
    );
    const leaked = seen.flatMap((s) => leaks(s).map((k) => `${k} in ${s.slice(0, 300)}`));
    assert.deepEqual(leaked, []);
  });

  it('connect(): secrets in args, env and `secrets` never appear in the start error', async () => {
    try {
      await connect({
        command: process.execPath,
        args: [echo, '--api-key', S.argFlag, `--mode=${S.varArg}`, '--exit-at-start'],
        env: { LEAK_X: PLAIN_ENV },
        secrets: [S.varArg],
        startupTimeoutMs: 20_000,
      });
      assert.fail('expected a start error');
    } catch (error) {
      assert.equal((error as { code?: string }).code, 'MCPB_SERVER_START_FAILED');
      assert.deepEqual(errorStrings(error).flatMap(leaks), []);
    }
  });

  it('the audit file (tools.mcp.audit, args: full) holds no secret from the library run', async () => {
    const file = join(dirname(configFile), 'audit.jsonl');
    let text = '';
    // Written off the call path, after the calls returned.
    for (let i = 0; i < 200 && !(text.includes('"crash"') && text.split('\n').length > 4); i++) {
      text = existsSync(file) ? readFileSync(file, 'utf8') : '';
      await new Promise((r) => setTimeout(r, 25));
    }
    assert.ok(text.includes('"name":"leak"') && text.includes('"apiKey":"***"'), `the calls are in the audit file: ${text.slice(0, 2000)}`);
    assert.deepEqual(leaks(text), [], text.slice(0, 4000));
  });

  it('pin: the lock file, its output and a refused call hold no secret, though the server echoes them into its tool list', async () => {
    const dir = scratchDir('sweep-pins');
    const file = join(dir, 'mcp-bridge.yaml');
    const lockFile = join(dir, 'mcp-bridge.lock');
    const server = {
      name: 'live',
      command: process.execPath,
      args: [echo, '--api-key', S.argFlag, `--token=${S.argEq}`, S.argShaped, '--mode=${SERVICE_TOKEN}', '--label=${ORDINARY}'],
      env: { MY_API_KEY: '${MY_API_KEY}', LEAK_PLAIN: PLAIN_ENV, LEAK_IN_TOOLS: '1' },
      secrets: ['${ORDINARY}'],
    };
    writeFileSync(file, JSON.stringify({ tools: { mcp: { servers: [server] } } }));
    let out = '';
    const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (out += t), env, cwd: repoRoot };
    assert.equal(await run(['--config', file, '--verbose', 'pin'], io), 0, out);
    const lock = readFileSync(lockFile, 'utf8');
    assert.match(lock, /echoes secrets \(leak\).*\*\*\*/, 'the echoed definitions are in the lock, masked');
    assert.deepEqual(leaks(lock), [], lock.slice(0, 2000));
    // The pins step masks the same way, so the masked lock matches the live definitions: calls pass.
    const session = async (check: (registry: Registry) => Promise<void>) => {
      const registry = new Registry();
      const manager = new Manager(await loadConfig(file, { env }), { registry });
      try {
        await manager.start();
        await check(registry);
      } finally {
        await manager.close();
      }
    };
    await session(async (registry) => assert.equal((await registry.execute('leak', {})).error?.code, undefined));
    // Then the lock disagrees (another hash, another description): the refusal says what changed, masked.
    const pinned = JSON.parse(lock) as { servers: { live: { tools: Record<string, { hash: string; description: string }> } } };
    pinned.servers.live.tools.leak!.hash = `sha256:${'0'.repeat(64)}`;
    pinned.servers.live.tools.leak!.description = 'echoes nothing';
    writeFileSync(lockFile, JSON.stringify(pinned));
    const seen: string[] = [];
    await session(async (registry) => {
      const refused = await registry.execute('leak', {});
      assert.equal(refused.error?.code, 'MCPB_TOOL_CHANGED');
      assert.match(refused.text, /description changed/);
      seen.push(refused.text, JSON.stringify(refused));
    });
    assert.equal(await run(['--config', file, '--verbose', 'pin', '--check'], io), 1);
    seen.push(out);
    assert.deepEqual(seen.flatMap(leaks), [], seen.join('\n').slice(0, 4000));
  });

  for (const argv of [
    ['doctor'],
    ['doctor', '--json'],
    ['tools'],
    ['tools', '--json'],
    ['call', 'leak'],
    ['call', 'leak', '{"as":"error"}', '--json'],
    ['call', 'crash', '--json'],
  ]) {
    it(`the CLI: ${argv.join(' ')} (with --verbose) prints no secret`, async () => {
      let out = '';
      const io = {
        stdout: (t: string) => {
          out += t;
        },
        stderr: (t: string) => {
          out += t;
        },
        env,
        cwd: repoRoot,
      };
      const code = await run(['--config', configFile, '--verbose', ...argv], io);
      assert.notEqual(code, 0, 'two servers fail, so the command reports it');
      assert.match(out, /\*\*\*/, 'the masks are there');
      assert.deepEqual(leaks(out), [], out.slice(0, 4000));
    });
  }
});
