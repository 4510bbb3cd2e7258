/**
 * How photos are shrunk on the phone before they are kept and sent (issue 21): the
 * longest edge allowed (a setting of the signed-in app, "Taille maximale des photos"),
 * and "données réduites", on by default when the browser reports a data saver or a 2G
 * line, which shrinks further and compresses harder. Kept in localStorage so the public
 * answering page reads the same choice without loading anything.
 */
import type { KeyValueStore } from './answer-storage';

export const PHOTO_EDGE_CHOICES = [800, 1280, 1600, 2048] as const;
export const DEFAULT_PHOTO_EDGE = 1600;
/** Under "données réduites": no edge longer than this, and a stronger JPEG compression. */
export const REDUCED_PHOTO_EDGE = 1024;

const EDGE_KEY = 'enq.photo-max-edge';
const REDUCED_KEY = 'enq.reduced-data';

/** What navigator.connection tells (Chromium on Android): data saver, or the line's effective type. */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

function browserConnection(): ConnectionHints | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionHints }).connection;
}

/** On by default when the browser reports a data saver or a slow line. */
export function reducedDataByDefault(connection: ConnectionHints | undefined = browserConnection()): boolean {
  return connection?.saveData === true || connection?.effectiveType === 'slow-2g' || connection?.effectiveType === '2g';
}

function storage(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The "données réduites" setting: the agent's choice, else the browser's hint. */
export function isReducedData(store: KeyValueStore | null = storage(), connection?: ConnectionHints): boolean {
  const chosen = store?.getItem(REDUCED_KEY);
  if (chosen === '1') return true;
  if (chosen === '0') return false;
  return reducedDataByDefault(connection ?? browserConnection());
}

export function setReducedData(on: boolean, store: KeyValueStore | null = storage()): void {
  store?.setItem(REDUCED_KEY, on ? '1' : '0');
}

export function photoMaxEdge(store: KeyValueStore | null = storage()): number {
  const chosen = Number(store?.getItem(EDGE_KEY));
  return (PHOTO_EDGE_CHOICES as readonly number[]).includes(chosen) ? chosen : DEFAULT_PHOTO_EDGE;
}

export function setPhotoMaxEdge(edge: number, store: KeyValueStore | null = storage()): void {
  if ((PHOTO_EDGE_CHOICES as readonly number[]).includes(edge)) store?.setItem(EDGE_KEY, String(edge));
}

export interface PhotoPlan {
  /** Above this many bytes a photo is re-encoded (smaller ones go as they are unless too large in pixels). */
  shrinkAboveBytes: number;
  maxEdge: number;
  quality: number;
}

/** The shrinking rules in force: the chosen edge, tightened under "données réduites". */
export function photoPlan(store: KeyValueStore | null = storage(), connection?: ConnectionHints): PhotoPlan {
  const edge = photoMaxEdge(store);
  if (isReducedData(store, connection)) return { shrinkAboveBytes: 150 * 1024, maxEdge: Math.min(edge, REDUCED_PHOTO_EDGE), quality: 0.7 };
  return { shrinkAboveBytes: 700 * 1024, maxEdge: edge, quality: 0.82 };
}

/** The size a photo is drawn at: its own when it fits, else scaled so its longest edge is `maxEdge`. */
export function scaledSize(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
