// The optional semantic half of tool search: vectors from the user's own embedding function, cosine
// similarity, and reciprocal rank fusion with the lexical ranking. Nothing here knows a model; a
// registry without `embed` never loads a vector.
import type { ToolDef } from '../../bridge/types.js';

/** Texts in, one vector per text out, in order (any dimension, the same for every call). */
export type EmbedTexts = (texts: string[]) => number[][] | Promise<number[][]>;

/** What a tool's vector is made from: what it is called and what it says it does. */
function embeddingText(def: ToolDef): string {
  return [def.name, def.title !== def.name ? def.title : '', def.description].filter(Boolean).join('\n');
}

function unit(v: readonly number[]): Float64Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  const out = Float64Array.from(v);
  if (norm > 0) {
    const inv = 1 / Math.sqrt(norm);
    for (let i = 0; i < out.length; i++) (out[i] as number) *= inv;
  }
  return out;
}

export class VectorIndex {
  private readonly vectors = new Map<string, Float64Array>();

  constructor(private readonly embed: EmbedTexts) {}

  /** Drops a tool's vector (its definition changed or it left). */
  forget(name: string): void {
    this.vectors.delete(name);
  }

  /** The `limit` tools nearest to `query` by cosine similarity, embedding the tools not embedded yet. */
  async search(query: string, tools: ReadonlyMap<string, ToolDef>, limit: number): Promise<{ id: string; score: number }[]> {
    const missing = [...tools.keys()].filter((name) => !this.vectors.has(name));
    const texts = [query, ...missing.map((name) => embeddingText(tools.get(name) as ToolDef))];
    const got = await this.embed(texts);
    if (!Array.isArray(got) || got.length !== texts.length)
      throw new TypeError(`toolSearch.embed returned ${Array.isArray(got) ? got.length : typeof got} vectors for ${texts.length} texts`);
    missing.forEach((name, i) => this.vectors.set(name, unit(got[i + 1] as number[])));
    const q = unit(got[0] as number[]);
    const scored: { id: string; score: number }[] = [];
    for (const name of tools.keys()) {
      const v = this.vectors.get(name) as Float64Array;
      let dot = 0;
      for (let i = 0; i < q.length && i < v.length; i++) dot += (q[i] as number) * (v[i] as number);
      scored.push({ id: name, score: dot });
    }
    scored.sort((a, b) => b.score - a.score);
    return scored.slice(0, limit);
  }
}

/** Reciprocal rank fusion (Cormack et al., 2009): each ranking adds 1 / (60 + rank); robust to unlike score scales. */
export function fuseRankings(rankings: readonly (readonly { id: string }[])[], limit: number): { id: string; score: number }[] {
  const fused = new Map<string, number>();
  for (const ranking of rankings) ranking.forEach((hit, rank) => fused.set(hit.id, (fused.get(hit.id) ?? 0) + 1 / (60 + rank + 1)));
  return [...fused]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}
