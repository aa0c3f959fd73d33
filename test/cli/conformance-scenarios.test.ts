// `mcp-bridge conformance` plays every scenario a suite version names: its own handler where the
// table has one, else the flow its family needs (auth/... the authorization flow, anything else the
// plain handshake and tool list), with a warning on stderr and never an exit 1 for the name alone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { planScenario } from '../../src/cli/conformance-scenarios.js';
import { run } from '../../src/cli/main.js';
import { repoRoot } from '../helpers/paths.js';
import { startEverythingHttp, type EverythingHttp } from '../helpers/http-everything.js';

describe('conformance scenario plans', () => {
  it('plays a known scenario by its own handler, an unknown one by its family', () => {
    assert.equal(planScenario('initialize').fallback, undefined);
    assert.equal(planScenario('auth/metadata-default').fallback, undefined);
    assert.equal(planScenario('auth/some-future-flow').fallback, 'authorization');
    assert.equal(planScenario('some-future-scenario').fallback, 'plain');
    // An inherited property name is not a scenario of ours.
    assert.equal(planScenario('constructor').fallback, 'plain');
    assert.equal(planScenario('toString').fallback, 'plain');
  });
});

describe('mcp-bridge conformance with a scenario name it has never seen', () => {
  let server: EverythingHttp;
  before(async () => {
    server = await startEverythingHttp('streamableHttp');
  });
  after(async () => {
    await server?.stop();
  });

  for (const [scenario, flow] of [
    ['some-future-scenario', 'plain'],
    ['auth/some-future-flow', 'authorization'],
  ] as const) {
    it(`${scenario}: warns, plays the ${flow} flow against the server, exits 0`, async () => {
      const out: string[] = [];
      const err: string[] = [];
      const io = {
        stdout: (t: string) => out.push(t),
        stderr: (t: string) => err.push(t),
        env: { MCP_CONFORMANCE_SCENARIO: scenario } as Record<string, string>,
        cwd: repoRoot,
      };
      const code = await run(['conformance', server.url], io);
      assert.equal(code, 0, err.join(''));
      assert.match(err.join(''), new RegExp(`warning: no handler of its own for scenario "${scenario.replace('/', '\\/')}"; playing the ${flow} flow`));
      assert.match(out.join(''), new RegExp(`scenario ${scenario.replace('/', '\\/')} done`));
    });
  }
});
