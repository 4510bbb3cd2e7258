/**
 * Each process's memory growth over the run, from per-minute resident sizes: the peak of
 * the last `window` minutes against the peak of the first `window` minutes after warm-up
 * (window: up to five minutes, at most half of what follows warm-up).
 */
export function memoryGrowth(rssByMinute: number[][], warmup: number) {
  const after = rssByMinute.slice(warmup);
  const window = Math.max(1, Math.min(5, Math.floor(after.length / 2)));
  const first = after.length ? after.slice(0, window) : rssByMinute.slice(-1);
  const last = rssByMinute.slice(-window);
  const peak = (rows: number[][], i: number) => Math.max(...rows.map((row) => row[i]));
  const growth = first[0].map((_, i) => (peak(last, i) - peak(first, i)) / peak(first, i));
  return { growth, window };
}
