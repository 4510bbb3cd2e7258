import { useEffect, useMemo, useState } from 'react';
import type { QueueEvent, SubmitQueue } from '../../../answer/submit-queue';
import { isSignInLost } from '../../../answer/submit-queue';
import type { StoredAccount } from '../../../lib/session/account.types';
import { accounts } from '../../../lib/session/account-store';
import { createApiTransport } from './api-transport';
import { outboxFor } from './outbox';

/** What the outbox line shows: how many wait, and the last thing that happened to them. */
export interface OutboxState {
  pending: number;
  last:
    | { kind: 'idle' }
    | { kind: 'sent' }
    | { kind: 'waiting'; retryInMs: number; signInLost: boolean }
    | { kind: 'rejected'; message: string }
    | { kind: 'file-refused'; message: string };
}

/** The outcome of one queue event for the line; null when it changes nothing shown. */
export function outboxStateAfter(state: OutboxState, event: QueueEvent, pending: number): OutboxState {
  switch (event.type) {
    case 'sent':
      return { pending, last: event.final ? { kind: 'sent' } : state.last };
    case 'waiting':
      return { pending, last: { kind: 'waiting', retryInMs: event.retryInMs, signInLost: isSignInLost(event.error) } };
    case 'rejected':
      return { pending, last: { kind: 'rejected', message: event.error.message } };
    case 'media-failed':
      return { pending, last: { kind: 'file-refused', message: event.message } };
    default:
      return { ...state, pending };
  }
}

/** The signed-in account's outbox queue (one per account, shared with the answering page). */
export function useOutboxQueue(account: StoredAccount | null): SubmitQueue | null {
  const sid = account?.sid;
  const userId = account?.usr.id;
  return useMemo(
    () => (sid ? outboxFor(sid, () => createApiTransport(sid), { userId, isOpen: (other) => accounts.get(other) !== null }) : null),
    [sid, userId],
  );
}

/**
 * Keeps the account's outbox sending in the background, whatever page is open: at once,
 * when the network comes back, when the page is shown again, and when the session works
 * again (renewed, signed in anew). Returns what the outbox line shows.
 */
export function useOutbox(account: StoredAccount | null, sessionWorks: boolean): OutboxState {
  const queue = useOutboxQueue(account);
  const [state, setState] = useState<OutboxState>(() => ({ pending: queue?.size() ?? 0, last: { kind: 'idle' } }));

  useEffect(() => {
    if (!queue) return;
    setState((s) => ({ ...s, pending: queue.size() }));
    const stop = queue.subscribe((event) => setState((s) => outboxStateAfter(s, event, queue.size())));
    const flush = () => void queue.flush();
    const onVisible = () => document.visibilityState === 'visible' && flush();
    window.addEventListener('online', flush);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop();
      window.removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [queue]);

  useEffect(() => {
    if (queue && sessionWorks) void queue.flush();
  }, [queue, sessionWorks]);

  return state;
}
