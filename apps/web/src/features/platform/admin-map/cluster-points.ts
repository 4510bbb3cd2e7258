/** A point to draw, already projected to the map's pixels at the current zoom. */
export interface ProjectedPoint<T> {
  x: number;
  y: number;
  item: T;
}

export interface Cluster<T> {
  /** Pixel centre of the members (their mean), where the cluster is drawn. */
  x: number;
  y: number;
  items: T[];
}

/**
 * Groups points that fall in the same square of `cellSize` pixels, so thousands of
 * participations stay readable at country scale; the map re-clusters at each zoom. A grid
 * (rather than a library) is enough here: it is linear in the points and needs no network.
 */
export function clusterPoints<T>(points: readonly ProjectedPoint<T>[], cellSize: number): Cluster<T>[] {
  const cells = new Map<string, { sx: number; sy: number; items: T[] }>();
  for (const point of points) {
    const key = `${Math.floor(point.x / cellSize)}:${Math.floor(point.y / cellSize)}`;
    const cell = cells.get(key);
    if (cell) {
      cell.sx += point.x;
      cell.sy += point.y;
      cell.items.push(point.item);
    } else cells.set(key, { sx: point.x, sy: point.y, items: [point.item] });
  }
  return [...cells.values()].map((cell) => ({ x: cell.sx / cell.items.length, y: cell.sy / cell.items.length, items: cell.items }));
}
