import type { GeoAnswer } from '../answer-types';
import { h, replace } from '../dom';
import { M } from '../messages';
import type { WidgetContext } from './widget-types';

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
    if (!('geolocation' in navigator)) return reject(new Error(geolocationErrorMessage(null)));
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: Number.isFinite(p.coords.accuracy) ? Math.round(p.coords.accuracy) : null }),
      (e) => reject(new Error(geolocationErrorMessage(e))),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 },
    );
  });
}

export function describePosition(p: GeoAnswer): string {
  return M.located(p.latitude.toFixed(5), p.longitude.toFixed(5), p.accuracy === null ? '?' : String(p.accuracy));
}

/** Geolocation answer: a button, the reading with its accuracy, clear messages when refused. */
export function geolocationWidget(ctx: WidgetContext): HTMLElement {
  let value = ctx.value as GeoAnswer | null | undefined;
  const box = h('div', { class: 'ans-geo' });
  const status = h('p', { class: 'ans-hint', 'aria-live': 'polite' });
  const locate = async (button: HTMLButtonElement) => {
    button.disabled = true;
    status.textContent = M.locating;
    ctx.reportError(null);
    try {
      value = await readPosition();
      ctx.onChange(value, true);
    } catch (error) {
      status.textContent = '';
      ctx.reportError((error as Error).message);
    } finally {
      button.disabled = false;
      draw();
    }
  };
  function draw() {
    const button = h('button', { type: 'button', id: ctx.inputId, class: `ans-button ${value ? 'ans-secondary' : ''}`, 'aria-describedby': ctx.describedBy });
    button.textContent = value ? M.locateAgain : M.locate;
    button.addEventListener('click', () => void locate(button));
    status.textContent = value ? describePosition(value) : '';
    replace(box, status, button);
  }
  draw();
  return box;
}
