import { useEffect } from 'react';
import type { StoredAccount } from '../../../lib/session/account.types';
import { renewSession } from '../../../lib/session/session-service';
import { nowInSeconds, secondsUntilRenewal } from '../../../lib/session/token-status';

// setTimeout cannot wait longer than about 24.8 days.
const MAX_DELAY_MS = 2_000_000_000;

/** Renews the access token of the account shown, shortly before it expires. */
export function useRenewalTimer(account: StoredAccount | null): void {
  const sid = account?.sid;
  const key = account?.sessionInfo.key;
  const exp = account?.sessionInfo.exp;
  useEffect(() => {
    if (!sid || !key || !exp) return;
    const delay = Math.min(secondsUntilRenewal({ exp }, nowInSeconds()) * 1000, MAX_DELAY_MS);
    const timer = window.setTimeout(() => void renewSession(sid, key), delay);
    return () => window.clearTimeout(timer);
  }, [sid, key, exp]);
}
