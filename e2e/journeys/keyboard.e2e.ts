import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainFailures, launchBrowser } from '../support/browser';
import { sessionIdOf } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

/** What has the keyboard focus: enough to say where Tab went when a step fails. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '(body)';
    const id = el.getAttribute('data-testid') ?? el.getAttribute('data-nav-id') ?? el.id;
    return `<${el.tagName.toLowerCase()}${id ? ` ${id}` : ''}> ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`;
  });
}

function focusMatches(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
}

/**
 * Presses Tab (or Shift+Tab) until the focus is on `selector`, checking on every stop that the
 * focused element shows it (section "Accessible": visible focus). Fails with the path taken.
 */
async function tabTo(page: Page, selector: string, { back = false, max = 80 } = {}): Promise<void> {
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    path.push(await describeFocus(page));
    await expectVisibleFocus(page);
    if (await focusMatches(page, selector)) return;
  }
  throw new Error(`${selector} not reached with ${back ? 'Shift+Tab' : 'Tab'}; the focus went: ${path.join(' → ')}`);
}

/**
 * The focused element draws a focus indicator: an outline or a ring (box-shadow), its own or,
 * for a control hidden inside a label, its label's; a form field (Mantine's input frame, the
 * field itself or around it) changes its border colour. Checked on the computed
 * style, as drawn.
 */
async function expectVisibleFocus(page: Page): Promise<void> {
  const shown = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: true, what: '(body)' };
    const drawn = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    const label = el.parentElement?.matches('label') ? el.parentElement : null;
    const frame = el.closest('.mantine-Input-input');
    let bordered = false;
    if (frame?.parentElement) {
      // The same frame unfocused (a bare copy beside it, hidden): the focus changes its border.
      const still = frame.cloneNode(false) as HTMLElement;
      still.removeAttribute('id');
      still.setAttribute('aria-hidden', 'true');
      still.style.position = 'absolute';
      still.style.visibility = 'hidden';
      frame.parentElement.appendChild(still);
      bordered = getComputedStyle(frame).borderTopColor !== getComputedStyle(still).borderTopColor;
      still.remove();
    }
    const ok = drawn(el) || (label !== null && drawn(label)) || bordered;
    return { ok, what: el.outerHTML.slice(0, 200) };
  });
  expect(shown.ok, `the focused element shows its focus: ${shown.what}`).toBe(true);
}

describe.skipIf(!hasBrowser)('the signed-in app by keyboard only', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;
  let sid: string;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    page = await browser.newPage({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
  }, 120_000);
  afterAll(async () => close?.());
  explainFailures(() => page);

  it('signs in with the keyboard: Tab through the form, Enter sends it', async () => {
    await page.goto('/auth/login');
    await page.getByTestId('login-form').waitFor();
    await tabTo(page, '[data-testid="login-form"] input:not([type="password"])');
    await page.keyboard.type('agent@demo.cm');
    await tabTo(page, '[data-testid="login-form"] input[type="password"]');
    await page.keyboard.type('Demo2026!');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => /^\/[a-z0-9]{6}\//.test(url.pathname));
    sid = sessionIdOf(page);
    await page.getByTestId('side-nav').waitFor();
  });

  it('skips to the content, then walks the navigation to a page with Tab and Enter', async () => {
    // The first stop of a fresh page is the skip link, shown while focused.
    await page.goto(`/${sid}/business`);
    await page.getByTestId('side-nav').waitFor();
    await page.locator('main h1').first().waitFor();
    await tabTo(page, '.skip-link', { max: 1 });
    const box = await page.locator('.skip-link').boundingBox();
    expect(box!.y, 'the skip link comes into view when focused').toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await focusMatches(page, '#main-content')).toBe(true);

    // Back to the navigation, to the groups entry, and into its page.
    await page.goto(`/${sid}/business`);
    await page.getByTestId('side-nav').waitFor();
    await tabTo(page, '[data-testid="side-nav"] [data-nav-id="groups"]');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.includes('/groups'));
    await page.getByTestId('side-nav').locator('[data-nav-id="groups"][aria-current="page"]').waitFor({ state: 'attached' });
    await page.getByTestId('group-new').waitFor();
  });

  it('opens a dialog from the keyboard, keeps the focus inside, closes on Escape and gives the focus back', async () => {
    await tabTo(page, '[data-testid="group-new"]');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The focus moved into the dialog and Tab cycles inside it, both ways.
    const inDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    await expect.poll(inDialog).toBe(true);
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog(), `Tab ${i + 1} stays in the dialog (${await describeFocus(page)})`).toBe(true);
      await expectVisibleFocus(page);
    }
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inDialog(), `Shift+Tab ${i + 1} stays in the dialog (${await describeFocus(page)})`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The focus is back on the button that opened it.
    await expect.poll(() => focusMatches(page, '[data-testid="group-new"]')).toBe(true);
  });

  it('opens the account menu from the keyboard, moves with the arrows, closes on Escape, and follows an entry with Enter', async () => {
    await tabTo(page, '[data-testid="account-menu"]', { back: true });
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await page.getByTestId('account-menu').getAttribute('aria-expanded')).toBe('true');
    // The arrows move between the entries, each one showing the focus.
    const inMenu = () => page.evaluate(() => document.activeElement?.getAttribute('role') === 'menuitem');
    await page.keyboard.press('ArrowDown');
    await expect.poll(inMenu).toBe(true);
    const first = await describeFocus(page);
    await page.keyboard.press('ArrowDown');
    expect(await inMenu()).toBe(true);
    expect(await describeFocus(page)).not.toBe(first);
    await expectVisibleFocus(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // The focus is back on the menu button.
    await expect.poll(() => focusMatches(page, '[data-testid="account-menu"]')).toBe(true);

    // Again, down to the profile entry, and Enter opens the profile.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    const profile = menu.getByRole('menuitem', { name: 'Mon profil' });
    for (let i = 0; i < 10 && !(await profile.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/${sid}/profile`);
  });
});
