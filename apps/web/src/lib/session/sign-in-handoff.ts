/**
 * The light sign-in page (src/auth/) and the app are two pages: after a sign-in the browser
 * loads the app. What the app does at a sign-in besides storing the account (the account's
 * language, the welcome toast, pending invitations: features/identity/auth) is handed over
 * in sessionStorage, read once by the app at start-up. The other way, a page of the app that
 * sends the person to sign-in with something to say (signed out, account validated) leaves
 * the notice here for the sign-in page.
 */
const HANDOFF_KEY = 'auth.signed-in';
const NOTICE_KEY = 'auth.notice';

export interface SignInHandoff {
  sid: string;
  /** The name the welcome message greets. */
  name: string;
}

/** What the sign-in page can be asked to say on arrival. */
export type SignInNotice = 'loggedOut' | 'resetDone' | 'validated';
const NOTICES: readonly SignInNotice[] = ['loggedOut', 'resetDone', 'validated'];

function write(storage: Storage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage refused (private mode, full): the app opens without the welcome.
  }
}

function take(storage: Storage | undefined, key: string): string | null {
  try {
    const value = storage?.getItem(key) ?? null;
    storage?.removeItem(key);
    return value;
  } catch {
    return null;
  }
}

export function handOverSignIn(storage: Storage | undefined, handoff: SignInHandoff): void {
  write(storage, HANDOFF_KEY, JSON.stringify(handoff));
}

/** The sign-in handed over, once (null when none, or unreadable). */
export function takeSignInHandoff(storage: Storage | undefined): SignInHandoff | null {
  const raw = take(storage, HANDOFF_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SignInHandoff>;
    return typeof value.sid === 'string' && typeof value.name === 'string' ? { sid: value.sid, name: value.name } : null;
  } catch {
    return null;
  }
}

export function leaveSignInNotice(storage: Storage | undefined, notice: SignInNotice): void {
  write(storage, NOTICE_KEY, notice);
}

export function takeSignInNotice(storage: Storage | undefined): SignInNotice | null {
  const value = take(storage, NOTICE_KEY);
  return NOTICES.find((notice) => notice === value) ?? null;
}

/** The browser's sessionStorage, or undefined where reading it throws. */
export function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
