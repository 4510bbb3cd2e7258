import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { callApi, createCustomer, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

describe.skipIf(!hasBrowser)('an agent invites a signed-in customer, who answers live', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;
  let customer: { email: string; password: string };

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    page = await browser.newPage({ baseURL, locale: 'fr-FR' });
    customer = await createCustomer(baseURL, 'Bola Invitée');
  });
  afterAll(() => close?.());

  async function invite(agentLogin: string) {
    const agent = await signInApi(baseURL, agentLogin);
    return callApi<{ id: number }>(baseURL, 'invitations', {
      session: agent,
      body: { email: customer.email, job: 'Enquêtrice', first_name: 'Bola', last_name: 'Invitée' },
    });
  }

  it('refuses an invitation from the toast', async () => {
    await page.goto('/auth/login');
    const sid = await signInUi(page, customer.email, customer.password);
    await page.goto(`/${sid}/web`);
    await page.getByTestId('pending-invitations').getByText('Aucune invitation en attente.').waitFor();
    // The live channel is up once the server has accepted the socket's auth.
    await page.locator('[data-testid="live-status"][data-state="authenticated"]').waitFor({ state: 'attached' });
    await invite('agent@autre.cm');
    const toast = page.getByTestId('invitation-toast');
    await toast.getByText('vous invite à rejoindre l’entreprise Autre Entreprise').waitFor();
    await toast.getByRole('button', { name: 'Refuser' }).click();
    await page.getByText('invitation refusé').waitFor();
    await toast.waitFor({ state: 'detached' });
  });

  it('opens an invitation sent to another address by its code, typed or from the e-mail link', async () => {
    const sid = new URL(page.url()).pathname.split('/')[1];
    const agent = await signInApi(baseURL, 'agent@autre.cm');
    // Sent to a work address the customer did not sign up with: only the code reaches them.
    const sent = await callApi<{ id: number; code: string }>(baseURL, 'invitations', {
      session: agent,
      body: { email: `bureau.${Date.now()}@exemple.cm`, job: 'Superviseure', first_name: 'Bola', last_name: 'Invitée' },
    });
    await page.getByTestId('pending-invitations').getByRole('link', { name: "J'ai un code d'invitation" }).click();
    await page.waitForURL(`**/${sid}/invitation`);
    const entry = page.getByTestId('invitation-code');
    await entry.getByLabel("Code d'invitation").fill('FFFF FFFF FFFF FFFF');
    await entry.getByRole('button', { name: "Ouvrir l'invitation" }).click();
    await entry.getByText('Aucune invitation ne correspond à ce code.', { exact: false }).waitFor();

    // The e-mail's link: sign-in, already done here, forwards to the page with the code.
    await page.goto(`/auth/login?redirect=${encodeURIComponent(`/invitation/${sent.code}`)}`);
    await page.waitForURL(`**/${sid}/invitation/${sent.code}`);
    const card = page.getByTestId('invitation-by-code');
    await card.getByText('vous invite à rejoindre l’entreprise Autre Entreprise').waitFor();
    await card.getByText('Poste proposé : Superviseure').waitFor();
    await card.getByRole('button', { name: 'Refuser' }).click();
    await card.getByText("Vous avez refusé l'invitation de Autre Entreprise.").waitFor();

    // Back home with the live channel up, as the next steps expect.
    await page.goto(`/${sid}/web`);
    await page.locator('[data-testid="live-status"][data-state="authenticated"]').waitFor({ state: 'attached' });
  });

  it('accepts an invitation from the toast: the company is added and becomes usable', async () => {
    await invite('agent@demo.cm');
    const toast = page.getByTestId('invitation-toast');
    await toast.getByText('Alain Ndongo vous invite à rejoindre l’entreprise Démo SARL').waitFor();
    await toast.getByRole('button', { name: 'Accepter' }).click();
    await page.getByText('invitation accepté').waitFor();
    await page.getByTestId('company-switcher').filter({ hasText: 'Démo SARL' }).waitFor();
    const sid = new URL(page.url()).pathname.split('/')[1];
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), `account.${sid}`);
    expect(stored.usr.companies.map((c: { code: string }) => c.code)).toContain('DEMSRL');
    expect(stored.agents[0].company.code).toBe('DEMSRL');
    await page.goto(`/${sid}/business`);
    expect(await page.getByTestId('active-company').textContent()).toBe('Démo SARL');
  });

  it('accepts a second company from the pending list, then switches the active company', async () => {
    const sid = new URL(page.url()).pathname.split('/')[1];
    await page.goto(`/${sid}/web`);
    await page.locator('[data-testid="live-status"][data-state="authenticated"]').waitFor({ state: 'attached' });
    await invite('agent@autre.cm');
    const pending = page.getByTestId('pending-invitations');
    await pending.getByText('vous invite à rejoindre l’entreprise Autre Entreprise').waitFor();
    await pending.getByRole('button', { name: 'Accepter' }).click();
    await page.getByText('invitation accepté').waitFor();
    // Answering from the list closes the live toast of the same invitation.
    await page.getByTestId('invitation-toast').waitFor({ state: 'detached' });

    await page.goto(`/${sid}/business`);
    expect(await page.getByTestId('active-company').textContent()).toBe('Démo SARL');
    await page.getByTestId('company-switcher').first().click();
    await page.getByRole('menuitem', { name: /Autre Entreprise/ }).click();
    await page.waitForURL(`**/${sid}/business`);
    await page.getByTestId('active-company').filter({ hasText: 'Autre Entreprise' }).waitFor();
    expect(await page.getByTestId('active-company-code').textContent()).toBe('AUTRES');
    // The choice is the account's: it survives a reload and travels as Agent-id.
    await page.reload();
    await page.getByTestId('active-company').filter({ hasText: 'Autre Entreprise' }).waitFor();
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), `account.${sid}`);
    expect(stored.agents.map((a: { company: { code: string } }) => a.company.code)).toEqual(['AUTRES', 'DEMSRL']);
  });
});
