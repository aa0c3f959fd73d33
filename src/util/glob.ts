// Name globs as the config writes them: `*` matches any run of characters, everything else is itself.

/** A regular expression matching the whole of a name against `pattern`, where `*` is any run of characters. */
export function globPattern(pattern: string): RegExp {
  return new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`, 's');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
