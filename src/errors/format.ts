// Text helpers shared by the error classes (not part of the public API).

/** Indents every line of `text` by two spaces, for stderr tails inside messages. */
export function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => '  ' + l)
    .join('\n');
}
