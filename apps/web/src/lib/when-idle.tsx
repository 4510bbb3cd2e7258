import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Work a page can do without: the header's live dot, bell and send queue, the toasts and
 * the update prompt. On a slow phone, loading and drawing them while the page itself
 * draws made one long task of both (Lighthouse's TBT, issue 23): they wait for the
 * browser's free moments after the page is shown (at most `IDLE_TIMEOUT_MS` each), one
 * part per free moment (mounted together, their effects made one long task again), and
 * draw in a transition, in slices the browser can interleave.
 */
const IDLE_TIMEOUT_MS = 2_000;

let idle = false;
let draining = false;
/** In the order their effects ran (the toasts' container first: it is above the shell in the tree). */
const waiting = new Set<() => void>();

interface IdleHost {
  requestIdleCallback?(callback: () => void, options?: IdleRequestOptions): number;
}

/** Runs `callback` in the browser's next free moment (at most `IDLE_TIMEOUT_MS` later). */
function whenBrowserIdle(callback: () => void): void {
  const host = globalThis as IdleHost;
  // Safari has no requestIdleCallback: the next task will do.
  if (host.requestIdleCallback) host.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(callback, 0);
}

/** Draws the next waiting part, and asks for another free moment for the one after. */
function wakeNext(): void {
  const [next] = waiting;
  if (!next) {
    idle = true;
    draining = false;
    return;
  }
  waiting.delete(next);
  next();
  whenBrowserIdle(wakeNext);
}

/** True once the browser has had a free moment for this part (then for good; at once after the first parts drew). */
export function useWhenIdle(): boolean {
  const [ready, setReady] = useState(idle);
  useEffect(() => {
    if (ready) return;
    const resume = () => startTransition(() => setReady(true));
    if (idle) return resume();
    waiting.add(resume);
    if (!draining) {
      draining = true;
      whenBrowserIdle(wakeNext);
    }
    return () => {
      waiting.delete(resume);
    };
  }, [ready]);
  return ready;
}

/** Its children once the browser has been idle (`fallback` until then: a held place, or nothing). */
export function WhenIdle({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useWhenIdle() ? children : fallback;
}

/**
 * Ends the current task: what follows runs in a new one, after the browser has had its turn
 * (a paint, an input). Start-up steps separated by it are several short tasks instead of one
 * long one on a slow phone.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
