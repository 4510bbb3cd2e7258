/**
 * Loading the providers' own browser SDKs, only when the server says a provider is
 * configured (GET auth/providers) and only when the user clicks its button. They come
 * from the providers' hosts: offline, or under a Content-Security-Policy that does not
 * list those hosts, loading fails and the user is told so.
 */
const GOOGLE_SDK = 'https://accounts.google.com/gsi/client';
const FACEBOOK_SDK = 'https://connect.facebook.net/fr_FR/sdk.js';
const LOAD_TIMEOUT_MS = 15_000;

const loaded = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  const existing = loaded.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    const timer = window.setTimeout(() => reject(new Error(`timeout: ${src}`)), LOAD_TIMEOUT_MS);
    script.src = src;
    script.async = true;
    script.onload = () => {
      window.clearTimeout(timer);
      resolve();
    };
    script.onerror = () => {
      window.clearTimeout(timer);
      reject(new Error(`failed: ${src}`));
    };
    document.head.appendChild(script);
  });
  // A failed load may succeed later (network back): do not cache the failure.
  promise.catch(() => loaded.delete(src));
  loaded.set(src, promise);
  return promise;
}

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (answer: { credential?: string }) => void }): void;
      prompt(listener?: (note: { isNotDisplayed(): boolean; isSkippedMoment(): boolean }) => void): void;
    };
  };
}

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean }): void;
  login(callback: (answer: { authResponse?: { accessToken: string } | null }) => void, options?: { scope: string }): void;
}

/** Google Identity Services: resolves the ID token (credential), or null when the user closes the prompt. */
export async function requestGoogleCredential(clientId: string): Promise<string | null> {
  await loadScript(GOOGLE_SDK);
  const google = (window as unknown as { google?: GoogleIdentity }).google;
  if (!google) throw new Error('Google Identity Services unavailable');
  return new Promise((resolve) => {
    google.accounts.id.initialize({ client_id: clientId, callback: (answer) => resolve(answer.credential ?? null) });
    google.accounts.id.prompt((note) => {
      if (note.isNotDisplayed() || note.isSkippedMoment()) resolve(null);
    });
  });
}

/** Facebook Login: resolves the user access token, or null when the user cancels. */
export async function requestFacebookToken(appId: string): Promise<string | null> {
  await loadScript(FACEBOOK_SDK);
  const fb = (window as unknown as { FB?: FacebookSdk }).FB;
  if (!fb) throw new Error('Facebook SDK unavailable');
  fb.init({ appId, version: 'v19.0' });
  return new Promise((resolve) => fb.login((answer) => resolve(answer.authResponse?.accessToken ?? null), { scope: 'email' }));
}
