// The replay state machine: plays a trace's server side in order, matches each client message to a
// recorded one (ids mapped, volatile fields masked), and collects failures with readable diffs.
// No I/O of its own: the replayer process wires it to stdio, tests can drive it directly.
import type { Trace, TraceEvent } from './trace-format.js';
import { classify, compareClientMessage, describeMessage, type Difference } from './normalize.js';
import { answerMismatchFailure, notJsonFailure, skippedFailure, stoppedEarlyFailure, unmatchedFailure } from './replay-failures.js';
import { ReplayIds } from './replay-ids.js';
import { closestRecorded, recordedListAnswer, type ReplayFailure, type ReplayReport, type ReplaySink } from './replay-lookup.js';

export type { ReplayFailure, ReplayReport, ReplaySink } from './replay-lookup.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const key = (id: unknown) => JSON.stringify(id);

export class ReplayEngine {
  private readonly events: TraceEvent[];
  private readonly matched: boolean[];
  private p = 0;
  private readonly failures: ReplayFailure[] = [];
  private readonly received: ReplayReport['received'] = [];
  private readonly notes: string[] = [];
  private readonly ids = new ReplayIds();
  private early: unknown[] = [];
  private readonly skippedIdx = new Set<number>();
  private initializedSeen = false;
  private readonly traceHasInitialized: boolean;
  private finished = false;
  private readonly t0 = Date.now();

  constructor(
    private readonly trace: Trace,
    private readonly sink: ReplaySink,
  ) {
    this.events = trace.events;
    this.matched = this.events.map(() => false);
    this.traceHasInitialized = this.events.some((e) => e.type === 'message' && e.dir === 'c2s' && isObj(e.msg) && e.msg.method === 'notifications/initialized');
  }

  /** Plays whatever the server sent before the client's first message. */
  start(): void {
    this.advance();
  }

  /** The number of recorded client messages. */
  get expectedCount(): number {
    return this.events.filter((e) => e.type === 'message' && e.dir === 'c2s').length;
  }

  private fail(f: ReplayFailure): void {
    this.failures.push(f);
    this.sink.stderr(`mcp-bridge replayer: FAIL ${f.kind}: ${f.message}${f.detail ? '\n' + f.detail : ''}`);
  }

  /** Index of the first server message not yet sent; client messages before it are eligible. */
  private frontier(): number {
    for (let i = this.p; i < this.events.length; i++) {
      const e = this.events[i]!;
      if (e.type === 'message' && e.dir === 's2c') return i;
    }
    return this.events.length;
  }

  private advance(): void {
    while (this.p < this.events.length) {
      const e = this.events[this.p]!;
      if (e.type === 'message' && e.dir === 'c2s') {
        if (!this.matched[this.p]) break;
      } else if (e.type === 'message') {
        const out = this.ids.outgoing(e.msg);
        if (out.send) this.sink.send(out.msg);
        else if (out.note) this.notes.push(out.note);
      } else if (e.type === 'stderr') {
        this.sink.stderr(e.text);
      } else if (e.type === 'exit' && !this.events.slice(0, this.p).some((x) => x.type === 'eof')) {
        this.p++;
        this.finished = true;
        this.sink.exit(e.code ?? 1);
        return;
      }
      this.p++;
      this.retryEarly();
    }
  }

  private mapLiveId = (id: unknown): unknown => this.ids.toRecorded(id);

  private recordedAt(i: number): unknown {
    return (this.events[i] as { msg?: unknown }).msg;
  }

  private unmatchedClientIndexes(limit = this.events.length): number[] {
    const out: number[] = [];
    for (let i = this.p; i < limit; i++) {
      const e = this.events[i]!;
      if (e.type === 'message' && e.dir === 'c2s' && !this.matched[i]) out.push(i);
    }
    return out;
  }

  private bind(i: number, live: Obj): void {
    this.matched[i] = true;
    const rec = this.recordedAt(i) as Obj;
    if (classify(rec).kind === 'request') this.ids.bind(rec, live);
  }

  /** Feeds one line the client wrote. */
  receiveLine(line: string): void {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text.trim() === '') return;
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch (e) {
      this.received.push({ t: Date.now() - this.t0, raw: line });
      this.fail(notJsonFailure(line, e as Error));
      this.sink.send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      return;
    }
    this.received.push({ t: Date.now() - this.t0, msg });
    this.receive(msg);
  }

  /** Feeds one parsed client message. */
  receive(msg: unknown): void {
    const { kind, reason } = classify(msg);
    if (kind === 'invalid') {
      this.fail({ kind: 'invalid-jsonrpc', message: `invalid JSON-RPC from the client: ${reason}`, detail: `  message: ${JSON.stringify(msg).slice(0, 300)}` });
      const id = isObj(msg) && (typeof msg.id === 'string' || typeof msg.id === 'number') ? msg.id : null;
      this.sink.send({ jsonrpc: '2.0', id, error: { code: -32600, message: `Invalid Request: ${reason}` } });
      return;
    }
    const m = msg as Obj;
    if (kind === 'request') {
      if (!this.ids.useLiveId(m.id)) {
        this.fail({ kind: 'reused-id', message: `the client reused request id ${key(m.id)} (${describeMessage(m)}); ids must be unique within a session` });
      }
      if (this.traceHasInitialized && !this.initializedSeen && m.method !== 'initialize' && m.method !== 'ping') {
        this.fail({ kind: 'missing-initialized', message: `the client sent ${describeMessage(m)} before notifications/initialized` });
      }
    }
    if (kind === 'notification' && m.method === 'notifications/initialized') this.initializedSeen = true;
    if (kind === 'response') return this.receiveResponse(m);
    if (!this.tryMatch(m)) this.unmatched(m);
  }

  private tryMatch(m: Obj): boolean {
    for (const i of this.unmatchedClientIndexes(this.frontier())) {
      if (compareClientMessage(this.recordedAt(i), m, this.mapLiveId).length === 0) {
        this.bind(i, m);
        this.advance();
        return true;
      }
    }
    return false;
  }

  private unmatched(m: Obj): void {
    // A client that pipelines may send a later step before the recorded server messages it did
    // not wait for were sent: hold it if it matches something further on.
    const later = this.unmatchedClientIndexes().find((i) => compareClientMessage(this.recordedAt(i), m, this.mapLiveId).length === 0);
    if (later !== undefined) {
      this.early.push(m);
      return;
    }
    if (m.method === 'ping' && 'id' in m) {
      this.sink.send({ jsonrpc: '2.0', id: m.id, result: {} });
      this.notes.push('answered an unrecorded ping');
      return;
    }
    if (this.answerExtraList(m)) return;
    const best = this.bestCandidate(m);
    const label = describeMessage(m);
    if (best === undefined) {
      this.fail(unmatchedFailure(m, undefined));
    } else {
      const recorded = this.recordedAt(best.i);
      this.fail(unmatchedFailure(m, { ...best, recorded, diffs: compareClientMessage(recorded, m, this.mapLiveId) }));
      // Consume the recorded step so the session can go on and later steps are still checked.
      if (best.sameStep && best.i < this.frontier()) {
        this.bind(best.i, m);
        this.advance();
        return;
      }
    }
    if ('id' in m) {
      this.sink.send({
        jsonrpc: '2.0',
        id: m.id,
        error: { code: -32603, message: `mcp-bridge replayer: ${label} does not match the recording (see the replayer's stderr)` },
      });
    }
  }

  private bestCandidate(m: Obj): { i: number; sameStep: boolean } | undefined {
    return closestRecorded(this.events, this.unmatchedClientIndexes(), this.frontier(), m, this.mapLiveId);
  }

  /**
   * A client may list again whenever it likes (after list_changed, on reconnect): an unrecorded
   * first-page list request is answered with the latest recorded answer to the same method.
   */
  private answerExtraList(m: Obj): boolean {
    const found = recordedListAnswer(this.events, this.matched, m);
    if (found === undefined) return false;
    this.sink.send({ ...found.answer, id: m.id });
    this.notes.push(`answered an unrecorded ${m.method} with the recorded answer of trace event ${found.source + 2}`);
    return true;
  }

  private receiveResponse(m: Obj): void {
    if (!this.ids.wasSent(m.id)) {
      this.fail({ kind: 'unknown-response', message: `the client sent a response with id ${key(m.id)}, but no server request with that id is outstanding` });
      return;
    }
    const idx = this.unmatchedClientIndexes().find((i) => {
      const r = this.recordedAt(i);
      return isObj(r) && classify(r).kind === 'response' && key(r.id) === key(m.id);
    });
    if (idx === undefined) {
      this.fail({ kind: 'unexpected', message: `the client answered server request ${key(m.id)} again, or the recording has no answer to it` });
      return;
    }
    const diffs: Difference[] = compareClientMessage(this.recordedAt(idx), m);
    if (diffs.length > 0) this.fail(answerMismatchFailure(key(m.id), idx, diffs));
    this.matched[idx] = true;
    this.advance();
  }

  private retryEarly(): void {
    if (this.early.length === 0) return;
    const queue = this.early;
    this.early = [];
    for (const m of queue) if (!this.tryMatch(m as Obj)) this.early.push(m);
  }

  /** True while client messages are held because they match recorded steps further on. */
  hasEarly(): boolean {
    return this.early.length > 0;
  }

  /**
   * Called when held messages made no progress for a while: the client skipped the steps the replay
   * is waiting for. Reports them as missing and moves past them, so the rest of the session is checked.
   */
  resolveStall(): void {
    if (this.early.length === 0) return;
    const waiting = this.unmatchedClientIndexes(this.frontier());
    if (waiting.length === 0) return;
    this.fail(skippedFailure(this.early[0], waiting, (i) => this.recordedAt(i)));
    for (const i of waiting) {
      this.matched[i] = true;
      this.skippedIdx.add(i);
      const r = this.recordedAt(i);
      if (isObj(r) && classify(r).kind === 'request') this.ids.skip(r.id);
    }
    this.advance();
    this.retryEarly();
  }

  /** The client closed its side: every recorded client message must have been seen. */
  end(): ReplayReport {
    if (!this.finished) {
      for (const m of this.early) {
        this.fail({
          kind: 'unexpected',
          message: `the client sent ${describeMessage(m)} out of order: the recording has it later, after messages the client never sent`,
        });
      }
      const missing = this.unmatchedClientIndexes(this.events.length).filter((i) => i >= this.p);
      if (missing.length > 0) this.fail(stoppedEarlyFailure(missing, (i) => this.recordedAt(i)));
    }
    this.finished = true;
    return this.report();
  }

  /** True when every recorded client message has been matched. */
  complete(): boolean {
    return this.unmatchedClientIndexes().length === 0;
  }

  /** A description of where the replay is waiting, for idle timeouts. */
  waitingFor(): string {
    const next = this.unmatchedClientIndexes(this.frontier());
    if (next.length === 0) return 'nothing (replay complete)';
    return next.map((i) => describeMessage(this.recordedAt(i))).join(', ');
  }

  report(): ReplayReport {
    const matched = this.matched.filter((x, i) => x && !this.skippedIdx.has(i) && this.events[i]!.type === 'message').length;
    return {
      ok: this.failures.length === 0,
      protocolVersion: this.trace.header.protocolVersion,
      expected: this.expectedCount,
      matched,
      failures: [...this.failures],
      notes: [...this.notes],
      received: [...this.received],
    };
  }
}
