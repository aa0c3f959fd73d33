// The audit log's line: one JSON object per call with the fields the governance issue lists (time,
// server, tool, exposed name, entry, policy decision, outcome, error code, duration, a digest of the
// arguments), for each way a call can end. The digest oracle is the SHA-256 of canonical JSON written
// out by hand from RFC 8785 (keys sorted by UTF-16 code units, no whitespace).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { createAuditLog } from '../../../src/governance.js';
import { CallPipeline } from '../../../src/pipeline/chain.js';
import { noteDecision } from '../../../src/pipeline/decision.js';
import type { Interceptor } from '../../../src/pipeline/types.js';
import { scratchDir } from '../../helpers/servers.js';
import { bridgeError, okResult, readLines, toolCall, toolErrorResult } from './helpers.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const KEYS = ['time', 'server', 'tool', 'name', 'entry', 'decision', 'outcome', 'code', 'durationMs', 'argsSha256'];

describe('audit log: one line per call', () => {
  it('a call that succeeds: every field, in order, and the digest of the canonical arguments', async () => {
    const file = join(scratchDir('audit-line'), 'audit.jsonl');
    const audit = createAuditLog({ file, args: 'none' });
    const before = Date.now();
    const result = await new CallPipeline([audit]).run(toolCall({ message: 'hi', z: [2, 1], a: { y: true, x: null } }), async () => {
      await new Promise((r) => setTimeout(r, 30));
      return okResult();
    });
    await audit.close();
    assert.equal(result.isError, false);
    const [line, ...rest] = readLines(file);
    assert.equal(rest.length, 0);
    assert.deepEqual(Object.keys(line!), KEYS);
    const time = Date.parse(line!.time as string);
    assert.match(line!.time as string, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.ok(time >= before - 1 && time <= Date.now(), `time ${line!.time} is when the call was made`);
    assert.equal(line!.server, 'everything');
    assert.equal(line!.tool, 'echo');
    assert.equal(line!.name, 'ev_echo');
    assert.equal(line!.entry, 'registry');
    assert.equal(line!.decision, 'allow');
    assert.equal(line!.outcome, 'ok');
    assert.equal(line!.code, null);
    assert.ok((line!.durationMs as number) >= 25 && (line!.durationMs as number) < 10_000, `durationMs ${line!.durationMs}`);
    assert.equal(line!.argsSha256, sha256('{"a":{"x":null,"y":true},"message":"hi","z":[2,1]}'));
  });

  it('key order and whitespace never change the digest; a value does', async () => {
    const file = join(scratchDir('audit-digest'), 'audit.jsonl');
    const audit = createAuditLog({ file, args: 'none' });
    const pipeline = new CallPipeline([audit]);
    for (const args of [{ b: 1, a: 'é€😀' }, JSON.parse('{ "a" : "é€😀",\n "b" : 1 }'), { a: 'é€😀', b: 2 }])
      await pipeline.run(toolCall(args), async () => okResult());
    await audit.close();
    const [one, two, three] = readLines(file).map((l) => l.argsSha256);
    assert.equal(one, sha256('{"a":"é€😀","b":1}'));
    assert.equal(two, one);
    assert.notEqual(three, one);
  });

  it("the tool's own error is tool-error with no code; the entry and a native tool's null server are kept", async () => {
    const file = join(scratchDir('audit-toolerr'), 'audit.jsonl');
    const audit = createAuditLog({ file });
    await new CallPipeline([audit]).run(toolCall({}, { server: null, tool: 'read_result', name: 'read_result', entry: 'cli' }), async () => toolErrorResult());
    await audit.close();
    const [line] = readLines(file);
    assert.deepEqual(
      { server: line!.server, tool: line!.tool, name: line!.name, entry: line!.entry, outcome: line!.outcome, code: line!.code, decision: line!.decision },
      { server: null, tool: 'read_result', name: 'read_result', entry: 'cli', outcome: 'tool-error', code: null, decision: 'allow' },
    );
  });

  it('a call that failed on its way (timeout) is failed, with its code and what caused it', async () => {
    const file = join(scratchDir('audit-failed'), 'audit.jsonl');
    const audit = createAuditLog({ file });
    await new CallPipeline([audit]).run(toolCall({}), async () => bridgeError('MCPB_TOOL_CALL_FAILED', 'MCPB_REQUEST_TIMEOUT'));
    await audit.close();
    const [line] = readLines(file);
    assert.equal(line!.outcome, 'failed');
    assert.equal(line!.code, 'MCPB_TOOL_CALL_FAILED');
    assert.equal(line!.causeCode, 'MCPB_REQUEST_TIMEOUT');
    assert.equal(line!.decision, 'allow');
  });

  it('a call that pins or policy refuse is logged as refused with the refusal code, and nothing reached the server', async () => {
    const file = join(scratchDir('audit-refused'), 'audit.jsonl');
    const audit = createAuditLog({ file });
    let sent = 0;
    const refuse = (stage: 'pins' | 'policy', code: string): Interceptor => ({
      name: `refuse-${stage}`,
      stage,
      intercept: async (call, next) => (call.tool === stage ? bridgeError(code) : next(call)),
    });
    // Given in an order where the audit step comes last: the stages, not the order, place it.
    const pipeline = new CallPipeline([refuse('pins', 'MCPB_TOOL_CHANGED'), refuse('policy', 'MCPB_POLICY_DENIED'), audit]);
    assert.deepEqual(pipeline.describe(), ['audit', 'refuse-pins', 'refuse-policy']);
    for (const tool of ['pins', 'policy', 'echo'])
      await pipeline.run(toolCall({}, { tool }), async () => {
        sent++;
        return okResult();
      });
    await audit.close();
    assert.equal(sent, 1);
    const lines = readLines(file).map((l) => ({ tool: l.tool, decision: l.decision, outcome: l.outcome, code: l.code }));
    assert.deepEqual(lines, [
      { tool: 'pins', decision: 'MCPB_TOOL_CHANGED', outcome: 'refused', code: 'MCPB_TOOL_CHANGED' },
      { tool: 'policy', decision: 'deny', outcome: 'refused', code: 'MCPB_POLICY_DENIED' },
      { tool: 'echo', decision: 'allow', outcome: 'ok', code: null },
    ]);
  });

  it("the policy's decision: deny and not-confirmed read off its refusals, confirmed from the note it leaves on the call", async () => {
    const file = join(scratchDir('audit-decision'), 'audit.jsonl');
    const audit = createAuditLog({ file });
    const policy: Interceptor = {
      name: 'policy',
      stage: 'policy',
      async intercept(call, next) {
        if (call.tool === 'rm') return bridgeError('MCPB_POLICY_DENIED');
        if (call.tool === 'drop') return bridgeError('MCPB_NOT_CONFIRMED');
        if (call.tool === 'deploy') noteDecision(call, 'confirmed');
        return next(call);
      },
    };
    const pipeline = new CallPipeline([policy, audit]);
    for (const tool of ['rm', 'drop', 'deploy', 'echo']) await pipeline.run(toolCall({}, { tool }), async () => okResult());
    await audit.close();
    assert.deepEqual(
      readLines(file).map((l) => [l.tool, l.decision, l.outcome]),
      [
        ['rm', 'deny', 'refused'],
        ['drop', 'not-confirmed', 'refused'],
        ['deploy', 'confirmed', 'ok'],
        ['echo', 'allow', 'ok'],
      ],
    );
  });

  it('a relative file lives under baseDir', async () => {
    const dir = scratchDir('audit-rel');
    const audit = createAuditLog({ file: 'logs/audit.jsonl', baseDir: dir });
    assert.equal(audit.file, join(dir, 'logs', 'audit.jsonl'));
    await new CallPipeline([audit]).run(toolCall({}), async () => okResult());
    await audit.close();
    assert.equal(readLines(audit.file).length, 1);
  });
});
