// Install footprint: what `npm install` puts on a user's disk with --omit=dev, for our packed tarball
// and for the official SDK, each into its own empty temp project. Counts every installed package
// (the package itself included) and the apparent size of node_modules.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './lib/paths.js';

const run = promisify(execFile);
const NPM_FLAGS = ['--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];

/** What one install left behind. */
export interface Footprint {
  ok: boolean;
  error?: string;
  spec?: string;
  packages?: number;
  bytes?: number;
  names?: string[];
  /** The package itself (its folder in node_modules): apparent bytes, as `du -sb`. */
  ownBytes?: number;
  /** The same folder's disk usage (`du -sk` × 1024): every small file costs a whole block. */
  ownDiskBytes?: number;
  /** Files in the package's folder. */
  ownFiles?: number;
}

/** Every package folder under node_modules, nested ones included, as paths relative to the top one. */
function listPackages(nodeModules: string, out: string[] = [], top = nodeModules): string[] {
  if (!existsSync(nodeModules)) return out;
  for (const entry of readdirSync(nodeModules)) {
    if (entry.startsWith('.')) continue;
    const dir = join(nodeModules, entry);
    const dirs = entry.startsWith('@') ? readdirSync(dir).map((s) => join(dir, s)) : [dir];
    for (const d of dirs) {
      if (!existsSync(join(d, 'package.json'))) continue;
      out.push(d.slice(top.length + 1));
      listPackages(join(d, 'node_modules'), out, top);
    }
  }
  return out;
}

/** Apparent size in bytes (files and directory entries), like `du -sb`. */
function apparentSize(path: string): number {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.size;
  let total = st.size;
  for (const e of readdirSync(path)) total += apparentSize(join(path, e));
  return total;
}

function countFiles(path: string): number {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return 1;
  return readdirSync(path).reduce((n, e) => n + countFiles(join(path, e)), 0);
}

async function duBytes(path: string, flag: '-sb' | '-sk'): Promise<number> {
  try {
    const n = Number((await run('du', [flag, path])).stdout.split(/\s/)[0]);
    return flag === '-sk' ? n * 1024 : n;
  } catch {
    return apparentSize(path);
  }
}

async function installInto(spec: string, name: string): Promise<Footprint> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpb-footprint-'));
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'footprint-probe', version: '1.0.0', private: true }));
    await run('npm', ['install', ...NPM_FLAGS, spec], { cwd: dir, timeout: 180_000 });
    const nm = join(dir, 'node_modules');
    let bytes: number;
    try {
      bytes = Number((await run('du', ['-sb', nm])).stdout.split(/\s/)[0]);
    } catch {
      bytes = apparentSize(nm);
    }
    const names = listPackages(nm).sort();
    const own = join(nm, name);
    return {
      ok: true,
      spec,
      packages: names.length,
      bytes,
      names,
      ownBytes: await duBytes(own, '-sb'),
      ownDiskBytes: await duBytes(own, '-sk'),
      ownFiles: countFiles(own),
    };
  } catch (e) {
    return { ok: false, spec, error: (e as Error).message.slice(0, 500) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Packs this repo (needs a build) and installs the tarball; then installs the SDK at our dev version. */
export async function measureFootprints(): Promise<{ 'mcp-bridge': Footprint; sdk: Footprint }> {
  const packDir = mkdtempSync(join(tmpdir(), 'mcpb-pack-'));
  let bridge: Footprint;
  try {
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', packDir, '--loglevel=error'], { cwd: repoRoot, timeout: 120_000 });
    const file = (JSON.parse(stdout) as { filename: string }[])[0].filename;
    bridge = await installInto(join(packDir, file.replace(/^@[^/]+\//, '').replace('/', '-')), 'mcp-bridge');
  } catch (e) {
    bridge = { ok: false, error: `npm pack failed: ${(e as Error).message.slice(0, 500)}` };
  } finally {
    rmSync(packDir, { recursive: true, force: true });
  }
  const sdkVersion = (JSON.parse(readFileSync(join(repoRoot, 'node_modules', '@modelcontextprotocol', 'sdk', 'package.json'), 'utf8')) as { version: string })
    .version;
  const sdk = await installInto(`@modelcontextprotocol/sdk@${sdkVersion}`, '@modelcontextprotocol/sdk');
  return { 'mcp-bridge': bridge, sdk };
}
