import { describe, expect, it } from 'vitest';
import { registerServiceWorkerWhenIdle, SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL, type ServiceWorkerHost, worthInstalling } from './service-worker';

/** A browser window as far as the registration sees it: its load, its idle time, its worker container. */
function browserHost(o: { readyState: DocumentReadyState; withWorkers?: boolean; idle?: boolean; refuses?: boolean }) {
  const registered: Array<[string, RegistrationOptions | undefined]> = [];
  const onLoad: Array<() => void> = [];
  const idle: Array<() => void> = [];
  const serviceWorker = {
    register: (url: string, options?: RegistrationOptions) => {
      registered.push([url, options]);
      return o.refuses ? Promise.reject(new DOMException('refused', 'SecurityError')) : Promise.resolve({} as ServiceWorkerRegistration);
    },
  };
  const host: ServiceWorkerHost = {
    navigator: (o.withWorkers === false ? {} : { serviceWorker }) as Navigator,
    document: { readyState: o.readyState } as Document,
    addEventListener: (_type, listener) => void onLoad.push(listener),
    requestIdleCallback: o.idle === false ? undefined : (callback) => idle.push(callback),
    setTimeout: (callback) => idle.push(callback),
  };
  const run = (tasks: Array<() => void>) => {
    for (const task of tasks.splice(0)) task();
  };
  return { host, registered, load: () => run(onLoad), becomeIdle: () => run(idle) };
}

describe('the answering page registers the service worker', () => {
  it('only once the page has loaded and the browser is idle: the first load does not wait for it', () => {
    const page = browserHost({ readyState: 'loading' });
    registerServiceWorkerWhenIdle(page.host);
    expect(page.registered).toEqual([]);
    page.load();
    expect(page.registered).toEqual([]);
    page.becomeIdle();
    expect(page.registered).toEqual([[SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }]]);
  });

  it('at the next idle time when the page has loaded already, and without requestIdleCallback (Safari) on the next task', () => {
    const loaded = browserHost({ readyState: 'complete' });
    registerServiceWorkerWhenIdle(loaded.host);
    loaded.becomeIdle();
    expect(loaded.registered).toHaveLength(1);
    const safari = browserHost({ readyState: 'complete', idle: false });
    registerServiceWorkerWhenIdle(safari.host);
    safari.becomeIdle();
    expect(safari.registered).toEqual([['/sw.js', { scope: '/' }]]);
  });

  it('leaves a browser without service workers, or one that refuses them, as it was', async () => {
    const none = browserHost({ readyState: 'complete', withWorkers: false });
    expect(() => registerServiceWorkerWhenIdle(none.host)).not.toThrow();
    none.becomeIdle();
    expect(none.registered).toEqual([]);
    const refusing = browserHost({ readyState: 'complete', refuses: true });
    registerServiceWorkerWhenIdle(refusing.host);
    refusing.becomeIdle();
    // The refusal is swallowed: no unhandled rejection reaches the page.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(refusing.registered).toHaveLength(1);
  });
});

describe('the answering page installs the worker only where it is worth its data', () => {
  function storeWith(entries: Record<string, string>): Storage {
    const keys = Object.keys(entries);
    return {
      length: keys.length,
      key: (i: number) => keys[i] ?? null,
      getItem: (k: string) => entries[k] ?? null,
      setItem: () => undefined,
      removeItem: () => undefined,
      clear: () => undefined,
    };
  }
  const empty = storeWith({});
  const agentPhone = storeWith({ 'account.ab12cd': '{}' });

  it('not on a data saver or a 2G line, nor when the person chose "données réduites", even with an account', () => {
    expect(worthInstalling(empty, { saveData: true, effectiveType: '4g' })).toBe(false);
    expect(worthInstalling(agentPhone, { effectiveType: '2g' })).toBe(false);
    expect(worthInstalling(storeWith({ 'account.ab12cd': '{}', 'enq.reduced-data': '1' }), { effectiveType: '4g' })).toBe(false);
  });

  it('on a phone holding an account, over 3G too', () => {
    expect(worthInstalling(agentPhone, { effectiveType: '3g' })).toBe(true);
  });

  it('for a passer-by: on a fast line or a browser that tells nothing of its line, not over 3G', () => {
    expect(worthInstalling(empty, { effectiveType: '3g' })).toBe(false);
    expect(worthInstalling(storeWith({ 'account-last': 'ab12cd', other: 'x' }), { effectiveType: '3g' })).toBe(false);
    expect(worthInstalling(empty, { effectiveType: '4g' })).toBe(true);
    expect(worthInstalling(empty, undefined)).toBe(true);
    expect(worthInstalling(null, undefined)).toBe(true);
  });
});
