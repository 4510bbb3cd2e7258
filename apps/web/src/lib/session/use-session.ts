import { useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import type { StoredAccount } from './account.types';
import { accounts, type SessionEntry } from './account-store';

/** The stored account and session state of a session id, re-rendering on change. */
export function useSessionEntry(sid: string | null | undefined): SessionEntry {
  return useSyncExternalStore(
    accounts.subscribe,
    () => accounts.entry(sid),
    () => accounts.entry(sid),
  );
}

/** The session of the current address (`/{sessionID}/...`). */
export function useCurrentSession(): SessionEntry & { sid: string } {
  const { sessionID = '' } = useParams();
  return { sid: sessionID, ...useSessionEntry(sessionID) };
}

/**
 * The signed-in account of a page the guards let through. The guard guarantees it on
 * arrival; it can vanish later (signed out in another tab), which the layout handles.
 */
export function useAccount(): StoredAccount | null {
  return useCurrentSession().account;
}

/** Every account open in this browser (for the account menu). */
export function useAllAccounts(): StoredAccount[] {
  // The list is rebuilt from storage; re-render on any store change is enough here.
  useSyncExternalStore(accounts.subscribe, () => accounts.version, () => accounts.version);
  return accounts.list();
}
