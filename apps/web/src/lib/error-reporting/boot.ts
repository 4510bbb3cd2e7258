/**
 * What both pages load up front for error reporting, kept to a few lines so that the
 * answering page's first load does not grow (docs/ARCHITECTURE.md "Error reporting"):
 * it keeps the first uncaught errors, and after the page has loaded fetches start.ts,
 * which asks the server for a DSN and loads the Sentry SDK only if there is one.
 */
type Report = (error: unknown) => void;

let early: unknown[] | null = [];
let report: Report | null = null;

const keep = (event: Event) => {
  const e = event as ErrorEvent & PromiseRejectionEvent;
  reportError(e.error ?? e.reason ?? e.message);
};

/** Called once by each page's entry. */
export function bootErrorReporting(page: 'app' | 'answer' | 'auth'): void {
  addEventListener('error', keep);
  addEventListener('unhandledrejection', keep);
  const go = () => void import('./start').then((m) => m.startErrorReporting({ page }));
  if (document.readyState === 'complete') go();
  else addEventListener('load', go, { once: true });
}

/** Reports an error a page caught itself (a React error boundary); kept until the SDK is there. */
export function reportError(error: unknown): void {
  if (report) report(error);
  else if (early && early.length < 10) early.push(error);
}

/** start.ts: from now on the SDK (or nobody) takes the errors; hands over those kept. */
export function handOver(next: Report | null): unknown[] {
  removeEventListener('error', keep);
  removeEventListener('unhandledrejection', keep);
  report = next;
  const kept = early ?? [];
  early = null;
  return kept;
}
