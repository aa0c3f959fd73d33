// Records server-brave-search, unmodified, with the Brave API answered by a local fetch preload:
// realistic results and API/rate-limit errors (brave-search.jsonl) and a machine with no network
// (brave-search-offline.jsonl). BRAVE_API_KEY is a dummy; no request leaves the machine.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { call, repoRoot, serverEntry, settle, startRecording } from './harness.js';

const preload = pathToFileURL(join(repoRoot, 'dist', 'conformance', 'record', 'brave-fetch-preload.js')).href;

/** The server allows one API request per second; wait that out between calls. */
const rateWindow = () => settle(1200);

export async function recordBraveSearch(): Promise<void> {
  const base = {
    command: 'node',
    args: [serverEntry('server-brave-search')],
    nodeFlags: ['--import', preload],
  };
  const rec = await startRecording({
    ...base,
    trace: 'brave-search.jsonl',
    description:
      "server-brave-search (old SDK, 2024-11-05): handshake, tools/list, web and local search with canned API answers, API error 429, the server's own rate limit, bad arguments",
    env: { BRAVE_API_KEY: 'dummy-key-for-recording', MCPB_BRAVE_MODE: 'results' },
  });
  await rec.client.listTools();
  await call(rec, 'brave_web_search', { query: 'model context protocol', count: 3 });
  await rateWindow();
  await call(rec, 'brave_web_search', { query: 'unicode “quotes” & ünïcødé 日本' });
  // Back to back: the server's own limiter (1/s) refuses the second call.
  await call(rec, 'brave_web_search', { query: 'too fast' });
  await rateWindow();
  await call(rec, 'brave_web_search', { query: 'trigger-429' });
  await rateWindow();
  // Locations found: the server fetches POIs and descriptions in parallel and trips its own limiter.
  await call(rec, 'brave_local_search', { query: 'coffee in Ghent' });
  await rateWindow();
  // No locations: the server falls back to a web search.
  await call(rec, 'brave_local_search', { query: 'pizza in nowhere', count: 2 });
  await rateWindow();
  await call(rec, 'brave_web_search', { query: 5 });
  await call(rec, 'brave_web_search', {});
  await call(rec, 'unknown_tool', { query: 'x' });
  await rec.close();

  const off = await startRecording({
    ...base,
    trace: 'brave-search-offline.jsonl',
    description: 'server-brave-search with no network: every API call fails the way fetch does without DNS',
    env: { BRAVE_API_KEY: 'dummy-key-for-recording', MCPB_BRAVE_MODE: 'offline' },
  });
  await off.client.listTools();
  await call(off, 'brave_web_search', { query: 'anything' });
  await rateWindow();
  await call(off, 'brave_local_search', { query: 'coffee' });
  await off.close();
}
