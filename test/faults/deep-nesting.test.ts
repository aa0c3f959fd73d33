// JSON nested 100,000 deep from a server (a log notification, a result, a tool schema) must never
// take down the host: each is refused with a coded error and the agent carries on. The host runs in
// a child process (deep-agent.ts) so that an exception escaping to the process shows as its crash.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';

interface Outcome {
  what: string;
  [field: string]: unknown;
}

function runAgent(schemaDepth: number): Promise<{ code: number | null; outcomes: Outcome[]; stderr: string }> {
  const script = join(repoRoot, 'dist', 'test', 'faults', 'deep-agent.js');
  return new Promise((resolve) => {
    execFile(process.execPath, [script, String(schemaDepth)], { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const outcomes = stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Outcome);
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, outcomes, stderr: stderr.slice(0, 2000) });
    });
  });
}

describe('server data nested 100,000 deep', () => {
  it('a deep log notification, result and server request are refused with a coded error; the host process lives on and later calls work', async () => {
    const { code, outcomes, stderr } = await runAgent(0);
    assert.equal(code, 0, `the host process died: ${stderr}`);
    const get = (what: string) => outcomes.find((o) => o.what === what);
    assert.ok(get('done'), `the agent did not finish: ${JSON.stringify(outcomes)}`);
    assert.deepEqual(get('deep_log'), { what: 'deep_log', isError: false, text: 'logged' });
    const warnings = outcomes.filter((o) => o.what === 'warn' && o.code === 'MCPB_INVALID_MESSAGE');
    assert.equal(warnings.length, 3, `one report each for the log, the result and the request: ${JSON.stringify(outcomes)}`);
    // The server's deep request shares the pending call's id; it does not fail that call.
    assert.deepEqual(get('deep_request'), { what: 'deep_request', isError: false, text: 'answered' });
    assert.match(String(warnings[0]!.message), /more than 256 levels deep.*"method":"notifications\/message"/);
    const deep = get('deep_result')!;
    assert.equal(deep.isError, true);
    assert.match(String(deep.text), /deep_result.*invalid result.*more than 256 levels deep/);
    // Just under the limit every walker after the door (conversion, redaction, copies) copes.
    assert.deepEqual(get('result_at_limit'), { what: 'result_at_limit', isError: false, text: 'deep' });
    assert.deepEqual(get('echo'), { what: 'echo', isError: false, text: 'still here' });
  });

  it('a tool schema nested 100,000 deep fails that server with MCPB_INVALID_RESULT; one just under the limit converts for every LLM format', async () => {
    const deep = await runAgent(100_000);
    assert.equal(deep.code, 0, `the host process died: ${deep.stderr}`);
    const start = deep.outcomes.find((o) => o.what === 'start') as unknown as { ready: number; failed: { code: string; message: string }[] };
    assert.equal(start.ready, 0);
    assert.equal(start.failed[0]?.code, 'MCPB_INVALID_RESULT');
    assert.match(start.failed[0]!.message, /tools\/list to server "deep".*more than 256 levels deep/);
    // 120 nested schemas: 243 levels with the envelope.
    const atLimit = await runAgent(120);
    assert.equal(atLimit.code, 0, `the host process died: ${atLimit.stderr}`);
    const specs = atLimit.outcomes.filter((o) => o.what === 'specs');
    assert.deepEqual(
      atLimit.outcomes.find((o) => o.what === 'deep_schema'),
      { what: 'deep_schema', isError: false, text: '' },
      'arguments validated against the deep schema and sent',
    );
    assert.deepEqual(
      specs.map((s) => [s.target, s.count]),
      [
        ['openai', 1],
        ['anthropic', 1],
        ['gemini', 1],
        ['openai-responses', 1],
      ],
    );
  });
});
