import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainFailures, launchBrowser } from '../support/browser';
import { callApi, createCustomer, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

/** An open invoice of Démo SARL (agent@demo.cm) addressed to `email` (its verified account receives it). */
async function invoiceFromDemo(email: string, customerName: string) {
  const owner = await signInApi(baseURL, 'agent@demo.cm');
  return callApi<{ id: number; number: number }>(baseURL, 'invoices', {
    session: owner,
    body: { customer_email: email, customer_name: customerName, lines: [{ label: 'Audit de l’agence et rapport détaillé des visites', quantity: 3, unit_price: 125_000 }], issue: true },
  });
}

const navEntry = (page: Page, label: string) => page.getByTestId('side-nav').getByTestId('nav-item').filter({ hasText: label });

describe.skipIf(!hasBrowser)('what a person owns as a customer, whatever their memberships', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page | undefined;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(() => close?.());
  explainFailures(() => page);

  it('a customer who accepted a company invitation keeps « Mes factures » (with the issuer) and still books', { timeout: 180_000 }, async () => {
    const customer = await createCustomer(baseURL, 'Nadia Cliente');
    const session = await signInApi(baseURL, customer.email, customer.password);
    const invoice = await invoiceFromDemo(customer.email, 'Nadia Cliente');
    // Autre Entreprise invites her; she accepts: from now on her app acts for that company.
    const host = await signInApi(baseURL, 'agent@autre.cm');
    const invitation = await callApi<{ id: number }>(baseURL, 'invitations', { session: host, body: { email: customer.email, job: 'Vendeuse' } });
    await callApi(baseURL, `invitations/${invitation.id}/accept`, { session, method: 'POST' });

    const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    try {
      await page.goto('/auth/login');
      const sid = await signInUi(page, customer.email, customer.password);
      await page.getByTestId('company-switcher').filter({ hasText: 'Autre Entreprise' }).first().waitFor();

      await navEntry(page, 'Mes factures').click();
      const row = page.getByTestId('invoice-row').filter({ hasText: 'Démo SARL' });
      await row.waitFor();
      expect(await page.getByText(/Vous n.êtes pas autorisé/).count()).toBe(0);
      await row.click();
      await page.waitForURL((url) => url.pathname === `/${sid}/web/invoices/${invoice.id}`);
      await page.getByTestId('invoice-issuer').filter({ hasText: 'Démo SARL' }).waitFor();
      // She pays what is addressed to her.
      await page.getByText('Payer par mobile money').first().waitFor();

      await navEntry(page, 'Réserver').click();
      await page.getByTestId('booking-company-code').fill('DEMSRL');
      await page.getByTestId('booking-browse').click();
      const article = page.getByTestId('booking-article').filter({ has: page.getByTestId('booking-book').and(page.locator(':enabled')) }).first();
      const name = (await article.locator('p').first().textContent())?.trim() ?? '';
      await article.getByTestId('booking-book').click();
      await page.getByTestId('my-booking-row').filter({ hasText: name }).first().waitFor();
      expect(await page.getByText(/Vous n.êtes pas autorisé/).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("on a 360 px phone the invoice is whole: issuer, lines and total inside the screen, nothing scrolls sideways", { timeout: 120_000 }, async () => {
    const customer = await createCustomer(baseURL, 'Paul Mobile');
    const invoice = await invoiceFromDemo(customer.email, 'Paul Mobile');
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    page = await context.newPage();
    try {
      await page.goto('/auth/login');
      const sid = await signInUi(page, customer.email, customer.password);
      await page.goto(`/${sid}/web/invoices/${invoice.id}`);
      const total = page.getByTestId('invoice-total');
      await total.waitFor();
      await page.getByTestId('invoice-issuer').filter({ hasText: 'Démo SARL' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      for (const testId of ['invoice-total', 'invoice-lines', 'invoice-issuer']) {
        const box = await page.getByTestId(testId).boundingBox();
        expect(box, testId).not.toBeNull();
        expect(box!.x, `${testId} starts on screen`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${testId} ends on screen`).toBeLessThanOrEqual(360);
      }
      // The line's quantity and unit price are still there, under its label.
      await page.getByTestId('invoice-lines').getByText('3 ×').waitFor();
    } finally {
      await context.close();
    }
  });

  it("the owner's « Mes factures » holds what is addressed to him; his company's invoice offers him no payment", { timeout: 120_000 }, async () => {
    const customer = await createCustomer(baseURL, 'Irène Payeuse');
    const issued = await invoiceFromDemo(customer.email, 'Irène Payeuse');
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    try {
      await page.goto('/auth/login');
      const sid = await signInUi(page, 'agent@demo.cm');
      await navEntry(page, 'Mes factures').click();
      await page.getByTestId('invoice-list').waitFor();
      await page.locator('[data-testid="invoice-empty"], [data-testid="invoice-row"]').first().waitFor();
      // Nothing his company issued (Irène's invoice among them) is listed as his.
      expect(await page.getByTestId('invoice-row').filter({ hasText: 'Irène Payeuse' }).count()).toBe(0);
      expect(await page.getByTestId('invoice-row').filter({ hasText: 'Démo SARL' }).count()).toBe(0);

      await page.goto(`/${sid}/business/view/invoices/${issued.id}`);
      await page.getByTestId('invoice-total').waitFor();
      await page.getByTestId('invoice-download').waitFor();
      expect(await page.getByText('Payer par mobile money').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a join request reaches the owner live: the toast, the bell and the approvals list, without a reload', { timeout: 120_000 }, async () => {
    const asker = await createCustomer(baseURL, 'Léa Candidate');
    const askerSession = await signInApi(baseURL, asker.email, asker.password);
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    try {
      await page.goto('/auth/login');
      const sid = await signInUi(page, 'agent@demo.cm');
      await page.goto(`/${sid}/business/view/approvals`);
      await page.locator('[data-testid="approvals-empty"], [data-testid="approvals-row"]').first().waitFor();
      await page.locator('[data-testid="live-status"][data-state="authenticated"]').waitFor({ state: 'attached' });
      const unreadBefore = Number((await page.getByTestId('bell-count').locator('.mantine-Indicator-indicator').textContent().catch(() => '0')) || 0);
      const url = page.url();

      const company = await callApi<{ id: number }>(baseURL, 'companies/code/DEMSRL', { session: askerSession });
      await callApi(baseURL, `companies/${company.id}/request_to_join`, { session: askerSession, body: { job: 'Caissière' } });

      await page.locator('.app-toast').filter({ hasText: 'Léa Candidate demande à rejoindre Démo SARL' }).waitFor();
      await page.getByTestId('approvals-row').filter({ hasText: 'Léa Candidate' }).waitFor();
      await page.waitForFunction(
        (before) => Number(document.querySelector('[data-testid="bell-count"] .mantine-Indicator-indicator')?.textContent || 0) > before,
        unreadBefore,
      );
      // The same page all along: nothing was reloaded.
      expect(page.url()).toBe(url);
    } finally {
      await context.close();
    }
  });
});
