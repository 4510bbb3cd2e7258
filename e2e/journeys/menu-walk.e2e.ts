import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../apps/api/src/demo/demo';
import { DEMO_FIELD_AGENTS } from '../../apps/api/src/demo/demo-structure';
import { explainFailures, launchBrowser } from '../support/browser';
import { signInUi } from './auth-support';
import { problemsOf, watchApi } from './page-health';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

/**
 * Every account the demo seed creates (README "Comptes de démonstration", the field
 * agents included), read from the seed itself so a new demo account is walked too.
 */
const LOGINS = [...Object.values(DEMO_ACCOUNTS).map((a) => a.email), ...DEMO_FIELD_AGENTS.map((a) => a.email)];

interface Entry {
  href: string;
  label: string;
}

/** The entries as the page shows them (read from the DOM: entries added later are walked too). */
async function menuOf(page: Page): Promise<Entry[]> {
  const nav = page.getByTestId('side-nav');
  await nav.waitFor({ state: 'attached' });
  return nav.getByTestId('nav-item').evaluateAll((links) =>
    links.map((link) => ({ href: link.getAttribute('href') ?? '', label: (link.textContent ?? '').trim() })),
  );
}

describe.skipIf(!hasBrowser)('every menu entry of every demo account opens a page the account can use', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page | undefined;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(() => close?.());
  explainFailures(() => page);

  for (const login of LOGINS) {
    it(`${login}: no entry leads to a 403, a refusal, the catch-all or an error page`, { timeout: 300_000 }, async () => {
      const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
      page = await context.newPage();
      const api = watchApi(page);
      try {
        await page.goto('/auth/login');
        await signInUi(page, login);
        const entries = await menuOf(page);
        expect(entries.length, `${login} is offered some navigation`).toBeGreaterThan(0);
        await api.settle();
        const failures: string[] = api.takeRefused().map((r) => `landing page: ${r}`);

        for (const entry of entries) {
          await page.getByTestId('side-nav').locator(`a[href="${entry.href}"]`).click();
          await page.waitForURL((url) => url.pathname === entry.href || url.pathname.startsWith('/error'), { timeout: 30_000 });
          // The page is drawn (its heading, or the error page) and what it asked the API came back.
          await page.locator('main h1, [data-testid="error-page"], [data-testid="not-found"]').first().waitFor({ timeout: 30_000 });
          await api.settle();
          const problems = [...(await problemsOf(page, entry.href)), ...api.takeRefused()];
          for (const problem of problems) failures.push(`${entry.label} (${entry.href}): ${problem}`);
          if (new URL(page.url()).pathname !== entry.href) await page.goBack();
        }
        expect(failures, `${login}'s menu leads to dead ends`).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
