// The bench's read of V8's TurboFan trace: the parser against lines in V8's format, and the window
// switch against a real worker run (the trace covers the measured calls and is off otherwise).
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

function workerStdout(traceJit: boolean): string {
  const job = { workload: 'par', client: 'raw', transport: 'stdio', calls: 20_000, inflight: 64, warmup: 1000, traceJit };
  const run = spawnSync(process.execPath, ['--no-warnings', benchFile('worker.js'), JSON.stringify(job)], { encoding: 'utf8', timeout: 60_000 });
  assert.match(run.stdout, /RESULT \{"ok":true/, run.stderr);
  return run.stdout;
}

test('a traced W3 run reports the compiles of its measured calls; an untraced one prints none', () => {
  // 20,000 calls make the raw loop's hot path hot enough for TurboFan: its request function at least.
  assert.ok(parseJitTrace(workerStdout(true)).length > 0, 'no compile traced inside the window');
  assert.equal(parseJitTrace(workerStdout(false)).length, 0);
});
