// The bench's read of V8's TurboFan trace: the parser against lines in V8's format, and the window
// switch against a real worker run (the trace covers the measured calls and is off otherwise); the
// window timed in slices.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { parseJitTrace } from '../../bench/lib/jit-trace.js';
import { benchFile } from '../../bench/lib/paths.js';

test('parseJitTrace reads each finished TurboFan compile and skips every other line', () => {
  const stdout = [
    '[marking 0x3a29 <JSFunction g (sfi = 0x34d5)> for optimization to TURBOFAN, ConcurrencyMode::kConcurrent, reason: small function]',
    '[compiling method 0x3a29 <JSFunction g (sfi = 0x34d5)> (target TURBOFAN), mode: ConcurrencyMode::kConcurrent]',
    '[completed compiling 0x0962 <JSFunction requestWith (sfi = 0x34d5)> (target TURBOFAN) - took 0.011, 7.259, 0.030 ms]',
    '[completed optimizing 0x0962 <JSFunction requestWith (sfi = 0x34d5)> (target TURBOFAN)]',
    '[completed compiling 0x12de <JSFunction (sfi = 0x12de)> (target TURBOFAN) OSR - took 0.006, 1.467, 0.012 ms]',
    '[completed compiling 0x0e47 <JSFunction get modernHttp (sfi = 0x0e47)> (target TURBOFAN) - took 0.004, 0.262, 0.007 ms]',
    'RESULT {"ok":true,"metrics":{}}',
  ].join('\n');
  const compiles = parseJitTrace(stdout);
  assert.equal(compiles.length, 3);
  assert.deepEqual(compiles[0], { name: 'requestWith', osr: false, backgroundMs: 7.259, mainMs: 0.011 + 0.03 });
  assert.equal(compiles[1]!.name, '');
  assert.equal(compiles[1]!.osr, true);
  assert.equal(compiles[1]!.backgroundMs, 1.467);
  assert.equal(compiles[2]!.name, 'get modernHttp');
});

function runWorker(job: Record<string, unknown>): { stdout: string; result: { ok: boolean; error?: string; metrics: Record<string, number> } } {
  const run = spawnSync(process.execPath, ['--no-warnings', benchFile('worker.js'), JSON.stringify(job)], { encoding: 'utf8', timeout: 60_000 });
  const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  assert.ok(line, `no RESULT line: ${run.stderr}`);
  return { stdout: run.stdout, result: JSON.parse(line.slice(7)) };
}

function workerStdout(traceJit: boolean): string {
  const { stdout, result } = runWorker({ workload: 'par', client: 'raw', transport: 'stdio', calls: 20_000, inflight: 64, warmup: 1000, traceJit });
  assert.equal(result.ok, true, result.error);
  return stdout;
}

test('a traced W3 run reports the compiles of its measured calls; an untraced one prints none', () => {
  // 20,000 calls make the raw loop's hot path hot enough for TurboFan: its request function at least.
  assert.ok(parseJitTrace(workerStdout(true)).length > 0, 'no compile traced inside the window');
  assert.equal(parseJitTrace(workerStdout(false)).length, 0);
});

test('a W3 run in slices times each slice, and its calls cover the window', () => {
  const { result } = runWorker({ workload: 'par', client: 'raw', transport: 'stdio', calls: 6000, inflight: 64, warmup: 100, slices: 3 });
  assert.equal(result.ok, true, result.error);
  const rates = [0, 1, 2].map((i) => result.metrics[`slice${i}CallsPerSec`]);
  for (const rate of rates) assert.ok(typeof rate === 'number' && rate > 0, `slice rates: ${rates.join(', ')}`);
  assert.equal(result.metrics.slice3CallsPerSec, undefined);
  // Each slice's 2,000 calls at its rate take, together, the window's wall time (less the pauses between slices).
  const slicesMs = rates.reduce((total: number, rate) => total + (2000 / rate!) * 1000, 0);
  assert.ok(slicesMs <= result.metrics.wallMs! && slicesMs > result.metrics.wallMs! * 0.8, `${slicesMs} ms of slices in a ${result.metrics.wallMs} ms window`);
  // An unsliced run reports none.
  const whole = runWorker({ workload: 'par', client: 'raw', transport: 'stdio', calls: 2000, inflight: 64, warmup: 100 });
  assert.equal(Object.keys(whole.result.metrics).filter((k) => k.startsWith('slice')).length, 0);
});

test('a W3 run whose calls do not split into equal slices fails and says why', () => {
  const { result } = runWorker({ workload: 'par', client: 'raw', transport: 'stdio', calls: 1000, inflight: 64, warmup: 10, slices: 3 });
  assert.equal(result.ok, false);
  assert.match(String(result.error), /1000 calls do not split into 3 equal slices/);
});
