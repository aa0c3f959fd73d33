// The bounds of what the gateway keeps for 2026 hosts' calls waiting for input (input-rounds.ts):
// a call not resumed in time is cancelled at its backend, only so many may wait at once, a host's
// connection ending cancels its waiting calls, and a host cancelling a round cancels the call. The
// backend call here is a stand-in function: what is checked is the store's own bookkeeping (the
// whole road with real peers is input-required.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JsonObject } from '../../protocol/index.js';
import { InputRounds, type BeginCall } from '../../src/serve/input-rounds.js';
import { RpcError } from '../../src/serve/rpc-error.js';

/** A backend call that asks one elicitation, then completes with the answer; records its cancellation. */
function asksOnce(seen: { aborted?: unknown }): BeginCall {
  return async (ask, signal) => {
    signal.addEventListener('abort', () => (seen.aborted = signal.reason), { once: true });
    const answer = (await ask('elicitation/create', { message: 'OK?' }, new AbortController().signal)) as JsonObject;
    return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
  };
}

const never = new AbortController().signal;

function stateOf(result: JsonObject): string {
  assert.equal(result.resultType, 'input_required');
  return result.requestState as string;
}

function code(error: unknown): string | undefined {
  return error instanceof RpcError ? (error.data as { code?: string }).code : undefined;
}

describe('serve: the calls waiting for a 2026 host are bounded', () => {
  test('a retry after the wait is refused as unknown, and the backend call was cancelled', async () => {
    const rounds = new InputRounds({ waitMs: 30 });
    const seen: { aborted?: unknown } = {};
    const state = stateOf(await rounds.run({ tool: 't' }, never, asksOnce(seen)));
    assert.equal(rounds.waitingCount, 1);
    await new Promise((r) => setTimeout(r, 80));
    assert.equal(rounds.waitingCount, 0);
    assert.match(String(seen.aborted), /did not retry within/);
    await assert.rejects(
      rounds.run({ tool: 't', requestState: state, inputResponses: { 'elicitation-1': { action: 'accept' } } }, never, asksOnce({})),
      (e) => code(e) === 'MCPB_SERVE_INPUT_STATE_UNKNOWN',
    );
  });

  test('one more call than the limit is refused with MCPB_SERVE_INPUT_LIMIT and cancelled', async () => {
    const rounds = new InputRounds({ maxWaiting: 2 });
    for (let i = 0; i < 2; i++) stateOf(await rounds.run({ tool: 't' }, never, asksOnce({})));
    const seen: { aborted?: unknown } = {};
    await assert.rejects(rounds.run({ tool: 't' }, never, asksOnce(seen)), (e) => code(e) === 'MCPB_SERVE_INPUT_LIMIT');
    assert.ok(seen.aborted, 'the refused call is cancelled at its backend');
    assert.equal(rounds.waitingCount, 2);
    rounds.close();
    assert.equal(rounds.waitingCount, 0);
  });

  test("the end of a host's connection cancels its waiting calls only", async () => {
    const rounds = new InputRounds();
    const mine = {};
    const a: { aborted?: unknown } = {};
    const b: { aborted?: unknown } = {};
    stateOf(await rounds.run({ tool: 't', owner: mine }, never, asksOnce(a)));
    const other = stateOf(await rounds.run({ tool: 't' }, never, asksOnce(b)));
    rounds.dropOwner(mine, 'the client closed stdin');
    assert.match(String(a.aborted), /closed stdin/);
    assert.equal(b.aborted, undefined);
    const done = await rounds.run({ tool: 't', requestState: other, inputResponses: { 'elicitation-1': { action: 'decline' } } }, never, asksOnce({}));
    assert.deepEqual(done, { content: [{ type: 'text', text: '{"action":"decline"}' }] });
  });

  test('a state answers only a retry of its own call: same tool, same arguments in any key order (SERVE-12)', async () => {
    const rounds = new InputRounds();
    const answer = { 'elicitation-1': { action: 'accept', content: { ok: true } } };
    const state = stateOf(await rounds.run({ tool: 't', arguments: { a: 1, b: { c: 2, d: 3 } } }, never, asksOnce({})));
    const done = await rounds.run({ tool: 't', arguments: { b: { d: 3, c: 2 }, a: 1 }, requestState: state, inputResponses: answer }, never, asksOnce({}));
    assert.equal(done.resultType, undefined, 'complete: the call went on');
    const seen: { aborted?: unknown } = {};
    const other = stateOf(await rounds.run({ tool: 't', arguments: { a: 1 } }, never, asksOnce(seen)));
    await assert.rejects(
      rounds.run({ tool: 't', arguments: { a: 2 }, requestState: other, inputResponses: answer }, never, asksOnce({})),
      (e) => code(e) === 'MCPB_SERVE_INPUT_STATE_UNKNOWN' && /with other arguments/.test((e as Error).message),
    );
    assert.ok(seen.aborted, 'the waiting call is cancelled, not left for a guess');
  });

  test('a host cancelling the round it waits in cancels the backend call', async () => {
    const rounds = new InputRounds();
    const seen: { aborted?: unknown } = {};
    const first = stateOf(await rounds.run({ tool: 't' }, never, asksOnce(seen)));
    const host = new AbortController();
    // A retry without the answer waits for it; the host gives up on that request.
    const round = rounds.run({ tool: 't', requestState: first, inputResponses: {} }, host.signal, asksOnce({}));
    const reasked = await round;
    assert.equal(reasked.resultType, 'input_required', 'the missing answer is asked again');
    const retry = rounds.run({ tool: 't', requestState: reasked.requestState }, host.signal, asksOnce({}));
    host.abort(new Error('host cancelled'));
    await assert.rejects(retry);
    assert.match(String(seen.aborted), /host cancelled/);
  });
});
