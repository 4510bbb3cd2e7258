/**
 * The app's service worker (vite-plugin-pwa `injectManifest`, apps/web/vite.config.ts): what
 * the generated one did (precache of the build, the app shell for deep links offline, the
 * answering pages kept as last seen, the "Recharger" prompt) plus the outbox's Background
 * Sync: when the browser fires `sync` with the network back, the answers and photos waiting
 * on the phone are sent, even with every tab closed (answer/sw-outbox-sender.ts).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { AUTH_ENTRY_PATHS, isAuthEntryPath } from '@app/contracts/routes';
import { OUTBOX_SYNC_TAG } from './answer/background-sync';
import { browserBlobStore } from './answer/media-store';
import { sendUntilDone } from './answer/sw-outbox-sender';

/** What this file uses of the service worker's global scope (the DOM library has no such type). */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEventLike extends ExtendableEventLike {
  readonly tag: string;
  readonly lastChance?: boolean;
}
interface MessageEventLike extends ExtendableEventLike {
  readonly data: unknown;
}
interface ServiceWorkerScope {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'sync', listener: (event: SyncEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

const scope = self as unknown as ServiceWorkerScope;

// Written `self.__WB_MANIFEST` to the letter: the build injects the precache list there.
precacheAndRoute((self as unknown as ServiceWorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

/** The light entry's addresses as the denylist needs them (a trailing slash allowed). */
const AUTH_ENTRY_ADDRESSES = new RegExp(`^(?:${AUTH_ENTRY_PATHS.map((path) => path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})/?$`);

// SPA fallback for deep links offline, but never for the API or the socket; public links
// and anonymous contribution pages are the answering page (answer.html), and the sign-in and
// password pages the light auth.html, not the SPA.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/socket\.io/, /^\/m\//, /^\/web\/surveys(\/|$)/, AUTH_ENTRY_ADDRESSES],
  }),
);

// A field agent reopening an answering page offline gets the copy seen last.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && (url.pathname.startsWith('/m/') || url.pathname.startsWith('/web/surveys')),
  new NetworkFirst({ cacheName: 'answer-pages', networkTimeoutSeconds: 5, plugins: [new ExpirationPlugin({ maxEntries: 30 })] }),
);

// The sign-in page opens offline too (its last copy).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAuthEntryPath(url.pathname),
  new NetworkFirst({ cacheName: 'auth-pages', networkTimeoutSeconds: 5, plugins: [new ExpirationPlugin({ maxEntries: 10 })] }),
);

// Prompt mode: a new build waits for the user's "Recharger" (src/app/UpdatePrompt.tsx).
scope.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void scope.skipWaiting();
});

scope.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  // Rejects when the network never came back within the event: the browser tries again later,
  // with its own backoff; what only the page can send (lapsed token, refusal) waits for the page.
  event.waitUntil(sendUntilDone({ blobs: browserBlobStore(), fetch: (input, init) => fetch(input, init) }, { lastChance: event.lastChance === true }));
});
