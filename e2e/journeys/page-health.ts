import type { Locator, Page, Response } from 'playwright-core';

/** What the user must never meet on a page they were given: each is a dead end. */
export const REFUSALS = [/Vous n.êtes pas autorisé/i, /en-tête Agent-id/i, /Aucune entreprise active/i];

/**
 * Whether the locator's first match becomes visible within the wait: for a journey that
 * gathers every failure of a walk and reports them together, rather than stopping at the
 * first thing missing.
 */
export function appears(locator: Locator, timeoutMs = 15_000): Promise<boolean> {
  return locator
    .first()
    .waitFor({ state: 'visible', timeout: timeoutMs })
    .then(() => true)
    .catch(() => false);
}

/**
 * The API calls of a page, counted while they run: a page has "settled" once none is in
 * flight across two animation frames (what it asked for has come back and been drawn).
 * Refusals (403) and server errors (5xx) heard on the way are kept for the caller.
 */
export function watchApi(page: Page) {
  let inFlight = 0;
  let wake: (() => void) | null = null;
  const refused: string[] = [];
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isApi(request.url())) inFlight += 1;
  });
  const done = (url: string) => {
    if (!isApi(url)) return;
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) wake?.();
  };
  page.on('requestfinished', (request) => done(request.url()));
  page.on('requestfailed', (request) => done(request.url()));
  page.on('response', (response: Response) => {
    const status = response.status();
    if (isApi(response.url()) && (status === 403 || status >= 500)) {
      refused.push(`${response.request().method()} ${new URL(response.url()).pathname} → ${status}`);
    }
  });
  return {
    /** The refusals heard since the last call (and forgets them). */
    takeRefused(): string[] {
      return refused.splice(0);
    },
    async settle(): Promise<void> {
      for (;;) {
        if (inFlight > 0) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        if (inFlight === 0) return;
      }
    },
  };
}

/** What is wrong with the page opened at `href`, if anything (empty: a real, usable page). */
export async function problemsOf(page: Page, href: string): Promise<string[]> {
  const problems: string[] = [];
  const path = new URL(page.url()).pathname;
  if (path !== href) problems.push(`ended on ${path}`);
  if (path.startsWith('/error')) problems.push('the error page');
  if (await page.getByTestId('not-found').count()) problems.push('the catch-all page');
  if (await page.getByTestId('error-page').count()) problems.push('an error page');
  const text = (await page.locator('main').first().textContent()) ?? '';
  for (const refusal of REFUSALS) {
    const found = refusal.exec(text);
    if (found) problems.push(`says « ${found[0]} »`);
  }
  return problems;
}
