import type { StoredAccount } from './account.types';
import { isSessionId } from './session-id';

/**
 * Accounts live in localStorage, one entry per session id (`account.{sessionID}`),
 * so several accounts stay open side by side and every tab sees the same tokens.
 */
const PREFIX = 'account.';
const LAST_KEY = 'account-last';

export function storageKeyOf(sid: string): string {
  return PREFIX + sid;
}

/** The session id of a storage key, or null for any other entry. */
export function sidOfStorageKey(key: string | null): string | null {
  if (!key?.startsWith(PREFIX)) return null;
  const sid = key.slice(PREFIX.length);
  return isSessionId(sid) ? sid : null;
}

function isStoredAccount(value: unknown, sid: string): value is StoredAccount {
  if (typeof value !== 'object' || value === null) return false;
  const account = value as Partial<StoredAccount>;
  return (
    account.sid === sid &&
    typeof account.usr?.id === 'number' &&
    Array.isArray(account.agents) &&
    typeof account.sessionInfo?.key === 'string' &&
    typeof account.sessionInfo?.exp === 'number'
  );
}

/** Reading never throws: a damaged or foreign entry reads as no account. */
export function readAccount(storage: Storage | undefined, sid: string): StoredAccount | null {
  try {
    const raw = storage?.getItem(storageKeyOf(sid));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredAccount(parsed, sid) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeAccount(storage: Storage | undefined, account: StoredAccount): void {
  try {
    storage?.setItem(storageKeyOf(account.sid), JSON.stringify(account));
    storage?.setItem(LAST_KEY, account.sid);
  } catch {
    // Storage full or refused (private mode): the account still works in this page.
  }
}

export function removeAccount(storage: Storage | undefined, sid: string): void {
  try {
    storage?.removeItem(storageKeyOf(sid));
    if (storage?.getItem(LAST_KEY) === sid) storage.removeItem(LAST_KEY);
  } catch {
    // Nothing more to do when storage is unavailable.
  }
}

/** Every stored account, in storage order. */
export function listAccounts(storage: Storage | undefined): StoredAccount[] {
  if (!storage) return [];
  const accounts: StoredAccount[] = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const sid = sidOfStorageKey(storage.key(i));
      const account = sid ? readAccount(storage, sid) : null;
      if (account) accounts.push(account);
    }
  } catch {
    return accounts;
  }
  return accounts.sort((a, b) => a.sid.localeCompare(b.sid));
}

/** The session id used last (signed in or switched to), for "home" from a public page. */
export function readLastSid(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(LAST_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeLastSid(storage: Storage | undefined, sid: string): void {
  try {
    storage?.setItem(LAST_KEY, sid);
  } catch {
    // Only a convenience.
  }
}
