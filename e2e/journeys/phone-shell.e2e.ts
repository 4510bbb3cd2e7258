import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { explainFailures, launchBrowser, SCREENSHOTS_DIR } from '../support/browser';
import { signInApi, callApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

/** Issue 23: the shell on a 360 × 740 phone. Screenshots of each screen are named in a failure's output. */
const VIEWPORT = { width: 360, height: 740 };
const SHOTS = path.join(SCREENSHOTS_DIR, 'phone-shell');

interface HeaderLayout {
  height: number;
  rowTops: number[];
  rowBottoms: number[];
  pageWidth: number;
}

/** The header's box and where each of its parts sits: one line means every part within the header's own height. */
function headerLayout(page: Page): Promise<HeaderLayout> {
  return page.evaluate(() => {
    const header = document.querySelector('header');
    const row = document.querySelector('.app-header');
    if (!header || !row) throw new Error('no app header');
    const box = header.getBoundingClientRect();
    const parts = [...row.children].map((child) => child.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
    return {
      height: box.height,
      rowTops: parts.map((r) => r.top - box.top),
      rowBottoms: parts.map((r) => r.bottom - box.top),
      pageWidth: document.documentElement.scrollWidth,
    };
  });
}

describe.skipIf(!hasBrowser)('the shell on a 360 px phone', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let context: BrowserContext;
  let page: Page;
  let sid = '';
  const shots: string[] = [];

  explainFailures(() => page);
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      console.error(`── screenshots at 360 × 740 ──\n${shots.join('\n') || '(none taken)'}`);
    });
  });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ browser, close } = await launchBrowser());
    context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: VIEWPORT, isMobile: true, hasTouch: true });
    page = await context.newPage();
  });
  afterAll(() => close?.());

  /**
   * Screenshot first (so a failure shows the screen, and names the file), then the header on
   * one line and no sideways scroll.
   */
  async function checkScreen(name: string) {
    const file = path.join(SHOTS, `${name}.png`);
    await page.screenshot({ path: file, fullPage: false });
    shots.push(file);
    const layout = await headerLayout(page);
    const seen = `${name} at 360 × 740 (screenshot: ${file})`;
    expect(layout.height, `${seen}: header height`).toBeLessThanOrEqual(64);
    for (const top of layout.rowTops) expect(top, `${seen}: a header part starts inside the header`).toBeGreaterThanOrEqual(0);
    for (const bottom of layout.rowBottoms) expect(bottom, `${seen}: a header part ends inside the header (one line)`).toBeLessThanOrEqual(layout.height + 0.5);
    expect(layout.pageWidth, `${seen}: no sideways scroll`).toBeLessThanOrEqual(VIEWPORT.width);
  }

  it('signs the owner in and shows the business home', async () => {
    await page.goto('/auth/login');
    sid = await signInUi(page, 'agent@demo.cm');
    await page.goto(`/${sid}/business`);
    await page.locator('main h1').first().waitFor();
    await checkScreen('business-home');
    // Language and theme are in the account menu on a phone, not in the header.
    expect(await page.getByTestId('lang-switch').isVisible()).toBe(false);
    await page.getByTestId('account-menu').click();
    await page.getByTestId('lang-switch-menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('lang-switch-menu').waitFor({ state: 'detached' });
  });

  it('shows a list', async () => {
    await page.goto(`/${sid}/business/view/surveys`);
    await page.getByTestId('survey-list').waitFor();
    await checkScreen('survey-list');
  });

  it('shows a detail page', async () => {
    await page.goto(`/${sid}/business/view/sites`);
    // On a phone the list shows cards, the table rows are hidden: the first site link shown.
    const link = page.locator('main a[href*="/sites/"]:visible').first();
    await link.waitFor();
    await link.click();
    await page.waitForURL((url) => /\/business\/[^/]+\/sites\/[^/]+$/.test(url.pathname));
    await page.locator('main h1').first().waitFor();
    await checkScreen('site-detail');
  });

  it('shows the builder', async () => {
    const owner = await signInApi(baseURL, 'agent@demo.cm');
    const surveys = await callApi<Array<{ id: number }>>(baseURL, 'surveys?limit=1', { session: owner });
    expect(surveys.length).toBeGreaterThan(0);
    await page.goto(`/${sid}/business/edit/surveys/form/${surveys[0].id}?tab=builder`);
    await page.getByTestId('survey-detail').waitFor();
    await checkScreen('survey-builder');
  });

  it('a toast never covers the primary action of a form page', async () => {
    await page.goto(`/${sid}/business/company`);
    const submit = page.getByTestId('company-submit');
    await submit.waitFor();
    // Where the person taps it: scrolled to it, then scrolled until it sits just under the header.
    for (const [where, place] of [
      ['scrolled to', async () => submit.scrollIntoViewIfNeeded()],
      ['at the top of the screen', async () => placeUnderHeader(page, '[data-testid="company-submit"]')],
    ] as const) {
      await place();
      await submit.click();
      const toast = page.locator('.app-toast').first();
      await toast.waitFor();
      await settledBox(page, '.app-toast');
      const name = `toast-over-form-${where.replace(/\W+/g, '-')}`;
      const file = path.join(SHOTS, `${name}.png`);
      await page.screenshot({ path: file });
      shots.push(file);
      const button = await submit.boundingBox();
      const toasts = await page.locator('.app-toast').evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().toJSON() as Box));
      expect(button, 'the primary button is on screen').not.toBeNull();
      const covering = toasts.filter((box) => overlaps(box, button as Box));
      expect(covering, `the button ${where} (screenshot: ${file}): ${JSON.stringify(button)} under toasts ${JSON.stringify(toasts)}`).toEqual([]);
      // The toast leaves by itself (3.5 s): the next tap starts from a page without one.
      await toast.waitFor({ state: 'detached', timeout: 10_000 });
    }
  });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Scrolls the page so the element's top sits 8 px under the app header (the highest a person can see it). */
async function placeUnderHeader(page: Page, selector: string): Promise<void> {
  await page.evaluate((sel) => {
    const element = document.querySelector(sel);
    const header = document.querySelector('header');
    if (!element || !header) throw new Error(`no ${sel} or no header`);
    window.scrollBy(0, element.getBoundingClientRect().top - header.getBoundingClientRect().bottom - 8);
  }, selector);
  await page.waitForFunction(
    (sel) => {
      const element = document.querySelector(sel);
      const header = document.querySelector('header');
      if (!element || !header) return false;
      const gap = element.getBoundingClientRect().top - header.getBoundingClientRect().bottom;
      // Short pages cannot scroll that far: the element is then as high as the page lets it be.
      return gap <= 8.5 || window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    },
    selector,
  );
}

/** Waits until the boxes of `selector` stop moving (a toast slides in): the same across two frames. */
async function settledBox(page: Page, selector: string): Promise<void> {
  for (;;) {
    const still = await page.evaluate(
      (sel) =>
        new Promise<boolean>((resolve) => {
          const read = () => JSON.stringify([...document.querySelectorAll(sel)].map((n) => n.getBoundingClientRect()));
          const first = read();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(read() === first)));
        }),
      selector,
    );
    if (still) return;
  }
}
