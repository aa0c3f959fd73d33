// Tool search over the registry: which of hundreds of tools fits what the agent wants to do. The
// index is built on the first search and then follows the registry: a change marks it stale, and
// the next search re-indexes only the definitions that are new or different.
import type { ToolDef, ToolParam } from '../bridge/types.js';
import type { DeferredLoadingSettings } from './deferred-tools.js';
import type { Entry } from './entry.js';
import { FIELD_WEIGHTS, SearchIndex } from './search/bm25.js';
import { fuseRankings, type EmbedTexts, VectorIndex } from './search/vectors.js';

/** One tool found by {@link Registry.searchTools}, best first. */
export interface ToolSearchResult {
  /** The exposed name: the one to call it by, and the one in the specs. */
  name: string;
  /** The configured server; absent for native tools. */
  server?: string;
  /** Relevance, higher is better; comparable only within one search. */
  score: number;
  description: string;
}

/** Options of one search. */
export interface ToolSearchOptions {
  /** How many tools at most. @defaultValue 5 */
  limit?: number;
}

/** Registry-wide tool search settings. */
export interface ToolSearchSettings extends DeferredLoadingSettings {
  /**
   * Your embedding function, for hybrid ranking: given texts, their vectors (any dimension, one per
   * text, same order). Tool texts are embedded once per definition; each query once. Without it,
   * ranking is lexical (BM25F) alone; nothing is ever downloaded.
   */
  embed?: EmbedTexts;
}

const DEFAULT_LIMIT = 5;

/**
 * Gives a tool definition's texts to the index field by field, with no intermediate object: the
 * first search reads thousands. The caller files the document (`end`).
 */
function indexTool(index: SearchIndex, id: string, def: ToolDef): void {
  // The name as the server gave it; a prefix (usually the server's name) counts with the server.
  index.begin(id, def.originalName);
  if (def.title && def.title !== def.originalName) index.title(def.title);
  if (def.description) index.add(def.description, FIELD_WEIGHTS.description);
  addParams(index, def.params, 0);
  if (def.server) index.add(def.server, FIELD_WEIGHTS.server);
  const prefix = def.name.endsWith(def.originalName) ? def.name.slice(0, -def.originalName.length) : def.name;
  if (prefix) index.add(prefix, FIELD_WEIGHTS.server);
}

/** Parameter names and descriptions; nested members say what a tool takes as much as top-level ones, deep trees say little more. */
function addParams(index: SearchIndex, params: readonly ToolParam[], depth: number): void {
  for (let i = 0; i < params.length; i++) addParam(index, params[i] as ToolParam, depth);
}

function addParam(index: SearchIndex, p: ToolParam, depth: number): void {
  if (p.name !== '[]') index.add(p.name, FIELD_WEIGHTS.params);
  if (p.description) index.add(p.description, FIELD_WEIGHTS.paramText);
  if (depth < 2) {
    if (p.properties) addParams(index, p.properties, depth + 1);
    if (p.items) addParam(index, p.items, depth + 1);
  }
}

export class ToolSearch {
  private readonly index = new SearchIndex();
  private readonly indexed = new Map<string, ToolDef>();
  private readonly vectors: VectorIndex | undefined;
  private stale = true;

  constructor(
    private readonly entries: () => ReadonlyMap<string, Entry>,
    settings: ToolSearchSettings = {},
    /** A tool never offered as a result (the search tool itself). */
    private readonly exclude?: string,
  ) {
    this.vectors = settings.embed ? new VectorIndex(settings.embed) : undefined;
  }

  /** Marks the index stale: the registry changed. */
  invalidate(): void {
    this.stale = true;
  }

  /** The best tools for `query`, best first. */
  async search(query: string, options: ToolSearchOptions = {}): Promise<ToolSearchResult[]> {
    const limit = Math.max(0, Math.floor(options.limit ?? DEFAULT_LIMIT));
    this.sync();
    if (!this.vectors) return this.results(this.index.search(query, limit));
    // Hybrid: fuse a wider lexical candidate list with the vector ranking.
    const lexical = this.index.search(query, Math.max(limit * 4, 20));
    const semantic = await this.vectors.search(query, this.indexed, Math.max(limit * 4, 20));
    return this.results(fuseRankings([lexical, semantic], limit));
  }

  /** Lexical search only, synchronously. */
  searchSync(query: string, options: ToolSearchOptions = {}): ToolSearchResult[] {
    this.sync();
    return this.results(this.index.search(query, Math.max(0, Math.floor(options.limit ?? DEFAULT_LIMIT))));
  }

  private results(hits: readonly { id: string; score: number }[]): ToolSearchResult[] {
    const out: ToolSearchResult[] = [];
    for (const hit of hits) {
      const def = this.indexed.get(hit.id);
      if (!def) continue;
      out.push({ name: def.name, ...(def.server !== undefined ? { server: def.server } : {}), score: round(hit.score), description: def.description });
    }
    return out;
  }

  /** Brings the index in step with the registry: only new, changed and removed definitions are touched. */
  private sync(): void {
    if (!this.stale) return;
    this.stale = false;
    const entries = this.entries();
    let kept = 0;
    // forEach, not for-of: no entry pair and no iterator result per tool, thousands on a first search.
    entries.forEach((entry, name) => {
      if (name === this.exclude) return;
      kept++;
      if (this.indexed.get(name) === entry.def) return;
      this.indexed.set(name, entry.def);
      indexTool(this.index, name, entry.def);
      this.index.end();
      this.vectors?.forget(name);
    });
    // Every kept entry is indexed now: as many indexed as kept means none left the registry.
    if (this.indexed.size === kept) return;
    for (const name of [...this.indexed.keys()]) {
      if (entries.has(name) && name !== this.exclude) continue;
      this.indexed.delete(name);
      this.index.delete(name);
      this.vectors?.forget(name);
    }
  }
}

/** Scores to 4 decimals: enough to rank, and stable in JSON output. */
function round(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}
