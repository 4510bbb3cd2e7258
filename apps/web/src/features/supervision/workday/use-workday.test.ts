import type { WorkdayView } from '@app/contracts/workday';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/http-error';
import { loadWorkday } from './use-workday';
import type { KeptWorkday } from './workday-store';

const day = (generated: string): WorkdayView => ({ generated_at: generated, company: { id: 1, name: 'Démo SARL' }, monitors: [], contributions: [], places: [], surveys: {} });

/** A phone's kept days, in memory (IndexedDB in the browser). */
function keptDays() {
  const map = new Map<string, KeptWorkday>();
  return {
    map,
    read: async (key: string) => map.get(key) ?? null,
    keep: async (key: string, d: WorkdayView, now = 1_000) => {
      const kept = { day: d, savedAt: now };
      map.set(key, kept);
      return kept;
    },
  };
}

describe('"Ma journée" kept on the phone', () => {
  it('online: the server’s day, kept for later', async () => {
    const phone = keptDays();
    const shown = await loadWorkday('s1:7', { ...phone, fetchDay: async () => day('2026-11-27T06:00:00Z') });
    expect(shown).toMatchObject({ live: true, day: { generated_at: '2026-11-27T06:00:00Z' } });
    expect(phone.map.get('s1:7')?.day.generated_at).toBe('2026-11-27T06:00:00Z');
  });

  it('no network or server down: the kept copy, marked as such', async () => {
    const phone = keptDays();
    await phone.keep('s1:7', day('2026-11-27T06:00:00Z'), 42);
    for (const error of [new ApiError({ status: 0, kind: 'network', message: 'réseau' }), new ApiError({ status: 503, kind: 'http', message: 'indisponible' })]) {
      const shown = await loadWorkday('s1:7', { ...phone, fetchDay: () => Promise.reject(error) });
      expect(shown).toEqual({ day: day('2026-11-27T06:00:00Z'), savedAt: 42, live: false });
    }
  });

  it('a refusal (401, 403) stands: stale assignments are never shown to someone refused', async () => {
    const phone = keptDays();
    await phone.keep('s1:7', day('2026-11-27T06:00:00Z'));
    const refused = new ApiError({ status: 403, kind: 'http', message: 'Aucune entreprise active' });
    await expect(loadWorkday('s1:7', { ...phone, fetchDay: () => Promise.reject(refused) })).rejects.toBe(refused);
  });

  it('never loaded on this phone and offline: the error stands (the page asks to connect once)', async () => {
    const offline = new ApiError({ status: 0, kind: 'network', message: 'réseau' });
    await expect(loadWorkday('s2:8', { ...keptDays(), fetchDay: () => Promise.reject(offline) })).rejects.toBe(offline);
  });
});
