// Body excerpts for HTTP error messages. (URL redaction lives with every other secret rule in
// protocol/redact.ts.)

/** The first `max` characters of a body, for an error message; marks the cut. */
export function excerpt(text: string, max = 500): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}
