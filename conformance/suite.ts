// `npm run conformance`: replays every recorded trace through our client and bridge (see
// check-trace.ts for what is checked) and prints one line per trace and `N passed, M failed`.
// `--update` rewrites the expected files (read them by hand before committing); names filter traces.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkTrace, tracesDir, type TraceVerdict } from './check-trace.js';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const update = args.includes('--update');
  const only = args.filter((a) => !a.startsWith('--'));
  const files = readdirSync(tracesDir)
    .filter((f) => f.endsWith('.jsonl') && (only.length === 0 || only.some((o) => f.includes(o))))
    .sort();
  let passed = 0;
  let failed = 0;
  for (const f of files) {
    let res: TraceVerdict;
    try {
      res = await checkTrace(join(tracesDir, f), { update });
    } catch (e) {
      res = { ok: false, lines: [`FAIL ${f}: ${(e as Error).stack ?? e}`] };
    }
    console.log(res.lines.join('\n'));
    if (res.ok) passed++;
    else failed++;
  }
  console.log(`conformance: ${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 || files.length === 0 ? 1 : 0;
}

await main();
