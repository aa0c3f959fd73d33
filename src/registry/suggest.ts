// Close-match suggestions for an unknown tool name: edit distance, plus names that differ only by
// a prefix (the model dropped or invented one), by a cut-off tail, or by case.
import { editDistance } from '../config/suggest.js';

/** Up to `max` candidate names close to `wanted`, best first. `aliases` maps a name to other spellings (its original name). */
export function closeMatches(wanted: string, candidates: Iterable<string>, aliases: (name: string) => string[] = () => [], max = 3): string[] {
  const w = wanted.toLowerCase();
  const scored: [string, number][] = [];
  for (const name of candidates) {
    let best = Infinity;
    for (const spelling of [name, ...aliases(name)]) {
      const s = spelling.toLowerCase();
      if (s === w) best = Math.min(best, 0);
      else if (s.endsWith(`_${w}`) || w.endsWith(`_${s}`) || s.endsWith(w) || w.endsWith(s)) best = Math.min(best, 1);
      // A name the model cut short (`fs_move` for `fs_move_file`).
      else if (w.length >= 4 && s.startsWith(w)) best = Math.min(best, 2);
      else {
        const d = editDistance(w, s);
        if (d <= Math.max(2, Math.floor(Math.max(w.length, s.length) / 4))) best = Math.min(best, 1 + d);
      }
    }
    if (best < Infinity) scored.push([name, best]);
  }
  return scored.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).slice(0, max).map(([name]) => name);
}
