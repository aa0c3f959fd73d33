// A linked in-memory transport pair: what one side sends, the other receives (as parsed JSON, the
// way real transports deliver it). For session tests without processes.
import { Emitter, type JsonRpcMessage } from '../../protocol/index.js';
import type { Transport, TransportCloseInfo, TransportEvents } from '../../src/transports/transport.js';

export class MemoryTransport implements Transport {
  readonly kind = 'memory';
  readonly events = new Emitter<TransportEvents>();
  readonly sent: JsonRpcMessage[] = [];
  peer?: MemoryTransport;
  closed = false;
  protocolVersion?: string;

  async start(): Promise<void> {}

  async send(message: JsonRpcMessage): Promise<void> {
    if (this.closed) throw new Error('memory transport closed');
    this.sent.push(message);
    // Round-trip through JSON like a real wire, delivered asynchronously.
    const copy = JSON.parse(JSON.stringify(message));
    const peer = this.peer;
    queueMicrotask(() => {
      if (peer && !peer.closed) peer.events.emit('message', copy);
    });
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  async close(): Promise<void> {
    this.end({ reason: 'closed', message: 'closed by the test' });
    this.peer?.end({ reason: 'disconnected', message: 'the peer closed the connection' });
  }

  /** Ends this side with the given info (e.g. to simulate a crash). */
  end(info: TransportCloseInfo): void {
    if (this.closed) return;
    this.closed = true;
    this.events.emit('close', info);
  }

  /** Delivers a raw value as if the peer had sent it. */
  inject(value: unknown): void {
    this.events.emit('message', value);
  }
}

/** Two transports wired to each other: `[client side, server side]`. */
export function linkedPair(): [MemoryTransport, MemoryTransport] {
  const a = new MemoryTransport();
  const b = new MemoryTransport();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

/** A manual clock for timeout tests: time moves only when the test says so. */
export class ManualClock {
  private t = 0;
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** Advances time, firing due timers in order. */
  advance(ms: number): void {
    const target = this.t + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const e of this.timers) if (e[1].at <= target && (!next || e[1].at < next[1].at)) next = e;
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = next[1].at;
      next[1].fn();
    }
    this.t = target;
  }
  get pendingTimers(): number {
    return this.timers.size;
  }
}

/** Lets queued microtasks and immediate callbacks run. */
export const tick = () => new Promise<void>((r) => setImmediate(r));
