import type { StoredAccount } from './account.types';
import { listAccounts, readAccount, readLastSid, removeAccount, sidOfStorageKey, writeAccount, writeLastSid } from './account-storage';
import { clearsStoredSession, type SessionEvent, type SessionState, sessionReducer } from './session-machine';

export interface SessionEntry {
  account: StoredAccount | null;
  state: SessionState;
}

type Listener = () => void;

const EMPTY: SessionEntry = Object.freeze({ account: null, state: 'initial' as SessionState });

/**
 * The accounts of this browser, by session id: persisted in storage, with the session
 * state of each kept in memory. Entries are immutable so React can subscribe with
 * useSyncExternalStore; a change in another tab (the `storage` event) is picked up.
 */
export class AccountStore {
  private readonly entries = new Map<string, SessionEntry>();
  private readonly listeners = new Set<Listener>();
  /** Bumped on every change, for subscribers that read derived lists. */
  version = 0;

  constructor(private readonly storage: Storage | undefined) {}

  /** The entry of a session id, read from storage the first time. */
  entry(sid: string | null | undefined): SessionEntry {
    if (!sid) return EMPTY;
    let entry = this.entries.get(sid);
    if (!entry) {
      entry = { account: readAccount(this.storage, sid), state: 'initial' };
      this.entries.set(sid, entry);
    }
    return entry;
  }

  get(sid: string | null | undefined): StoredAccount | null {
    return this.entry(sid).account;
  }

  stateOf(sid: string | null | undefined): SessionState {
    return this.entry(sid).state;
  }

  /** Stores an account (new sign-in, refreshed user or tokens, switched company). */
  save(account: StoredAccount): void {
    writeAccount(this.storage, account);
    this.set(account.sid, { account, state: this.entry(account.sid).state });
  }

  /** Applies a session event; `initial` and `disconnected` clear the stored session (section 4). */
  dispatch(sid: string, event: SessionEvent): SessionState {
    const current = this.entry(sid);
    const state = sessionReducer(current.state, event);
    // Only entering initial/disconnected clears: an account stored but not started in
    // this page also reads as `initial`, and must survive events that leave it there.
    const entering = state !== current.state || event.type === 'start';
    if (clearsStoredSession(state) && entering && current.account) {
      removeAccount(this.storage, sid);
      this.set(sid, { account: null, state });
    } else if (state !== current.state) {
      this.set(sid, { account: current.account, state });
    }
    return state;
  }

  /** Forgets an account at once (logout). */
  remove(sid: string): void {
    removeAccount(this.storage, sid);
    this.set(sid, { account: null, state: 'disconnected' });
  }

  list(): StoredAccount[] {
    return listAccounts(this.storage);
  }

  /** The account of a user already signed in here, so a second sign-in reuses its session id. */
  findByUser(userId: number): StoredAccount | null {
    return this.list().find((a) => a.usr.id === userId) ?? null;
  }

  /** The account whose access token is (or just was) `token`. */
  findByToken(token: string): StoredAccount | null {
    return this.list().find((a) => a.sessionInfo.key === token) ?? null;
  }

  lastSid(): string | null {
    return readLastSid(this.storage);
  }

  markUsed(sid: string): void {
    writeLastSid(this.storage, sid);
  }

  /** Re-reads an entry written by another tab (token rotated there, signed out there). */
  reload(sid: string): void {
    const account = readAccount(this.storage, sid);
    const current = this.entry(sid);
    if (account === current.account) return;
    this.set(sid, { account, state: account ? current.state : 'disconnected' });
  }

  /** Follows the `storage` events of other tabs; returns the unsubscribe. */
  followOtherTabs(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
    const onStorage = (event: StorageEvent) => {
      const sid = sidOfStorageKey(event.key);
      if (sid && this.entries.has(sid)) this.reload(sid);
    };
    target.addEventListener('storage', onStorage);
    return () => target.removeEventListener('storage', onStorage);
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(sid: string, entry: SessionEntry): void {
    this.entries.set(sid, entry);
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

const browserStorage = (() => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
})();

/** The app's store over localStorage. */
export const accounts = new AccountStore(browserStorage);
