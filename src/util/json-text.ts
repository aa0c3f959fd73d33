// Server data as text for a log line or a message, never throwing: the caller is often a listener,
// where a throw would reach the host process rather than the server's report.

/** `value` as JSON (a string as it is); a placeholder naming the reason when it cannot be written. */
export function jsonText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch (error) {
    return `[data that cannot be written as JSON: ${error instanceof Error ? error.message : String(error)}]`;
  }
}
