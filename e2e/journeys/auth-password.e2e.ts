import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { createCustomer, field, readOutboxCode, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

describe.skipIf(!hasBrowser)('forgotten password, and the sessions it ends', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let context: BrowserContext;
  let customer: { email: string; password: string };

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    context = await browser.newContext({ baseURL, locale: 'fr-FR' });
    customer = await createCustomer(baseURL, 'Eric Oubli');
  });
  afterAll(() => close?.());

  it('resets the password with the e-mailed code; a page signed in before is forced out', async () => {
    const before = await context.newPage();
    await before.goto('/auth/login');
    const sid = await signInUi(before, customer.email, customer.password);
    await before.getByTestId('business-home').waitFor();

    // The reset happens elsewhere (another device: its own browser storage).
    const page = await (await browser.newContext({ baseURL, locale: 'fr-FR' })).newPage();
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    const request = page.getByTestId('forgot-password-form');
    await request.getByLabel(field('Identifiant')).fill(customer.email);
    await request.getByRole('button', { name: 'Envoyer le code' }).click();
    await page.waitForURL('**/auth/forgot-password-reset?**');
    const reset = page.getByTestId('reset-password-form');
    await reset.getByLabel(field('Code de validation')).fill(await readOutboxCode(baseURL, customer.email));
    await reset.getByLabel(field('Nouveau mot de passe')).fill('Retrouve2026!');
    await reset.getByLabel(field('Confirmation du mot de passe')).fill('Retrouve2026!');
    await reset.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Connectez-vous avec votre nouveau mot de passe.').waitFor();

    // The reset ended the other sessions: the next call of the old page answers 499,
    // which sends that page to its forced-logout page. Bringing the tab to the front may
    // already make that call (queries refetch on focus) and tear the menu down mid-click;
    // otherwise opening the devices tab makes it. Either way the page must end forced out.
    await before.bringToFront();
    const forcedOut = before.waitForURL(`**/${sid}/auth/logout?force=true`);
    const openDevices = async () => {
      await before.getByTestId('account-menu').click();
      await before.getByRole('menuitem', { name: 'Mon profil' }).click();
      await before.getByRole('tab', { name: 'Appareils' }).click();
    };
    await Promise.race([forcedOut, openDevices().catch(() => forcedOut)]);
    await forcedOut;
    await before.getByTestId('forced-logout').waitFor();
    expect(await before.evaluate((key) => localStorage.getItem(key), `account.${sid}`)).toBeNull();

    // The new password signs in (the login page is the one the reset left open).
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await signInUi(page, customer.email, 'Retrouve2026!');
    await page.getByTestId('business-home').waitFor();
  });
});
