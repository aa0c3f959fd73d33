// "Did you mean": the one home of close-match suggestions, for unknown config keys and values
// (`closest`) and unknown tool names (`closeMatches`), both on one edit distance.

/**
 * Levenshtein distance between two strings (insert, delete, substitute each cost 1), also counting
 * a swap of two neighbours as 1 (optimal string alignment), since `tpye` is one slip, not two.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const up = rows[i - 1]!;
      row[j] = Math.min(up[j]! + 1, row[j - 1]! + 1, up[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidate closest to `input`, compared case-insensitively, when the distance is small
 * relative to the length (1 for words up to 3 letters, else 2 or a third of the longer word); otherwise undefined.
 */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  const needle = input.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = editDistance(needle, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  if (best === undefined) return undefined;
  const longer = Math.max(input.length, best.length);
  const limit = longer <= 3 ? 1 : Math.max(2, Math.floor(longer / 3));
  return bestDistance <= limit && bestDistance < Math.max(input.length, best.length) ? best : undefined;
}

/**
 * Close-match suggestions for an unknown tool name: edit distance, plus names that differ only by
 * a prefix (the model dropped or invented one), by a cut-off tail, or by case.
 * Up to `max` candidate names close to `wanted`, best first. `aliases` maps a name to other spellings (its original name). */
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
  return scored
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([name]) => name);
}
