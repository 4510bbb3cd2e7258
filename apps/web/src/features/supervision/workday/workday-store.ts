/**
 * "Ma journée" kept on the phone (IndexedDB, through idb-keyval): the last day the server
 * gave each account, so the installed app opens on it with no network. One entry per
 * account and active agent; written after every successful refresh, read first at start.
 */
import type { WorkdayView } from '@app/contracts/workday';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

export interface KeptWorkday {
  day: WorkdayView;
  /** When this phone last received it (ms since the epoch): the page says how fresh it is. */
  savedAt: number;
}

let store: UseStore | null = null;
const workdayStore = () => {
  store ??= createStore('enq-workday', 'days');
  return store;
};

export const workdayKey = (sid: string, agentId: number | null | undefined) => `${sid}:${agentId ?? 'none'}`;

/** The kept day, or null when none (never opened online) or IndexedDB is unavailable. */
export async function readWorkday(key: string, kv: UseStore = workdayStore()): Promise<KeptWorkday | null> {
  try {
    const kept = (await get(key, kv)) as KeptWorkday | undefined;
    return kept?.day ? kept : null;
  } catch {
    return null;
  }
}

export async function keepWorkday(key: string, day: WorkdayView, now = Date.now(), kv: UseStore = workdayStore()): Promise<KeptWorkday> {
  const kept = { day, savedAt: now };
  try {
    await set(key, kept, kv);
  } catch {
    // Private modes may refuse IndexedDB: the day still shows for this page.
  }
  return kept;
}

export async function forgetWorkday(key: string, kv: UseStore = workdayStore()): Promise<void> {
  await del(key, kv).catch(() => undefined);
}

/**
 * The answering definition of a survey kept in any of the account's days (the answering
 * page falls back to it offline), or null.
 */
export async function keptDefinition(key: string, code: string, kv?: UseStore): Promise<unknown | null> {
  const kept = await readWorkday(key, kv);
  const surveys = kept?.day.surveys ?? {};
  const wanted = code.toUpperCase();
  const found = Object.entries(surveys).find(([c]) => c.toUpperCase() === wanted);
  return found?.[1] ?? null;
}
