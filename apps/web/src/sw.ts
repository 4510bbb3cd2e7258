/**
 * The app's service worker (vite-plugin-pwa `injectManifest`, apps/web/vite.config.ts): what
 * the generated one did (precache of the build, the app shell for deep links offline, the
 * "Recharger" prompt), the answering page offline (answer.html, registered by it too, see
 * answer/service-worker.ts) plus the outbox's Background
 * Sync: when the browser fires `sync` with the network back, the answers and photos waiting
 * on the phone are sent, even with every tab closed (answer/sw-outbox-sender.ts).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { isAnswerEntryPath, isAuthEntryPath, isServerPath } from '@app/contracts/routes';
import { OUTBOX_SYNC_TAG } from './answer/background-sync';
import { browserBlobStore } from './answer/media-store';
import { answerPageFallback, forgetGoneMedia } from './answer/sw-answer-plugins';
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
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

const scope = self as unknown as ServiceWorkerScope;

// Written `self.__WB_MANIFEST` to the letter: the build injects the precache list there.
precacheAndRoute((self as unknown as ServiceWorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

// Routes are tried in this order, the first that matches answers.

// Every answering address (`isAnswerEntryPath`, as the server decides) is the same file,
// answer.html: the network's while there is one (a new deploy is seen at once, its chunks
// come from the network), else the precached copy, whose chunks are precached with it: with
// no network, none within 5 s, or a proxy's 502/503/504 (the server down behind it). A
// respondent who opened a form once reloads it offline: the form comes back, with the answers
// and the queue the page keeps on the phone (answer-storage.ts, submit-queue.ts). Never the shell.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAnswerEntryPath(url.pathname),
  new NetworkOnly({ networkTimeoutSeconds: 5, plugins: [answerPageFallback(() => matchPrecache('/answer.html'))] }),
);

// The sign-in page opens offline too (its last copy).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAuthEntryPath(url.pathname),
  new NetworkFirst({ cacheName: 'auth-pages', networkTimeoutSeconds: 5, plugins: [new ExpirationPlugin({ maxEntries: 10 })] }),
);

// The shell for the app's deep links offline, but never for the server's own paths (the API,
// the socket, downloads like /files/…, the build's assets: `isServerPath`), which the network
// answers with the file or a 404 (the two light entries' addresses were answered above).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !isServerPath(url.pathname),
  createHandlerBoundToURL('/index.html'),
);

// A photo an anonymous respondent already sent, shown back on the answering page (`mediaUrl`,
// answer-transport.ts, `?key=` their participation's key): a reload offline still shows it.
// Its bytes never change under an id, but the photo can be removed on the server: the kept
// copy answers at once while the server is asked again, and a 404/410 deletes it (the next
// view shows it gone). Only those: a file read with an account's rights must not be kept
// where another account of the phone would be served it.
const ANSWER_MEDIA_CACHE = 'answer-media';
registerRoute(
  ({ request, url }) => request.method === 'GET' && /^\/api\/v2\/medias\/\d+\/content$/.test(url.pathname) && url.searchParams.has('key'),
  new StaleWhileRevalidate({
    cacheName: ANSWER_MEDIA_CACHE,
    plugins: [
      forgetGoneMedia(() => caches.open(ANSWER_MEDIA_CACHE)),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600 }),
    ],
  }),
);

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([
      // The page that installed the worker is served by it at once, not only after a reload:
      // a language's words or a photo's preview asked for once the network is gone come from here.
      scope.clients.claim(),
      // The answering pages' copies kept by earlier workers (one per address): answer.html is
      // the precached one now.
      caches.delete('answer-pages'),
    ]),
  );
});

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
