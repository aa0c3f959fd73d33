// A tiny typed multi-listener emitter; on() returns its own unsubscribe (no single-slot onX fields).

export type Listener<T> = (value: T) => void;

/** Emitter over an event map `{ name: payload }`. Listener errors are isolated from each other. */
export class Emitter<Events extends { [K in keyof Events]: unknown }> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  /** Subscribes; returns a function that unsubscribes. */
  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => {
      set.delete(listener as Listener<never>);
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
    const set = this.listeners.get(event);
    if (!set || set.size === 0) return false;
    // One listener (the common case on hot paths) needs no snapshot against changes during delivery.
    for (const listener of set.size === 1 ? set : [...set]) {
      try {
        (listener as Listener<Events[K]>)(value);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
    return true;
  }

  listenerCount<K extends keyof Events>(event: K): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** Called when a listener throws; the default rethrows asynchronously so the bug is not swallowed. */
  protected onListenerError(error: unknown, _event: keyof Events): void {
    queueMicrotask(() => {
      throw error;
    });
  }
}
