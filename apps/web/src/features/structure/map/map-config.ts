/**
 * The tile server of the maps, from the build's environment (`VITE_MAP_TILE_URL`, e.g.
 * `https://tile.openstreetmap.org/{z}/{x}/{y}.png` or a company's own server). Empty:
 * no tiles at all, the map draws sites and geofences on a plain background, so pages
 * work on a machine or a phone with no internet.
 */
export const MAP_TILE_URL: string = import.meta.env?.VITE_MAP_TILE_URL ?? '';
export const MAP_TILE_ATTRIBUTION: string = import.meta.env?.VITE_MAP_TILE_ATTRIBUTION ?? '';
/** Douala, where a new site's map opens when nothing is placed yet. */
export const DEFAULT_CENTER: [number, number] = [4.0511, 9.7679];
