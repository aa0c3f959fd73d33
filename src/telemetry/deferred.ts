// Telemetry the manager can hand to its clients before it is loaded: `tools.mcp.telemetry` is read
// synchronously with the config, while `@opentelemetry/api` arrives by import(). Requests sent
// before the load ends (none, once Manager.start has awaited it) go untraced rather than wait.
import type { RequestObserver, RequestTelemetry } from '../session/observer.js';
import { createTelemetry, type TelemetryOptions } from './index.js';

/** Telemetry that starts loading now; `ready` settles when it is usable (rejects if it cannot load). */
export function deferredTelemetry(options: TelemetryOptions): { telemetry: RequestTelemetry; ready: Promise<void> } {
  let loaded: RequestTelemetry | undefined;
  const ready = createTelemetry(options).then((t) => {
    loaded = t;
  });
  // Read by start(); a load failure must not also surface as an unhandled rejection.
  ready.catch(() => {});
  const telemetry: RequestTelemetry = {
    observer(peer): RequestObserver {
      let inner: RequestObserver | undefined;
      return {
        open(id, method, params) {
          inner ??= loaded?.observer(peer);
          return inner ? inner.open(id, method, params) : { params, end: () => {} };
        },
      };
    },
  };
  return { telemetry, ready };
}
