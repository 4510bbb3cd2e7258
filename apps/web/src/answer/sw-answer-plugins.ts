/**
 * The service worker's rules for the answering page (src/sw.ts), apart so they are tested
 * without a worker: which server answers mean "no page here, use the precached one", and
 * when a kept photo must be forgotten.
 */
import type { WorkboxPlugin } from 'workbox-core/types';

/**
 * A proxy or load balancer in front of the API answers these when the server is down or
 * unreachable: for the respondent it is the same as no network, so the precached answer.html
 * (which works offline-first: the survey and the queue are on the phone) beats an error page.
 */
export const GATEWAY_FAILURES: ReadonlySet<number> = new Set([502, 503, 504]);

/** The server no longer gives this photo to this key: removed, or the key's answer is gone. */
export const MEDIA_GONE: ReadonlySet<number> = new Set([404, 410]);

/**
 * For the answering addresses' NetworkOnly route: the precached page when the network fails
 * (no answer, or none within the timeout) and when a proxy answers 502/503/504. Any other
 * answer is the server's own and goes through unchanged; so does a gateway error when the
 * page is not precached (nothing better to show).
 */
export function answerPageFallback(precached: () => Promise<Response | undefined>): WorkboxPlugin {
  return {
    handlerDidError: async () => precached(),
    handlerWillRespond: async ({ response }) => {
      if (!GATEWAY_FAILURES.has(response.status)) return response;
      return (await precached()) ?? response;
    },
  };
}

/**
 * For the `answer-media` cache (StaleWhileRevalidate): the kept copy answers at once (offline
 * too) while the server is asked again; when the server says the photo is gone, the copy is
 * deleted, so the next view shows what the server shows. Only 200s are kept (the strategy's
 * default), so a refusal never replaces a photo.
 */
export function forgetGoneMedia(openCache: () => Promise<Pick<Cache, 'delete'>>): WorkboxPlugin {
  return {
    fetchDidSucceed: async ({ request, response }) => {
      if (MEDIA_GONE.has(response.status)) await (await openCache()).delete(request);
      return response;
    },
  };
}
