/**
 * The answering page installs the product's service worker (src/sw.ts, the one the app
 * registers through vite-plugin-pwa in app/UpdatePrompt.tsx: same file, same scope), so a
 * phone that opened a form once reloads it without a network: answer.html and its chunks
 * come from the worker's precache, the survey and the answers from the page's own copies
 * on the phone (answer-storage.ts, submit-queue.ts).
 *
 * Registered once the page has loaded and the browser is idle: its first load costs nothing,
 * and the precache's downloads do not compete with the survey's own request. Plain
 * `register`, not workbox-window: a few bytes on a page whose budget is counted in them.
 *
 * Only where it is worth its data (`worthInstalling`): the install downloads the worker's
 * whole precache, about 0.9 MB over the wire, which a customer who scans one QR code on a
 * metered 3G line should not pay for.
 */
import { sidOfStorageKey } from '../lib/session/account-storage';
import { type ConnectionHints, isReducedData } from './photo-settings';

/** The built worker (vite.config.ts: `filename: 'sw.ts'`, a classic script) and its scope. */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';

export interface ServiceWorkerHost {
  readonly navigator: Navigator;
  readonly document: Document;
  addEventListener(type: 'load', listener: () => void, options?: AddEventListenerOptions): void;
  requestIdleCallback?(callback: () => void, options?: IdleRequestOptions): number;
  setTimeout(callback: () => void, ms?: number): number;
}

/** A phone that holds an account of the product: a field agent, a supervisor, a customer who signed in. */
function holdsAccount(store: Storage | null): boolean {
  if (!store) return false;
  for (let i = 0; i < store.length; i++) if (sidOfStorageKey(store.key(i))) return true;
  return false;
}

/**
 * Whether this phone should install the worker: never under "données réduites" (a data
 * saver, a 2G line, or the person's own choice); always on a phone that holds an account
 * (the app installs the same worker at sign-in: that is where offline work happens); else
 * on a fast line only (`effectiveType` 4g, or a browser that tells nothing, as desktop
 * browsers and Safari do).
 */
export function worthInstalling(store: Storage | null, connection: ConnectionHints | undefined): boolean {
  if (isReducedData(store, connection ?? {})) return false;
  if (holdsAccount(store)) return true;
  return connection?.effectiveType === undefined || connection.effectiveType === '4g';
}

/**
 * Registers the worker after the page's load, when idle. Never throws nor rejects: a browser
 * without service workers, a private mode that refuses them or an http address (not a secure
 * context) leaves the page as it was, online only.
 */
export function registerServiceWorkerWhenIdle(host: ServiceWorkerHost = window): void {
  if (!('serviceWorker' in host.navigator)) return;
  const register = () => {
    host.navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }).catch(() => undefined);
  };
  // Safari has no requestIdleCallback: the next task after the load will do.
  const whenIdle = () => (host.requestIdleCallback ? host.requestIdleCallback(register, { timeout: 5_000 }) : host.setTimeout(register, 0));
  if (host.document.readyState === 'complete') whenIdle();
  else host.addEventListener('load', whenIdle, { once: true });
}
