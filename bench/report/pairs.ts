// Ratios as spreads. Each repetition runs mcp-bridge and the raw loops back to back (their order
// reversed every other repetition: us, raw, raw, us, us, raw...), so repetition i gives pair i; a ratio
// is the median of the pairs' ratios with its min–max, and a target is met only when the median meets it.
import { median } from '../lib/stats.js';
import type { Results } from './results.js';

/**
 * The loops whose best figure in a repetition is the limit: raw (stdio batched, undici dispatch),
 * raw-node-http, and raw-unbatched, so that whichever hand-written loop does best in a pair (on a
 * loaded machine the unbatched one sometimes moves more calls) is the bar.
 */
export const LIMIT_CLIENTS = ['raw', 'raw-node-http', 'raw-unbatched'] as const;

/**
 * The loop that does for each call what mcp-bridge does by default (the progress token, a deadline,
 * the answer's checks): the like-for-like comparison, reported beside the limit (never part of it).
 */
export const LIKE_FOR_LIKE_CLIENT = 'raw-defaults';

/** A loop between the limit and the like-for-like one, with the progress token alone: it splits the defaults' cost in two. */
export const TOKEN_ONLY_CLIENT = 'raw-progress';

/** The clients run back to back in each repetition, so their figures pair up (`mcp-bridge-base`: the `--base` build, when given). */
export const PAIRED_CLIENTS = ['mcp-bridge', 'mcp-bridge-base', ...LIMIT_CLIENTS, TOKEN_ONLY_CLIENT, LIKE_FOR_LIKE_CLIENT] as const;

/** Pairwise ratios: their median, min, max, and how many pairs they came from. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  pairs: number;
  ratios: number[];
}

function runValue(results: Results, key: string, client: string, metric: string, i: number): number | undefined {
  const run = results[key]?.[client]?.runs[i];
  const v = run?.ok ? run.metrics[metric] : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** The limit in repetition i: the better of the limit loops' figures (higher or lower is better). */
export function limitAt(results: Results, key: string, metric: string, better: 'lower' | 'higher', i: number): number | undefined {
  const vs = LIMIT_CLIENTS.map((c) => runValue(results, key, c, metric, i)).filter((v): v is number => v !== undefined);
  if (vs.length === 0) return undefined;
  return better === 'higher' ? Math.max(...vs) : Math.min(...vs);
}

/** `of` (mcp-bridge unless named) / `against` per repetition (`limit` = the best raw loop of that repetition). */
export function pairSpread(results: Results, key: string, metric: string, better: 'lower' | 'higher', against: string, of = 'mcp-bridge'): Spread | undefined {
  const n = results[key]?.[of]?.runs.length ?? 0;
  const ratios: number[] = [];
  for (let i = 0; i < n; i++) {
    const us = runValue(results, key, of, metric, i);
    const them = against === 'limit' ? limitAt(results, key, metric, better, i) : runValue(results, key, against, metric, i);
    if (us !== undefined && them !== undefined && them !== 0) ratios.push(us / them);
  }
  if (ratios.length === 0) return undefined;
  return { median: median(ratios)!, min: Math.min(...ratios), max: Math.max(...ratios), pairs: ratios.length, ratios };
}

/** `0.71× (0.65–0.80)`, or `0.71× (1 pair)` when there is no spread to show. */
export function fmtSpread(s: Spread | undefined, digits = 2): string {
  if (!s) return '–';
  const f = (r: number): string => r.toFixed(digits);
  return s.pairs === 1 ? `${f(s.median)}× (1 pair)` : `${f(s.median)}× (${f(s.min)}–${f(s.max)})`;
}

/** How many pairs meet `ok`, e.g. `4/5 pairs met`. */
export function pairsMet(s: Spread, ok: (r: number) => boolean): string {
  return `${s.ratios.filter(ok).length}/${s.pairs} pairs met`;
}
