import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

/** The seeded demo survey (apps/api/src/demo/demo-survey-structure.ts): its labels stay French in every language. */
const DEMO_LINK = '/m/su/SATDEMCL';
const DEMO_TITLE = 'Satisfaction client – Démo SARL';
const WAIT_LABEL = /^Temps d’attente \(minutes\)/;

/** The page's language as `<html lang>` says it, once the words of that language are in place. */
async function waitForLanguage(page: Page, lang: string) {
  await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
}

describe.skipIf(!hasBrowser)('answering page languages on a phone', () => {
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(() => close?.());

  // A fresh context each time: its own device storage, so no language is remembered yet.
  const phone = (locale: string): Promise<BrowserContext> =>
    browser.newContext({ baseURL, locale, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  it('follows the browser (English), switches to French in place keeping the answer, and remembers it on reload', async () => {
    const context = await phone('en-US');
    const page = await context.newPage();

    await page.goto(DEMO_LINK);
    await page.getByRole('heading', { name: DEMO_TITLE }).waitFor();
    await waitForLanguage(page, 'en');
    await page.getByRole('button', { name: 'Start' }).tap();

    await page.getByText('Step 1 of 3').waitFor();
    await page.getByLabel(WAIT_LABEL).fill('25');
    await page.getByLabel('Language').selectOption({ label: 'Français' });

    // Same screen, now in French, the typed answer still there.
    await waitForLanguage(page, 'fr');
    await page.getByText('Étape 1 sur 3').waitFor();
    expect(await page.getByTestId('answer-next').textContent()).toContain('Suivant');
    expect(await page.getByLabel(WAIT_LABEL).inputValue()).toBe('25');
    expect(await page.getByLabel('Langue').inputValue()).toBe('fr');

    // The device remembers French over the browser's English.
    await page.reload();
    await page.getByRole('heading', { name: DEMO_TITLE }).waitFor();
    await waitForLanguage(page, 'fr');
    await page.getByText('Étape 1 sur 3').waitFor();
    expect(await page.getByLabel('Langue').inputValue()).toBe('fr');
    await context.close();
  });

  it('speaks the language the link names (?lang=zh-CN) whatever the browser says', async () => {
    const context = await phone('en-US');
    const page = await context.newPage();

    await page.goto(`${DEMO_LINK}?lang=zh-CN`);
    await page.getByRole('heading', { name: DEMO_TITLE }).waitFor();
    await waitForLanguage(page, 'zh-CN');
    await page.getByRole('button', { name: '开始' }).waitFor();
    expect(await page.getByLabel('语言').inputValue()).toBe('zh-CN');
    await context.close();
  });
});
