// End to end, through the Manager and the Registry as an agent uses them: a real SDK v2 server
// changes a tool's description mid-session and announces it with notifications/tools/list_changed
// (TOOLS-3). The changed tool leaves the specs at once, a call to it is refused with
// MCPB_TOOL_CHANGED and never reaches the server; `mcp-bridge pin --check` exits 1 with the change
// in its exact JSON shape; `mcp-bridge pin --update SERVER` approves it, and the running session
// takes the approval at its next call.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { run } from '../../../src/cli/main.js';
import { loadConfig, Manager, Registry } from '../../../src/index.js';
import { fixtureServerScript, repoRoot, scratchDir } from '../../helpers/servers.js';

const dir = scratchDir('pins-rug-pull');
const configFile = join(dir, 'mcp-bridge.yaml');
const lockFile = join(dir, 'mcp-bridge.lock');
const stateFile = join(dir, 'pulled');

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t), env: process.env, cwd: repoRoot };
  const code = await run(['--config', configFile, ...argv], io);
  return { code, stdout, stderr };
}

async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let manager: Manager;
let registry: Registry;

before(async () => {
  writeFileSync(
    configFile,
    JSON.stringify({ tools: { mcp: { servers: [{ name: 'weather', command: process.execPath, args: [fixtureServerScript('rug-pull'), stateFile] }] } } }),
  );
  const pinned = await cli('pin', '-q');
  assert.equal(pinned.code, 0, pinned.stderr);
  registry = new Registry({ results: false });
  manager = new Manager(await loadConfig(configFile), { registry });
  await manager.start();
});

after(async () => {
  await manager?.close();
});

describe('a tool that changes mid-session', () => {
  test('before the change: pinned, offered, called', async () => {
    assert.deepEqual(registry.pipelineSteps().includes('pins'), true, 'a lock beside the config turns pins on');
    assert.equal((await cli('pin', '--check', '-q')).code, 0);
    assert.ok(registry.list().some((d) => d.name === 'weather'));
    assert.equal((await registry.execute('weather', { city: 'Lisbon' })).text, 'sunny in Lisbon');
  });

  test('after list_changed: hidden from the specs, the call refused with MCPB_TOOL_CHANGED and nothing sent', async () => {
    assert.equal((await registry.execute('rug_pull', {})).isError, false);
    await until('the changed tool to leave the list', () => !registry.list().some((d) => d.name === 'weather'));
    const specs = registry.toLLMSpecs('openai').specs.map((s) => (s as { function: { name: string } }).function.name);
    assert.deepEqual(specs.sort(), ['rug_pull', 'weather_calls']);
    const refused = await registry.execute('weather', { city: 'Paris' });
    assert.equal(refused.error?.code, 'MCPB_TOOL_CHANGED');
    assert.match(refused.text, /Tool "weather" of server "weather" changed since it was pinned \(description\)/);
    assert.match(refused.text, /description changed: .*IMPORTANT/);
    assert.match(refused.text, /approve it with: mcp-bridge pin --update weather/);
    // The adapters run on the registry: an OpenAI Responses function_call is refused the same way.
    const output = await registry.executeResponsesCall({ type: 'function_call', call_id: 'c1', name: 'weather', arguments: '{"city":"Oslo"}' });
    assert.match(JSON.stringify(output), /MCPB_TOOL_CHANGED|changed since it was pinned/);
    assert.equal((await registry.execute('weather_calls', {})).text, '1', 'only the call before the change reached the server');
  });

  test("the CLI entry: `call` is refused before sending (exit 5, as the policy's refusals) and `tools` leaves the changed tool out", async () => {
    const call = await cli('call', 'weather', 'city=Rome', '-q');
    assert.equal(call.code, 5);
    assert.match(call.stderr, /Tool "weather" of server "weather" changed since it was pinned/);
    const tools = await cli('tools', '--json', '-q');
    assert.equal(tools.code, 0, tools.stderr);
    const names = (JSON.parse(tools.stdout) as Array<{ name: string }>).map((t) => t.name);
    assert.deepEqual(names.sort(), ['rug_pull', 'weather_calls']);
  });

  test('pin --check: exit 1, and --json prints exactly { changes: [{ server, tool, kind }] }', async () => {
    const text = await cli('pin', '--check', '-q');
    assert.equal(text.code, 1);
    assert.match(text.stdout, /weather\/weather: description/);
    assert.match(text.stdout, /approve with: mcp-bridge pin --update weather/);
    const json = await cli('pin', '--check', '--json', '-q');
    assert.equal(json.code, 1);
    assert.deepEqual(JSON.parse(json.stdout), { changes: [{ server: 'weather', tool: 'weather', kind: 'description' }] });
  });

  test('pin --update approves it: the lock changes, --check exits 0, and the running session calls the tool again', async () => {
    const before = readFileSync(lockFile, 'utf8');
    const updated = await cli('pin', '--update', 'weather', '-q');
    assert.equal(updated.code, 0, updated.stderr);
    assert.match(updated.stdout, /weather\/weather: description/);
    assert.notEqual(readFileSync(lockFile, 'utf8'), before);
    const check = await cli('pin', '--check', '--json', '-q');
    assert.equal(check.code, 0);
    assert.deepEqual(JSON.parse(check.stdout), { changes: [] });
    const result = await registry.execute('weather', { city: 'Paris' });
    assert.equal(result.isError, false, result.text);
    assert.equal(result.text, 'sunny in Paris');
    assert.ok(registry.list().some((d) => d.name === 'weather'));
  });
});

describe('pin usage and exit codes', () => {
  test('--check without a lock file exits 2 naming it; an unknown --update server exits 2; a broken lock exits 2', async () => {
    const saved = readFileSync(lockFile, 'utf8');
    try {
      writeFileSync(lockFile, '{ "lockfileVersion": 1, "servers": ');
      const broken = await cli('pin', '--check', '-q');
      assert.equal(broken.code, 2);
      assert.match(broken.stderr, /Lock file .*mcp-bridge\.lock: not JSON/);
      // Any command that would run the servers refuses a lock it cannot trust, before starting one.
      const tools = await cli('tools', '-q');
      assert.equal(tools.code, 2);
      assert.match(tools.stderr, /MCPB_PIN_LOCK_INVALID|not JSON/);
    } finally {
      writeFileSync(lockFile, saved);
    }
    const bare = join(scratchDir('pins-no-lock'), 'mcp-bridge.yaml');
    writeFileSync(bare, readFileSync(configFile, 'utf8'));
    let err = '';
    const missing = await run(['--config', bare, 'pin', '--check', '-q'], {
      stdout: () => {},
      stderr: (t) => void (err += t),
      env: process.env,
      cwd: repoRoot,
    });
    assert.equal(missing, 2);
    assert.match(err, /No lock file at .*pins-no-lock.*mcp-bridge\.lock \(write one with: mcp-bridge pin/);
    const unknown = await cli('pin', '--update', 'nope', '-q');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /no server named "nope"/);
    const both = await cli('pin', '--check', '--update', 'weather');
    assert.equal(both.code, 2);
  });
});
