// The Tasks extension as a client capability: declared on every modern request unless turned off.
// Apart from the task driver (task-driver.ts), which only a modern connection loads.
import { TASKS_EXTENSION, type ClientCapabilities } from '../../protocol/index.js';

/** The per-request capabilities with the extension declared (TASKS-11), unless the user turned it off. */
export function withTasksExtension(capabilities: ClientCapabilities, enabled = true): ClientCapabilities {
  if (!enabled) return capabilities;
  const extensions = (capabilities.extensions as Record<string, object> | undefined) ?? {};
  return { ...capabilities, extensions: { ...extensions, [TASKS_EXTENSION]: {} } };
}
