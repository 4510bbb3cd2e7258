/** The phone's position: one reading, and its explanation in the page's language. */
import type { GeoAnswer } from './answer-types';
import { M, PageTextError } from './messages';

/** The explanation (in the page's language) of a failed position request. */
export function geolocationErrorMessage(error: { code?: number } | null): string {
  if (typeof window !== 'undefined' && window.isSecureContext === false) return M.geoInsecure;
  if (!error) return M.geoUnsupported;
  if (error.code === 1) return M.geoDenied;
  if (error.code === 3) return M.geoTimeout;
  return M.geoUnavailable;
}

/** One high-accuracy reading of the phone's position. */
export function readPosition(timeoutMs = 20_000): Promise<GeoAnswer> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new PageTextError(() => geolocationErrorMessage(null)));
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: Number.isFinite(p.coords.accuracy) ? Math.round(p.coords.accuracy) : null }),
      (e) => reject(new PageTextError(() => geolocationErrorMessage(e))),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 },
    );
  });
}

export function describePosition(p: GeoAnswer): string {
  return M.located(p.latitude.toFixed(5), p.longitude.toFixed(5), p.accuracy === null ? '?' : String(p.accuracy));
}
