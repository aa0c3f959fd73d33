// Node `--import` preload for recording server-brave-search unmodified: replaces global fetch so the
// Brave API is answered locally and no request leaves the machine. MCPB_BRAVE_MODE=offline makes every
// fetch fail the way undici does without a network; the default answers with realistic canned data.
const mode = process.env.MCPB_BRAVE_MODE ?? 'results';

function offlineError(url: string): TypeError {
  const cause = Object.assign(new Error(`getaddrinfo ENOTFOUND ${new URL(url).hostname}`), { code: 'ENOTFOUND', syscall: 'getaddrinfo' });
  return new TypeError('fetch failed', { cause });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function webResults(q: string, count: number): unknown {
  const base = [
    {
      title: `${q} - Wikipedia`,
      url: `https://en.wikipedia.org/wiki/${encodeURIComponent(q.replace(/ /g, '_'))}`,
      description: `An overview of <strong>${q}</strong>, its history and uses.`,
    },
    { title: `What is ${q}? A practical guide`, url: 'https://example.com/guide', description: `Learn how ${q} works, with examples &amp; best practices.` },
    { title: `${q} on GitHub`, url: 'https://github.com/topics/example', description: 'Open-source projects, specifications and SDKs.' },
    { title: `Introducing ${q} (2024)`, url: 'https://example.org/blog/introducing', description: 'Announcement post — “why we built it”.' },
  ];
  return {
    type: 'search',
    query: { original: q },
    web: { type: 'search', results: base.slice(0, count).map((r) => ({ ...r, type: 'search_result', language: 'en' })) },
  };
}

async function brave(url: URL): Promise<Response> {
  const q = url.searchParams.get('q') ?? '';
  const count = Number(url.searchParams.get('count') ?? '10');
  if (url.pathname === '/res/v1/web/search') {
    if (q === 'trigger-429')
      return json({ type: 'ErrorResponse', error: { code: 'RATE_LIMITED', status: 429, detail: 'Request rate limit exceeded for plan.' } }, 429);
    if (url.searchParams.get('result_filter') === 'locations') {
      // Real API latency here lets the server's own 1-request-per-second limiter reset before its next call.
      await sleep(1100);
      if (/nowhere/i.test(q)) return json({ type: 'search', query: { original: q }, locations: { results: [] } });
      return json({
        type: 'search',
        query: { original: q },
        locations: {
          results: [
            { id: 'loc-1', title: 'Café Ghent' },
            { id: 'loc-2', title: 'Bean There' },
          ],
        },
      });
    }
    return json(webResults(q, count));
  }
  if (url.pathname === '/res/v1/local/pois') {
    return json({
      results: url.searchParams.getAll('ids').map((id, i) => ({
        id,
        name: `Place ${i + 1}`,
        address: { streetAddress: `${i + 1} Main St`, addressLocality: 'Ghent', postalCode: '9000' },
        phone: '+32 9 000 00 0' + i,
        rating: { ratingValue: 4.5, ratingCount: 120 },
        priceRange: '$$',
        openingHours: ['Mo-Fr 08:00-18:00'],
      })),
    });
  }
  if (url.pathname === '/res/v1/local/descriptions') {
    return json({ descriptions: Object.fromEntries(url.searchParams.getAll('ids').map((id) => [id, `A cosy place (${id}).`])) });
  }
  return json({ error: 'not found' }, 404);
}

globalThis.fetch = async (input: string | URL | Request): Promise<Response> => {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (mode === 'offline') throw offlineError(href);
  const url = new URL(href);
  if (url.hostname !== 'api.search.brave.com') throw offlineError(href);
  return brave(url);
};
