import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

/** Every demo account (README): each walks all the navigation it is shown. */
const DEMO_ACCOUNTS = ['admin@demo.cm', 'agent@demo.cm', 'partner@demo.cm', 'client@demo.cm', 'agent@autre.cm'];

interface Entry {
  id: string;
  href: string;
  label: string;
}

/** The entries as the page shows them: read from the DOM, so new routes are walked too. */
async function navEntries(page: Page): Promise<Entry[]> {
  const nav = page.getByTestId('side-nav');
  await nav.waitFor({ state: 'attached' });
  return nav.getByTestId('nav-item').evaluateAll((links) =>
    links.map((link) => ({ id: link.getAttribute('data-nav-id') ?? '', href: link.getAttribute('href') ?? '', label: (link.textContent ?? '').trim() })),
  );
}

/** After a click on an entry: its page, with its own heading, neither the 403 nor the catch-all. */
async function expectRealPage(page: Page, entry: Entry) {
  await page.waitForURL((url) => url.pathname === entry.href, { timeout: 30_000 });
  // The address changes before React draws the new page: wait for the shell to mark the
  // entry as current, so the heading read below is the new page's, not the previous one's.
  await page.getByTestId('side-nav').locator(`a[href="${entry.href}"][aria-current="page"]`).waitFor({ state: "attached", timeout: 30_000 });
  const heading = page.locator('main h1').first();
  // Named in the failure, so the owner of the page sees which entry lacks its heading.
  await heading.waitFor({ state: 'visible', timeout: 30_000 }).catch(() => {
    throw new Error(`${entry.href} (${entry.label}) shows no page heading (main h1)`);
  });
  expect((await heading.textContent())?.trim(), `${entry.href} has a heading`).toBeTruthy();
  expect(await page.getByTestId('not-found').count(), `${entry.href} is not the catch-all`).toBe(0);
  expect(await page.getByTestId('error-page').count(), `${entry.href} is not an error page`).toBe(0);
  expect(new URL(page.url()).pathname).not.toContain('/error/');
  // The entry of the page is marked as the current one.
  const current = page.getByTestId('side-nav').locator('[aria-current="page"]');
  expect(await current.getAttribute('href')).toBe(entry.href);
}

describe.skipIf(!hasBrowser)('navigation of every demo account', () => {
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(() => close?.());

  for (const login of DEMO_ACCOUNTS) {
    it(`${login}: every entry of the side navigation opens a real page (desktop)`, { timeout: 240_000 }, async () => {
      const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      try {
        await page.goto('/auth/login');
        await signInUi(page, login);
        const entries = await navEntries(page);
        expect(entries.length, `${login} is offered some navigation`).toBeGreaterThan(0);
        expect(new Set(entries.map((e) => e.href)).size).toBe(entries.length);

        // The sign-in toast sits top right, below the header, never over its controls.
        const toast = page.locator('.mantine-Notifications-root .app-toast').first();
        if (await toast.isVisible()) {
          const header = await page.locator('header').first().boundingBox();
          const box = await toast.boundingBox();
          expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
        }

        for (const entry of entries) {
          await page.getByTestId('side-nav').locator(`a[href="${entry.href}"]`).click();
          await expectRealPage(page, entry);
          // The list stays the same on every page (it depends on the account, not the page).
          expect((await navEntries(page)).map((e) => e.href)).toEqual(entries.map((e) => e.href));
        }
      } finally {
        await context.close();
      }
    });
  }

  it('on a phone the navigation is a drawer behind the menu button, and each entry opens its page', { timeout: 240_000 }, async () => {
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await page.goto('/auth/login');
      await signInUi(page, 'agent@demo.cm');
      const burger = page.getByTestId('nav-burger');
      await burger.waitFor();
      // Closed at first: the page has the whole width, nothing scrolls sideways.
      expect(await page.getByTestId('side-nav').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The drawer's links are built when it first opens: read them there, then close it.
      await burger.click();
      await page.getByTestId('side-nav').waitFor({ state: 'visible' });
      const entries = await navEntries(page);
      expect(entries.length).toBeGreaterThan(1);
      await burger.click();
      await page.getByTestId('side-nav').waitFor({ state: 'hidden' });

      for (const entry of entries) {
        await burger.click();
        expect(await burger.getAttribute('aria-expanded')).toBe('true');
        const link = page.getByTestId('side-nav').locator(`a[href="${entry.href}"]`);
        await link.waitFor({ state: 'visible' });
        await link.click();
        await expectRealPage(page, entry);
        // Choosing a page closes the drawer.
        await page.getByTestId('side-nav').waitFor({ state: 'hidden' });
        expect(await burger.getAttribute('aria-expanded')).toBe('false');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${entry.href} fits the phone`).toBe(true);
      }
    } finally {
      await context.close();
    }
  });
});
