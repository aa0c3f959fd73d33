#!/usr/bin/env node
// Import cost of two or more builds of the bundle, compared in alternated cold processes: the CPU
// time (process.cpuUsage, all threads) and the wall time of `await import()` of one entry file above
// the floor of an empty module imported first, as W1 measures it. CPU is what to read on a shared
// machine: the load moves wall time by 2x and more, CPU far less.
//
//   node scripts/import-ab.mjs [--pairs 31] [--entry index.js] main=/tmp/base/dist/bundle this=dist/bundle
//
// Each bundle is copied into a temp folder of its own beside a package.json of type module, so every
// variant is loaded under the same conditions (outside a `"type": "module"` scope Node would parse a
// .js file twice, as CommonJS first). Prints each variant's medians and, for every variant after the
// first, the median of its per-pair ratios to the first with their min-max.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
let pairs = 31;
let entry = 'index.js';
const variants = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--pairs') pairs = Number(args[++i]);
  else if (args[i] === '--entry') entry = args[++i];
  else {
    const [label, dir] = args[i].split('=');
    if (!label || !dir) throw new Error(`import-ab: expected label=bundle-dir, got ${args[i]}`);
    variants.push({ label, dir: resolve(dir), cpu: [], wall: [] });
  }
}
if (variants.length < 2 || !(pairs > 0)) throw new Error('import-ab: give --pairs N and at least two label=bundle-dir');

const root = mkdtempSync(join(tmpdir(), 'mcpb-import-ab-'));
try {
  writeFileSync(join(root, 'package.json'), '{"type":"module"}\n');
  writeFileSync(join(root, 'empty.js'), 'export {};\n');
  const probe = join(root, 'probe.js');
  writeFileSync(
    probe,
    [
      'await import(process.argv[2]);',
      'const t = performance.now();',
      'const c = process.cpuUsage();',
      'await import(process.argv[3]);',
      'const used = process.cpuUsage(c);',
      'process.stdout.write(JSON.stringify({ wall: performance.now() - t, cpu: (used.user + used.system) / 1000 }));',
    ].join('\n'),
  );
  for (const [i, v] of variants.entries()) {
    v.file = join(root, `v${i}`, entry);
    cpSync(v.dir, join(root, `v${i}`), { recursive: true });
  }
  const empty = pathToFileURL(join(root, 'empty.js')).href;
  for (let p = 0; p < pairs; p++) {
    // Alternated: A B C, C B A, A B C, ...
    for (const v of p % 2 ? [...variants].reverse() : variants) {
      const out = JSON.parse(execFileSync(process.execPath, [probe, empty, pathToFileURL(v.file).href], { encoding: 'utf8' }));
      v.cpu.push(out.cpu);
      v.wall.push(out.wall);
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs) => `${median(xs).toFixed(3)} (${Math.min(...xs).toFixed(3)}-${Math.max(...xs).toFixed(3)})`;
const load = loadavg()[0].toFixed(1);
console.log(`${entry} above the empty-module floor, ${pairs} alternated pairs, load average ${load}`);
for (const v of variants) console.log(`${v.label}: CPU ${median(v.cpu).toFixed(2)} ms, wall ${median(v.wall).toFixed(2)} ms`);
const [first] = variants;
for (const v of variants.slice(1)) {
  const cpu = v.cpu.map((x, i) => x / first.cpu[i]);
  const wall = v.wall.map((x, i) => x / first.wall[i]);
  console.log(`${v.label}/${first.label}: CPU ${spread(cpu)}, wall ${spread(wall)}`);
}
