import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/http-error';
import type { StoredAccount } from '../../../lib/session/account.types';
import { activeAgentOf } from '../../../lib/session/account-model';
import { fetchWorkday } from './workday.api';
import { type KeptWorkday, keepWorkday, readWorkday, workdayKey } from './workday-store';

/** The day shown: the server's just now (`live`), or the copy this phone kept (offline, server unreachable). */
export interface ShownWorkday extends KeptWorkday {
  live: boolean;
}

/** The kept day's key of an account (its session and active agent). */
export const workdayKeyOf = (account: Pick<StoredAccount, 'sid' | 'agents'>) => workdayKey(account.sid, activeAgentOf(account)?.id);

/**
 * "Ma journée": asks the server, keeps what it answers on the phone (IndexedDB), and
 * without an answer (no network, server unreachable) shows the kept copy instead. A
 * refusal (403, 401) is no reason to show stale assignments: it stands.
 */
export async function loadWorkday(
  key: string,
  deps: { fetchDay?: typeof fetchWorkday; read?: typeof readWorkday; keep?: typeof keepWorkday } = {},
): Promise<ShownWorkday> {
  const { fetchDay = fetchWorkday, read = readWorkday, keep = keepWorkday } = deps;
  try {
    const kept = await keep(key, await fetchDay());
    return { ...kept, live: true };
  } catch (error) {
    const unreachable = !isApiError(error) || error.status === 0 || error.status >= 500;
    const kept = unreachable ? await read(key) : null;
    if (kept) return { ...kept, live: false };
    throw error;
  }
}

export function useWorkday(account: StoredAccount) {
  const key = workdayKeyOf(account);
  return useQuery({
    queryKey: ['workday', key],
    queryFn: () => loadWorkday(key),
    // The queryFn answers offline from the kept copy: it must run without a network too.
    networkMode: 'always',
    retry: false,
    refetchOnReconnect: 'always',
    staleTime: 60_000,
  });
}
