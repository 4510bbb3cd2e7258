/**
 * What "données réduites" (answer/photo-settings.ts) defers besides photos (issue 21,
 * ARCHITECTURE.md "Field work offline"): the calls that only refresh what is already
 * shown and that live events keep current anyway — the notifications' unread count on
 * tab focus, the dashboard and scorecard overviews — wait 10 minutes instead of seconds,
 * and none refetches on focus or reconnection, so the outbox has the line to itself when
 * the network comes back. Pictures that only decorate (the account's avatar, company
 * logos) are not downloaded: initials show instead. Essential calls (Ma journée, the
 * outbox, the answering page, the pages opened) are untouched.
 */
import { isReducedData } from '../answer/photo-settings';

export const DEFERRED_STALE_MS = 10 * 60_000;

interface RefreshOptions {
  staleTime?: number;
  refetchOnWindowFocus?: boolean;
  refetchOnReconnect?: boolean;
}

/** A non-essential query's refresh options, deferred under "données réduites". */
export function deferrable<T extends RefreshOptions>(options: T, reduced: boolean = isReducedData()): T {
  if (!reduced) return options;
  return { ...options, staleTime: Math.max(options.staleTime ?? 0, DEFERRED_STALE_MS), refetchOnWindowFocus: false, refetchOnReconnect: false };
}

/** A decorative picture's address, or null (initials shown) under "données réduites". */
export function decorativePicture(url: string | null | undefined, reduced: boolean = isReducedData()): string | null {
  return reduced ? null : (url ?? null);
}
