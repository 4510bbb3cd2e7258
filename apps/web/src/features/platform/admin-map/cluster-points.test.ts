import { describe, expect, it } from 'vitest';
import { clusterPoints } from './cluster-points';

describe('clusterPoints', () => {
  it('groups the points of one cell at their mean and keeps distant points apart', () => {
    const clusters = clusterPoints(
      [
        { x: 10, y: 10, item: 'a' },
        { x: 30, y: 20, item: 'b' },
        { x: 500, y: 500, item: 'c' },
      ],
      60,
    );
    expect(clusters).toHaveLength(2);
    expect(clusters.find((c) => c.items.length === 2)).toEqual({ x: 20, y: 15, items: ['a', 'b'] });
    expect(clusters.find((c) => c.items.length === 1)).toEqual({ x: 500, y: 500, items: ['c'] });
  });

  it('gives nothing for no points', () => {
    expect(clusterPoints([], 60)).toEqual([]);
  });
});
