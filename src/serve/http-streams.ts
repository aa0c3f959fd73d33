// The SSE streams of one initialize-era HTTP session, made resumable (SERVE-8): every event carries
// an id `STREAM-SEQ`, unique in the session and naming the stream it belongs to, and is kept in a
// replay log bounded in count, bytes and age. A client whose connection broke sends GET with
// `Last-Event-ID`; the events of that stream after the id are replayed on the new connection, never
// another stream's, and the stream goes on there. 2025-11-25 sessions also get a priming event (an
// id with empty data) on every connection that would otherwise start silent, and may be asked to
// poll: the server closes a connection after `holdMs`, telling the client with `retry:` how long to
// wait before it resumes (SERVE-9). 2026-07-28 exchanges have no resumption (HTTP-14): they never get here.
import type { ServerResponse } from 'node:http';
import type { JsonRpcMessage } from '../../protocol/index.js';
import type { Channel } from './connection.js';

/** How much of a session's stream traffic is kept for replay. */
export interface ReplayLimits {
  /** @defaultValue 1000 */
  maxEvents: number;
  /** @defaultValue 4 MiB */
  maxBytes: number;
  /** @defaultValue 300000 (5 min) */
  maxAgeMs: number;
}

export interface StreamPolicy {
  /** Whether connections are primed and may be closed to poll: the session negotiated 2025-11-25 or later. */
  primed: () => boolean;
  /** Close a primed connection after this long without ending its stream (SSE polling). */
  holdMs?: number;
  /** The `retry:` sent before such a close. */
  retryMs: number;
  /** A request's stream left without a connection this long has its request cancelled: nobody is coming back for it. */
  resumeWindowMs: number;
}

export const DEFAULT_REPLAY_LIMITS: ReplayLimits = { maxEvents: 1000, maxBytes: 4 * 1024 * 1024, maxAgeMs: 300_000 };

interface Stored {
  stream: SseStream;
  seq: number;
  frame: string;
  at: number;
}

const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' };

/** One SSE stream of a session: a POST's answer or the GET stream, across the connections that carry it. */
export class SseStream implements Channel {
  /** Stored events of this stream not yet evicted, oldest first. */
  readonly kept: Stored[] = [];
  /** The highest sequence number evicted from the log: a resume from before it has a gap. */
  evictedThrough = 0;
  private seq = 0;
  private res: ServerResponse | undefined;
  private finishedFlag = false;
  private holdTimer: ReturnType<typeof setTimeout> | undefined;
  private abandonTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly no: number,
    private readonly owner: SessionStreams,
    /** Called when the stream stays without a connection for the resume window before it finished. */
    private readonly onAbandon?: () => void,
  ) {}

  /** Whether a connection carries the stream now. */
  get open(): boolean {
    return this.res !== undefined && !this.res.writableEnded && !this.res.destroyed;
  }

  get finished(): boolean {
    return this.finishedFlag;
  }

  /** The id of the latest event, for tests and logs. */
  get lastId(): string {
    return `${this.no}-${this.seq}`;
  }

  send(message: JsonRpcMessage): void {
    if (this.finishedFlag) return;
    const seq = ++this.seq;
    const frame = `id: ${this.no}-${seq}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`;
    this.owner.store({ stream: this, seq, frame, at: Date.now() });
    if (this.open) this.res!.write(frame);
  }

  /** Ends the stream (after its last message, if any): the connection is closed, the events stay for replay. */
  finish(message?: JsonRpcMessage): void {
    if (this.finishedFlag) return;
    if (message) this.send(message);
    this.finishedFlag = true;
    clearTimeout(this.abandonTimer);
    this.release();
    this.owner.forgetIfEmpty(this);
  }

  /** Carries the stream on `res`, replaying what came after `after` first. */
  attach(res: ServerResponse, headers: Record<string, string>, after?: number): void {
    if (this.res && this.res !== res) this.release();
    this.res = res;
    clearTimeout(this.abandonTimer);
    res.writeHead(200, { ...headers, ...SSE_HEADERS });
    res.flushHeaders();
    res.on('close', () => {
      if (this.res !== res) return;
      this.res = undefined;
      clearTimeout(this.holdTimer);
      if (!this.finishedFlag && this.onAbandon) {
        this.abandonTimer = setTimeout(this.onAbandon, this.owner.policy.resumeWindowMs);
        this.abandonTimer.unref?.();
      }
    });
    let replayed = 0;
    if (after !== undefined)
      for (const e of this.kept)
        if (e.seq > after) {
          res.write(e.frame);
          replayed++;
        }
    if (this.finishedFlag) return void res.end();
    const primed = this.owner.policy.primed();
    // A connection must show an id before it may be cut, or the client could not resume it.
    if (primed && replayed === 0) res.write(`id: ${this.no}-${++this.seq}\ndata:\n\n`);
    const hold = this.owner.policy.holdMs;
    if (primed && hold !== undefined) {
      this.holdTimer = setTimeout(() => {
        if (this.res !== res || this.finishedFlag) return;
        res.end(`retry: ${this.owner.policy.retryMs}\n\n`);
      }, hold);
      this.holdTimer.unref?.();
    }
  }

  /** Closes the connection without ending the stream. */
  release(): void {
    clearTimeout(this.holdTimer);
    const res = this.res;
    this.res = undefined;
    if (res && !res.writableEnded) res.end();
  }

  /** Drops the stream for good (the session ended). */
  drop(): void {
    this.finishedFlag = true;
    clearTimeout(this.abandonTimer);
    this.release();
  }
}

/** Why a `Last-Event-ID` cannot be resumed, as an HTTP answer. */
export interface ResumeRefusal {
  status: 400 | 410;
  message: string;
}

/** Every stream of one session and the replay log they share. */
export class SessionStreams {
  private nextNo = 1;
  private readonly streams = new Map<number, SseStream>();
  private readonly log: Stored[] = [];
  private bytes = 0;

  constructor(
    readonly policy: StreamPolicy,
    private readonly limits: ReplayLimits = DEFAULT_REPLAY_LIMITS,
  ) {}

  /** Events kept for replay now. */
  get keptEvents(): number {
    return this.log.length;
  }

  get streamCount(): number {
    return this.streams.size;
  }

  /** A new stream, carried first by `res`. */
  open(res: ServerResponse, headers: Record<string, string> = {}, onAbandon?: () => void): SseStream {
    const stream = new SseStream(this.nextNo++, this, onAbandon);
    this.streams.set(stream.no, stream);
    stream.attach(res, headers);
    return stream;
  }

  /** Resumes the stream a `Last-Event-ID` names on `res`; a refusal when it cannot be done faithfully. */
  resume(lastEventId: string, res: ServerResponse): SseStream | ResumeRefusal {
    const m = /^(\d{1,15})-(\d{1,15})$/.exec(lastEventId.trim());
    const no = m ? Number(m[1]) : NaN;
    if (!m || no >= this.nextNo) return { status: 400, message: `Last-Event-ID ${JSON.stringify(lastEventId)} is not an event id of this session` };
    this.expire(Date.now());
    const stream = this.streams.get(no);
    const after = Number(m[2]);
    // A gap is refused rather than replayed silently: the client would miss messages without knowing.
    if (!stream || stream.evictedThrough > after) {
      return {
        status: 410,
        message: `the events after ${lastEventId} are no longer kept (replay keeps ${this.limits.maxEvents} events, ${this.limits.maxAgeMs} ms)`,
      };
    }
    stream.attach(res, {}, after);
    return stream;
  }

  /** Ends every stream and forgets every event: the session is over. */
  clear(): void {
    for (const s of this.streams.values()) s.drop();
    this.streams.clear();
    this.log.length = 0;
    this.bytes = 0;
  }

  /** @internal Keeps an event for replay, evicting the oldest ones past the limits. */
  store(event: Stored): void {
    this.log.push(event);
    event.stream.kept.push(event);
    this.bytes += event.frame.length;
    while (this.log.length > this.limits.maxEvents || (this.bytes > this.limits.maxBytes && this.log.length > 1)) this.evictOldest();
    this.expire(event.at);
  }

  /** @internal A finished stream with nothing left to replay is forgotten. */
  forgetIfEmpty(stream: SseStream): void {
    if (stream.finished && stream.kept.length === 0) this.streams.delete(stream.no);
  }

  private expire(now: number): void {
    while (this.log.length > 0 && now - this.log[0]!.at > this.limits.maxAgeMs) this.evictOldest();
  }

  private evictOldest(): void {
    const e = this.log.shift()!;
    this.bytes -= e.frame.length;
    // The log and each stream's list are in the same order, so the oldest of both are one event.
    e.stream.kept.shift();
    e.stream.evictedThrough = e.seq;
    this.forgetIfEmpty(e.stream);
  }
}
