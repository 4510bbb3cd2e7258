/**
 * Asks the browser to wake the service worker when the network is back (Background Sync
 * API), so the outbox goes even after the tab is closed (sw-outbox-sender.ts). Browsers
 * without it (Firefox, Safari) do nothing here: the page sends when it is open and online.
 */

/** The tag the service worker listens for (src/sw.ts). */
export const OUTBOX_SYNC_TAG = 'enq-outbox';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** True when the browser offers Background Sync to pages. */
export function hasBackgroundSync(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof ServiceWorkerRegistration !== 'undefined' && 'sync' in ServiceWorkerRegistration.prototype;
}

/** Registers the outbox's sync with the page's service worker, when there is one; never throws. */
export function requestBackgroundSync(): void {
  if (!hasBackgroundSync()) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & { sync: SyncManagerLike }).sync.register(OUTBOX_SYNC_TAG))
    .catch(() => {
      // Refused (no permission, private mode): the page sends when it is open.
    });
}
