import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { callApi, DEMO_PASSWORD, signInApi, signInUi, field } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

describe.skipIf(!hasBrowser)('route guards', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    page = await browser.newPage({ baseURL, locale: 'fr-FR' });
  });
  afterAll(() => close?.());

  it('sends an unauthenticated visitor to login with the redirect, and back after sign-in', async () => {
    await page.goto('/zz99zz/web');
    await page.waitForURL('**/auth/login?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('redirect')).toBe('/web');
    expect(url.searchParams.get('force')).toBe('true');
    const sid = await signInUi(page, 'client@demo.cm');
    expect(new URL(page.url()).pathname).toBe(`/${sid}/web`);
    await page.getByTestId('web-home').waitFor();
  });

  it('sends a customer to /error/403 on an admin route', async () => {
    const sid = new URL(page.url()).pathname.split('/')[1];
    await page.goto(`/${sid}/mnt`);
    await page.waitForURL('**/error/403');
    await page.getByText("Vous n'êtes pas autorisé à effectuer cette opération.").waitFor();
    // A customer's profile lives in the web area; the admin/agent profile route is refused too.
    await page.goto(`/${sid}/profile`);
    await page.waitForURL('**/error/403');
    await page.goto(`/${sid}/web/profile`);
    await page.getByTestId('profile-page').waitFor();
  });
});

describe.skipIf(!hasBrowser)('an account created by an admin must change its password first', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;
  const email = `cree.${Date.now()}@exemple.cm`;
  let generated = '';

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    page = await browser.newPage({ baseURL, locale: 'fr-FR' });
    const admin = await signInApi(baseURL, 'admin@demo.cm', DEMO_PASSWORD);
    const created = await callApi<{ generated_password: string }>(baseURL, 'users', {
      session: { ...admin, agentId: null },
      body: { first_name: 'Créé', last_name: 'ParAdmin', email, type: 'customer' },
    });
    generated = created.generated_password;
  });
  afterAll(() => close?.());

  it('is sent to the password reset page whatever it opens', async () => {
    expect(generated).toMatch(/.{10}/);
    // The same password reached the person through the outbox.
    const messages = await callApi<Array<{ body: string }>>(baseURL, `dev/outbox?destination=${encodeURIComponent(email)}`);
    expect(messages.some((m) => m.body.includes(generated))).toBe(true);
    await page.goto('/auth/login');
    const sid = await signInUi(page, email, generated);
    await page.waitForURL(`**/${sid}/auth/password-reset`);
    await page.getByTestId('password-reset-page').waitFor();
    await page.goto(`/${sid}/web`);
    await page.waitForURL(`**/${sid}/auth/password-reset`);
  });

  it('chooses a new password, then reaches its home and no longer sees the reset page', async () => {
    const sid = new URL(page.url()).pathname.split('/')[1];
    const form = page.getByTestId('password-change-form');
    await form.getByLabel(field('Mot de passe actuel')).fill(generated);
    await form.getByLabel(field('Nouveau mot de passe')).fill('MonNouveau2026');
    await form.getByLabel(field('Confirmation du mot de passe')).fill('MonNouveau2026');
    await form.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.waitForURL(`**/${sid}/business`);
    await page.getByTestId('business-home').waitFor();
    // Rule 4: the reset page is no longer needed.
    await page.goto(`/${sid}/auth/password-reset`);
    await page.waitForURL(`**/${sid}/business`);
    // The new password signs in.
    const again = await signInApi(baseURL, email, 'MonNouveau2026');
    expect(again.answer.user.type).toBe('customer');
  });
});
