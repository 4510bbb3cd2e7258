/**
 * Waits on a page's service worker in a Puppeteer page (figures scripts): its activation
 * (the build precached) and the page's being under it.
 */

/** A cap, not a measure: on a loaded 2-core machine precaching the build can take long. */
const SERVICE_WORKER_CAP_MS = 180_000;

/**
 * Waits until the page's service worker is activated (installed means the build is
 * precached): `navigator.serviceWorker.ready`, then the active worker's state. Past the
 * cap, says which step did not happen, read from the registration.
 */
export async function untilServiceWorkerActive(page, where) {
  const outcome = await page.evaluate(async (capMs) => {
    const sw = navigator.serviceWorker;
    if (!sw) return 'the browser offers no service worker here';
    const cap = new Promise((resolve) => setTimeout(() => resolve('cap'), capMs));
    const activated = sw.ready.then(async (registration) => {
      const worker = registration.active;
      // `ready` resolves with an active worker; one already activated needs no wait.
      if (!worker) return 'the registration has no active worker';
      if (worker.state === 'activated') return 'activated';
      await new Promise((resolve) =>
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') resolve(undefined);
        }),
      );
      return 'activated';
    });
    if ((await Promise.race([activated, cap])) === 'activated') return 'activated';
    const registration = await sw.getRegistration();
    const after = `after ${capMs / 1000} s`;
    if (!registration) return `the page registered no service worker ${after}`;
    if (registration.installing) return `the service worker was still installing (precaching the build) ${after}`;
    if (registration.waiting) return `the service worker was installed but still waiting ${after} (another one active)`;
    return `the service worker was not activated ${after} (active worker: ${registration.active?.state ?? 'none'})`;
  }, SERVICE_WORKER_CAP_MS);
  if (outcome !== 'activated') throw new Error(`${where}: ${outcome}`);
}

/** The page is under the service worker (the app's worker does not claim open pages: the load after its activation is). */
export async function underServiceWorker(page, where) {
  if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) return;
  await page.reload({ waitUntil: 'load' });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) throw new Error(`${where}: the page is not under the service worker, even after a reload`);
}
