import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { beforeEach } from 'vitest';
import { watchAccessibility } from './accessibility';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Where the journeys write their screenshots (git-ignored); a failure names the file in its output. */
export const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '../.screenshots');

/** A file name from a test's name: letters, digits and dashes only. */
export function screenshotName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
}

/**
 * Debian's Chromium, headless, with the flags this closed network needs; playwright gives it a
 * fresh profile. Its contexts and pages carry axe-core (support/accessibility.ts).
 */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Every context and page the journeys open is watched by axe-core (support/accessibility.ts).
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  // Reduced motion, as a person may ask: toasts and the like appear and go without fading, so
  // a scan never judges a half-faded colour (a toast leaving while axe ran failed contrast).
  browser.newContext = async (options) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    await watchAccessibility(context);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage({ reducedMotion: 'reduce', ...options });
    await watchAccessibility(page.context());
    return page;
  };
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/**
 * Keeps what a page said while a journey ran (console errors, uncaught errors, API answers of
 * 400 and more) and prints it with the page's address and visible text when a test fails, so
 * a failure on CI says what the user saw rather than only which locator timed out.
 */
export function explainFailures(pages: () => Page | Array<Page | undefined> | undefined): void {
  const seen = new WeakSet<Page>();
  let notes: string[] = [];
  const current = () => [pages()].flat().filter((p): p is Page => Boolean(p));
  const watch = (p: Page) => {
    if (seen.has(p)) return;
    seen.add(p);
    p.on('console', (m) => {
      if (m.type() === 'error') notes.push(`console: ${m.text()}`);
    });
    p.on('pageerror', (e) => notes.push(`page error: ${e.message}`));
    p.on('response', (r) => {
      if (r.status() >= 400) notes.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
  };
  beforeEach(({ onTestFailed, task }) => {
    notes = [];
    for (const p of current()) watch(p);
    onTestFailed(async () => {
      const folder = path.join(SCREENSHOTS_DIR, 'failures');
      mkdirSync(folder, { recursive: true });
      for (const [index, p] of current().entries()) {
        const text = await p.locator('body').innerText({ timeout: 2_000 }).catch(() => '(unreadable)');
        const file = path.join(folder, `${screenshotName(`${task.file?.name ?? ''}-${task.name}`)}-${index + 1}.png`);
        const shot = await p.screenshot({ path: file, timeout: 5_000 }).then(
          () => file,
          () => '(no screenshot: the page did not answer)',
        );
        console.error(`── what the page showed at ${p.url()} (screenshot: ${shot}) ──\n${text.slice(0, 3_000)}`);
      }
      console.error(`── what the pages said ──\n${notes.slice(-40).join('\n') || '(nothing)'}`);
    });
  });
}
