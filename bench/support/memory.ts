import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc: () => void = vm.runInNewContext('gc');

/** RSS after full collections: the floor a measurement starts from. */
export function settledRss(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().rss;
}

/** Samples RSS every `everyMs` until stopped; returns the peak seen. */
export function sampleRss(everyMs = 10): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

/**
 * Samples live memory (heap used + external buffers) right after a forced full GC every
 * `everyMs`: what the process really holds, without the garbage V8 lets pile up between
 * collections (raw RSS grows with work done, not only with what is kept).
 */
export function sampleLive(everyMs = 200): { stop(): number } {
  const live = () => {
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  let peak = live();
  const timer = setInterval(() => {
    peak = Math.max(peak, live());
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, live());
    },
  };
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
