import { describe, expect, it } from 'vitest';
import { memoryGrowth } from './memory-growth';

describe('the soak’s memory growth', () => {
  it('reads a garbage collector’s saw-tooth as no growth, where a snapshot after a collection reads +40 %', () => {
    // One process, per minute: warm-up (2 minutes), then the same saw-tooth for 10 minutes.
    const rss = [[150], [190], [140], [200], [150], [195], [145], [200], [140], [198], [150], [196]];
    const { growth, window } = memoryGrowth(rss, 2);
    expect(window).toBe(5);
    expect(growth[0]).toBeCloseTo(0, 1);
    // The old reading (minute 3's snapshot to the last minute) would have said +40 %.
    expect((rss[11][0] - rss[2][0]) / rss[2][0]).toBeGreaterThan(0.39);
  });

  it('reads a leak as growth, for each process apart', () => {
    const rss = Array.from({ length: 30 }, (_, minute) => [150 + minute * 3, 160 + (minute % 2) * 10]);
    const { growth } = memoryGrowth(rss, 6);
    expect(growth[0]).toBeGreaterThan(0.3);
    expect(growth[1]).toBe(0);
  });

  it('works for a run too short to have two windows', () => {
    expect(memoryGrowth([[100], [120]], 1).growth[0]).toBe(0);
  });
});
