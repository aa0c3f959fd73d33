// Stops a server nobody called for a while (config `idleStopAfter`). A call in flight keeps it up
// however long it runs; the clock starts again when the last call ends.

export class IdleStop {
  private inFlight = 0;
  private timer?: ReturnType<typeof setTimeout>;

  /** Whether this server stops when idle at all; when not, calls need not be counted. */
  readonly enabled: boolean;

  /** `afterMs` undefined or 0: never fires. */
  constructor(
    private readonly afterMs: number | undefined,
    private readonly onIdle: () => void,
  ) {
    this.enabled = !!afterMs;
  }

  /** The server became ready: start counting. */
  arm(): void {
    this.reset();
  }

  /** A call starts; returns the function to call when it ends. */
  begin(): () => void {
    this.inFlight++;
    clearTimeout(this.timer);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
      this.reset();
    };
  }

  /** The server stopped (idle, crash, stop()): nothing to count any more. */
  disarm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private reset(): void {
    clearTimeout(this.timer);
    if (!this.afterMs || this.inFlight > 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.inFlight === 0) this.onIdle();
    }, this.afterMs);
    // An idle timer must never keep the agent's process alive.
    this.timer.unref?.();
  }
}
