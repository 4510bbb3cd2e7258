import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { callApi, createCustomer, field, readOutboxCode, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(!hasBrowser)('profile: user, photo, phone, devices, password', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;
  let sid = '';
  let customer: { email: string; password: string };

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    page = await browser.newPage({ baseURL, locale: 'fr-FR' });
    customer = await createCustomer(baseURL, 'Dora Profil');
    await page.goto('/auth/login');
    sid = await signInUi(page, customer.email, customer.password);
  });
  afterAll(() => close?.());

  it('changes the names and the photo from the user section', async () => {
    await page.goto(`/${sid}/web/profile`);
    const form = page.getByTestId('profile-user-form');
    await form.getByLabel(field('Prénom')).fill('Dorothée');
    await form.getByLabel(field('Nom')).fill('Profil');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Profil enregistré.').waitFor();
    expect(await page.getByTestId('account-menu').getAttribute('aria-label')).toBe('DP · Compte de Dorothée Profil');

    await page.locator('input[type="file"]').setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Photo enregistrée.').waitFor();
    const src = await page.getByTestId('profile-photo').locator('img').getAttribute('src');
    expect(src).toMatch(/^\/images\/users\/\d+\/[0-9a-f]+\.png$/);
    expect((await page.request.get(src!)).status()).toBe(200);
  });

  it('validates a mobile number with the code sent by SMS, then no longer offers it', async () => {
    const phone = `69${String(Date.now()).slice(-7)}`;
    await page.getByRole('link', { name: 'Valider un numéro' }).click();
    await page.getByTestId('validate-phone-page').waitFor();
    await page.getByLabel(field('Numéro de mobile')).fill('123');
    await page.getByRole('button', { name: 'Envoyer le code' }).click();
    await page.getByText("Ce numéro n'est pas un numéro de mobile valide").waitFor();
    await page.getByLabel(field('Numéro de mobile')).fill(`+237 ${phone}`);
    await page.getByRole('button', { name: 'Envoyer le code' }).click();
    const code = await readOutboxCode(baseURL, phone);
    await page.getByLabel(field('Code')).fill(code);
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    await page.getByText('Numéro de téléphone validé.').waitFor();
    await page.waitForURL(`**/${sid}/business`);
    await page.goto(`/${sid}/auth/validate-phone`);
    await page.waitForURL(`**/${sid}/business`);
    await page.goto(`/${sid}/web/profile/edit/user`);
    await page.getByTestId('phone-verified').waitFor();
  });

  it('lists the devices and signs another one out', async () => {
    const other = await signInApi(baseURL, customer.email, customer.password);
    await page.getByRole('tab', { name: 'Appareils' }).click();
    await page.waitForURL(`**/${sid}/web/profile/edit/devices`);
    const table = page.getByTestId('devices-table');
    await table.getByText('Cet appareil').waitFor();
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await table.getByRole('button', { name: 'Déconnecter' }).click();
    await page.getByText('Appareil déconnecté.').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await expect(callApi(baseURL, 'auth', { session: other })).rejects.toThrow(/49[89]|401/);
  });

  it('changes the password from the security section', async () => {
    await page.getByRole('tab', { name: 'Sécurité' }).click();
    const form = page.getByTestId('password-change-form');
    await form.getByLabel(field('Mot de passe actuel')).fill('mauvais-mot-de-passe');
    await form.getByLabel(field('Nouveau mot de passe')).fill('Nouveau2026!');
    await form.getByLabel(field('Confirmation du mot de passe')).fill('Nouveau2026!');
    await form.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByRole('alert').first().waitFor();
    await form.getByLabel(field('Mot de passe actuel')).fill(customer.password);
    await form.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Mot de passe changé. Vos autres appareils ont été déconnectés.').waitFor();
    // This page's session survives its own password change.
    await page.reload();
    await page.getByTestId('password-change-form').waitFor();
    expect((await signInApi(baseURL, customer.email, 'Nouveau2026!')).userId).toBeGreaterThan(0);
  });
});
