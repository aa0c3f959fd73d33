// A tiny typed multi-listener emitter; on() returns its own unsubscribe (no single-slot onX fields).

export type Listener<T> = (value: T) => void;

/** Emitter over an event map `{ name: payload }`. Listener errors are isolated from each other. */
export class Emitter<Events extends { [K in keyof Events]: unknown }> {
  // Each event's listeners as an array replaced, never changed, by on() and off(): a delivery walks
  // the array it started with (a listener added or removed meanwhile counts from the next one), with
  // an index rather than an iterator, which costs every message an allocation and two calls until V8
  // optimises the loop.
  private readonly listeners = new Map<keyof Events, readonly Listener<never>[]>();

  /** Subscribes; returns a function that unsubscribes. A listener already subscribed to `event` is not added twice. */
  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    const current = this.listeners.get(event) ?? [];
    if (!current.includes(listener as Listener<never>)) this.listeners.set(event, [...current, listener as Listener<never>]);
    return () => {
      const now = this.listeners.get(event);
      if (now)
        this.listeners.set(
          event,
          now.filter((l) => l !== listener),
        );
    };
  }

  /** Subscribes for one delivery only. */
  once<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    const off = this.on(event, (value) => {
      off();
      listener(value);
    });
    return off;
  }

  /** Delivers to every listener; returns whether anyone listened. A throwing listener is reported to `onListenerError`. */
  emit<K extends keyof Events>(event: K, value: Events[K]): boolean {
    const list = this.listeners.get(event);
    if (list === undefined || list.length === 0) return false;
    for (let i = 0; i < list.length; i++) {
      try {
        (list[i] as Listener<Events[K]>)(value);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
    return true;
  }

  listenerCount<K extends keyof Events>(event: K): number {
    return this.listeners.get(event)?.length ?? 0;
  }

  /** Called when a listener throws; the default rethrows asynchronously so the bug is not swallowed. */
  protected onListenerError(error: unknown, _event: keyof Events): void {
    queueMicrotask(() => {
      throw error;
    });
  }
}
