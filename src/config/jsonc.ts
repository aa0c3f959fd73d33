// Blanks out // and /* */ comments in JSON-with-comments (VS Code's mcp.json), keeping every
// other character and every newline where it was, so parser positions still match the file.

/** Returns `text` with JSONC comments replaced by spaces; strings are left untouched. */
export function blankJsonComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += blank(text.slice(i, stop));
      i = stop;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '"' || text[i] === '\n') return i + 1;
  }
  return text.length;
}

function blank(s: string): string {
  return s.replace(/[^\r\n]/g, ' ');
}
