// Peak resident memory of this process over a measured section. On Linux the kernel's own high-water
// mark (VmHWM) is exact and costs nothing while the code under test runs; writing "5" to
// /proc/self/clear_refs resets it so the peak covers only the section. Elsewhere rss is sampled.
import { readFileSync, writeFileSync } from 'node:fs';

/** A running peak-RSS measurement; `stop()` returns the peak in bytes and how it was measured. */
export interface PeakTracker {
  stop(): { peakRss: number; method: 'vmhwm' | 'sampled' };
}

function readHwm(): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+)\s*kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

function resetHwm(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/** Starts tracking the peak RSS from now on. */
export function trackPeakRss(sampleMs = 5): PeakTracker {
  let peak = process.memoryUsage.rss();
  const exact = resetHwm() && readHwm() !== undefined;
  // Sampling costs the measured process CPU (each rss read is a syscall), so only without VmHWM.
  const timer = exact
    ? undefined
    : setInterval(() => {
        const r = process.memoryUsage.rss();
        if (r > peak) peak = r;
      }, sampleMs);
  timer?.unref();
  return {
    stop() {
      if (timer) clearInterval(timer);
      const now = process.memoryUsage.rss();
      if (now > peak) peak = now;
      const hwm = exact ? readHwm() : undefined;
      return hwm !== undefined ? { peakRss: Math.max(hwm, peak), method: 'vmhwm' } : { peakRss: peak, method: 'sampled' };
    },
  };
}
