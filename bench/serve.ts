// The gateway's cost: a W2/W3-style echo workload from the MCP SDK 1.x client (a typical host) to the
// bench's stdio echo server, directly and through `mcp-bridge serve` (stdio, and Streamable HTTP with
// the echo server behind it on stdio). Prints the median latency of sequential calls and the
// throughput at 64 in flight, alternating direct and gateway runs.
//   node dist/bench/serve.js [--calls N] [--par N] [--rounds N]
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const echo = resolve(here, 'servers', 'stdio-echo.js');
const cli = resolve(here, '..', 'src', 'cli', 'main.js');
const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : d;
};
const SEQ = arg('calls', 2000);
const PAR = arg('par', 20_000);
const ROUNDS = arg('rounds', 3);
process.stderr.write(`bench pid ${process.pid}\n`);
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

const dir = mkdtempSync(join(tmpdir(), 'mcpb-serve-bench-'));
const config = join(dir, 'mcp-bridge.json');
writeFileSync(config, JSON.stringify({ tools: { mcp: { servers: [{ name: 'echo', command: process.execPath, args: [echo] }] } } }));

type Target = 'direct' | 'serve-stdio' | 'direct-http' | 'serve-http';

async function open(target: Target): Promise<{ client: Client; close(): Promise<void> }> {
  const client = new Client({ name: 'bench-host', version: '1' });
  if (target === 'direct') await client.connect(new StdioClientTransport({ command: process.execPath, args: [echo] }));
  else if (target === 'direct-http') {
    // It exits when its stdin ends: keep a pipe open.
    const child = spawn(process.execPath, [resolve(here, 'servers', 'http-echo.js')], { stdio: ['pipe', 'pipe', 'inherit'] });
    const port = await new Promise<string>((ok) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += String(d);
        const m = /LISTENING (\d+)/.exec(out);
        if (m) ok(m[1]!);
      });
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    return {
      client,
      close: async () => {
        await client.close();
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      },
    };
  } else if (target === 'serve-stdio')
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'serve', '--config', config, '-q'] }));
  else {
    const child = spawn(process.execPath, [cli, 'serve', '--config', config, '--http', '127.0.0.1:0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    const url = await new Promise<string>((ok) => {
      let err = '';
      child.stderr!.on('data', (d) => {
        err += String(d);
        const m = /serving Streamable HTTP on (\S+)/.exec(err);
        if (m) ok(m[1]!);
      });
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    return {
      client,
      close: async () => {
        await client.close();
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      },
    };
  }
  return { client, close: () => client.close() };
}

const call = (c: Client, i: number) => c.callTool({ name: 'echo', arguments: { text: `m${i}` } });

async function measure(target: Target): Promise<{ medianMs: number; perSec: number }> {
  const { client, close } = await open(target);
  try {
    for (let i = 0; i < 200; i++) await call(client, i);
    const times: number[] = [];
    for (let i = 0; i < SEQ; i++) {
      const t = performance.now();
      await call(client, i);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < PAR) await call(client, next++);
      }),
    );
    return { medianMs: times[Math.floor(times.length / 2)]!, perSec: PAR / ((performance.now() - start) / 1000) };
  } finally {
    await close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results: Record<Target, { medianMs: number; perSec: number }[]> = { direct: [], 'serve-stdio': [], 'direct-http': [], 'serve-http': [] };
const TARGETS = ['direct', 'serve-stdio', 'direct-http', 'serve-http'] as const;
for (let r = 0; r < ROUNDS; r++) for (const t of TARGETS) if (!ONLY || (ONLY === 'http') === t.endsWith('http')) results[t].push(await measure(t));
// Each gateway is compared with the same host reaching the echo server directly over the same transport.
const baseOf = (t: Target): Target => (t.endsWith('http') ? 'direct-http' : 'direct');
for (const t of TARGETS.filter((x) => results[x].length > 0)) {
  const base = results[baseOf(t)];
  const direct = { lat: median(base.map((x) => x.medianMs)), tput: median(base.map((x) => x.perSec)) };
  const lat = median(results[t].map((x) => x.medianMs));
  const tput = median(results[t].map((x) => x.perSec));
  process.stdout.write(
    `${t.padEnd(12)} median ${lat.toFixed(3)} ms (+${(lat - direct.lat).toFixed(3)} ms)   ${tput.toFixed(0)} calls/s at 64 in flight (${(tput / direct.tput).toFixed(2)}x)\n`,
  );
}
