// "Did you mean" for unknown keys and values: the closest candidate by edit distance, if close enough.

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
