// Small statistics helpers: medians across repetitions, percentiles of latency samples.

/** Median of the finite numbers in `xs`; undefined when there are none. */
export function median(xs: readonly (number | undefined | null)[]): number | undefined {
  const v = xs.filter((x): x is number => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return undefined;
  const m = v.length >> 1;
  return v.length % 2 === 1 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/** Nearest-rank percentile (p in 0..100) of a sample; sorts a copy. */
export function percentile(xs: readonly number[], p: number): number | undefined {
  if (xs.length === 0) return undefined;
  const v = Float64Array.from(xs).sort();
  const rank = Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1));
  return v[rank];
}

/** a / b, or undefined when either is missing or b is 0. */
export function ratio(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined || b === undefined || b === 0 || !Number.isFinite(a) || !Number.isFinite(b)) return undefined;
  return a / b;
}
