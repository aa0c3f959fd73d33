// Follows nextCursor to the end (PAGE-2, PAGE-3), guarding against servers that never converge.
import { PaginationError } from '../errors/client-errors.js';

/** Most pages one listing may take before it is treated as a server bug. */
export const MAX_PAGES = 1000;

/**
 * Collects every item of a paginated listing. Cursors are opaque (PAGE-4); only an absent or null
 * `nextCursor` ends the listing, an empty string is a cursor (PAGE-5).
 * @throws PaginationError (`MCPB_PAGINATION_LOOP`) on a repeated cursor or past {@link MAX_PAGES}.
 */
export async function collectPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | null }>,
  ctx: { server?: string; method: string; maxPages?: number },
): Promise<T[]> {
  const maxPages = ctx.maxPages ?? MAX_PAGES;
  const seen = new Set<string>();
  const items: T[] = [];
  let cursor: string | undefined;
  for (let pages = 1; ; pages++) {
    const page = await fetchPage(cursor);
    for (const item of page.items) items.push(item);
    const next = page.nextCursor;
    if (next === undefined || next === null) return items;
    if (seen.has(next)) throw new PaginationError({ server: ctx.server, method: ctx.method, pages, cursor: next }, 'repeated a cursor');
    if (pages >= maxPages) throw new PaginationError({ server: ctx.server, method: ctx.method, pages }, `did not end`);
    seen.add(next);
    cursor = next;
  }
}
