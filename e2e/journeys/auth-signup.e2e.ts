import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { readOutboxCode, sessionIdOf, signInUi, field } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

describe.skipIf(!hasBrowser)('sign up, validate by code, sign in', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;
  const email = `awa.${Date.now()}@exemple.cm`;
  const password = 'MonSecret2026';

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    page = await browser.newPage({ baseURL, locale: 'fr-FR' });
  });
  afterAll(() => close?.());

  it('speaks the browser language on sign-up until one is picked, and French on sign-in (sections 1, 4, 9)', async () => {
    const german = await browser.newPage({ baseURL, locale: 'de-DE' });
    try {
      await german.goto('/auth/create-account');
      await german.getByRole('heading', { level: 1, name: 'Konto erstellen' }).waitFor();
      expect(await german.evaluate(() => document.documentElement.lang)).toBe('de');
      await german.getByRole('link', { name: 'Anmelden' }).click();
      await german.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
    } finally {
      await german.close();
    }
  });

  it('shows the section-5 messages in French, then in English after a language change', async () => {
    await page.goto('/auth/create-account');
    const form = page.getByTestId('signup-form');
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
    await form.getByText('Votre nom et prénom sont obligatoires').waitFor();
    await form.getByText('Saisissez votre adresse e-mail, elle vous servira à vous connecter').waitFor();
    await page.getByTestId('lang-switch').selectOption('en');
    await form.getByRole('button', { name: 'Create my account' }).click();
    await form.getByText('Your first and last name are required').waitFor();
    await page.getByTestId('lang-switch').selectOption('fr');
  });

  it('signs up and is asked for the code sent by e-mail', async () => {
    await page.goto('/auth/create-account');
    const form = page.getByTestId('signup-form');
    await form.getByLabel(field('Nom et prénom')).fill('Awa Parcours');
    await form.getByLabel(field('Adresse e-mail')).fill(email);
    await form.getByLabel(field('Mot de passe')).fill(password);
    // The show-password button: named in French, pressed, the password readable.
    const reveal = form.getByRole('button', { name: 'Afficher le mot de passe' }).first();
    await reveal.press('Enter');
    await form.locator('button[aria-pressed="true"]').waitFor();
    expect(await form.getByLabel(field('Mot de passe')).getAttribute('type')).toBe('text');
    await reveal.click();
    await form.locator('input[name="password"][type="password"]').waitFor();
    // The dark look, kept under the key the app's own switch uses (Mantine's), so the app opens in it.
    await page.getByRole('button', { name: 'Passer au thème sombre' }).click();
    await page.locator('html[data-scheme="dark"]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('mantine-color-scheme-value'))).toBe('dark');
    // Kept dark: the app opens in it (and passes axe in it) after the code step.
    await form.getByLabel(field('Confirmation du mot de passe')).fill('autre-chose');
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
    await form.getByText('Les mots de passe ne correspondent pas').waitFor();
    await form.getByLabel(field('Confirmation du mot de passe')).fill(password);
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByTestId('validate-account-form').waitFor();
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
  });

  it('validates with the code from the outbox and lands signed in on the business view', async () => {
    const code = await readOutboxCode(baseURL, email);
    const form = page.getByTestId('validate-account-form');
    await form.getByLabel(field('Code de validation')).fill(code);
    await form.getByRole('button', { name: 'Valider' }).click();
    await page.waitForURL(/\/[a-z0-9]{6}\/business$/);
    await page.getByTestId('business-home').waitFor();
    await page.getByTestId('no-company').waitFor();
    await page.locator('html[data-mantine-color-scheme="dark"]').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Bonjour Awa Parcours');
  });

  it('signs out, then signs in again with the chosen password', async () => {
    const sid = sessionIdOf(page);
    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout-link').click();
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate((key) => localStorage.getItem(key), `account.${sid}`)).toBeNull();
    const again = await signInUi(page, email, password);
    await page.getByTestId('business-home').waitFor();
    // Signing in as the same user again in this browser reuses nothing stale: a new or same id, a live session.
    expect(again).toMatch(/^[a-z0-9]{6}$/);
  });
});
