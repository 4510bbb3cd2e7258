import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainFailures, launchBrowser } from '../support/browser';
import { type ApiSession, callApi, createCustomer, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

/** What every back-office page must not be: the catch-all, the 403 page or an error. */
async function expectPage(page: Page, testId: string) {
  await page.getByTestId(testId).first().waitFor();
  await page.locator('h1').first().waitFor();
  expect(await page.locator('h1').first().textContent()).not.toMatch(/introuvable|403|Accès refusé|erreur/i);
}

describe.skipIf(!hasBrowser)('the platform back office: users, lists across companies, broadcast, scores', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  const contexts: BrowserContext[] = [];
  /** The customers' pages, shown too when a step fails. */
  const others: Page[] = [];
  let admin: Page;
  let sid: string;
  let adminApi: ApiSession;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    adminApi = await signInApi(baseURL, 'admin@demo.cm');
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    admin = await context.newPage();
    await admin.goto('/auth/login');
    sid = await signInUi(admin, 'admin@demo.cm');
  }, 120_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await close?.();
  });
  explainFailures(() => [admin, ...others]);

  /** A customer signed in on a browser of their own (another context: another person's browser). */
  async function customerBrowser(name: string) {
    const login = await createCustomer(baseURL, name);
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 390, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    others.push(page);
    await page.goto('/auth/login');
    const customerSid = await signInUi(page, login.email, login.password);
    const api = await signInApi(baseURL, login.email, login.password);
    return { page, sid: customerSid, login, userId: api.userId };
  }

  it('users: every type with its filters, a row opens the account with its companies, devices and activity', async () => {
    await admin.goto(`/${sid}/mnt/users/view`);
    await expectPage(admin, 'admin-user-table');
    await admin.locator('[data-testid="side-nav"] [data-nav-id="mntUsers"]').waitFor();
    for (const type of ['admin', 'agent', 'customer']) {
      await admin.goto(`/${sid}/mnt/users/view/${type}`);
      await expectPage(admin, 'admin-user-row');
    }
    // The company picker's category filter: a category offers only its companies and those
    // of its sub-categories (demo: "Commerces de proximité" under "PME").
    await admin.goto(`/${sid}/mnt/users/view/agent`);
    await admin.getByTestId('admin-user-company-category').click();
    await admin.getByRole('option', { name: /Commerces de proximité/ }).click();
    await admin.getByTestId('admin-user-filter-company_id').click();
    const offered = admin.getByRole('option');
    await offered.filter({ hasText: 'Boulangerie du Wouri' }).waitFor();
    await offered.filter({ hasText: 'Autre Entreprise' }).waitFor();
    expect(await offered.filter({ hasText: 'Démo SARL' }).count()).toBe(0);
    await admin.keyboard.press('Escape');
    await admin.getByTestId('admin-user-company-category').click();
    await admin.getByRole('option', { name: /^\s*PME$/ }).click();
    await admin.getByTestId('admin-user-filter-company_id').click();
    await offered.filter({ hasText: 'Démo SARL' }).waitFor();
    await offered.filter({ hasText: 'Boulangerie du Wouri' }).waitFor();
    expect(await offered.filter({ hasText: 'Crédit Mutuel de l’Ouest' }).count()).toBe(0);
    await admin.keyboard.press('Escape');
    // The demo owner: search, then open the row.
    await admin.goto(`/${sid}/mnt/users/view/agent`);
    await admin.getByTestId('admin-user-search').fill('agent@demo.cm');
    await admin.getByTestId('admin-user-row').filter({ hasText: 'agent@demo.cm' }).first().waitFor();
    await admin.getByTestId('admin-user-row').filter({ hasText: 'agent@demo.cm' }).first().getByRole('link').first().click();
    await admin.waitForURL(/\/mnt\/users\/view\/agent\/\d+$/);
    await admin.getByTestId('tab-companies').click();
    await admin.getByTestId('user-memberships').getByText('Démo SARL').first().waitFor();
    await admin.getByTestId('tab-devices').click();
    await admin.getByTestId('user-devices').or(admin.getByText('Aucun appareil connu.')).waitFor();
    await admin.getByTestId('tab-activity').click();
    await admin.locator('h1').first().waitFor();
  });

  it('suspends a customer: refused at once on their own browser; reactivated, they sign in again', async () => {
    const customer = await customerBrowser('Client Suspendu');
    await customer.page.goto(`/${customer.sid}/web/diffusions`);
    await customer.page.locator('h1').first().waitFor();

    await admin.goto(`/${sid}/mnt/users/view/customer/${customer.userId}`);
    await admin.getByTestId('user-suspend').click();
    await admin.getByTestId('confirm-button').click();
    await admin.getByTestId('user-reactivate').waitFor();
    await admin.getByTestId('user-status').filter({ hasText: 'Suspendu' }).waitFor();

    // Their next request is refused: the app ends the session (the forced sign-out page).
    await customer.page.reload();
    await customer.page.getByTestId('forced-logout').or(customer.page.getByTestId('login-form')).waitFor();
    // Signing in again is refused while suspended.
    const refused = await fetch(`${baseURL}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: customer.login.email, password: customer.login.password, device: { ref: `e2e-${Date.now()}` } }),
    });
    expect(refused.ok).toBe(false);

    await admin.getByTestId('user-reactivate').click();
    await admin.getByTestId('user-suspend').waitFor();
    await customer.page.goto('/auth/login');
    await signInUi(customer.page, customer.login.email, customer.login.password);
  });

  it('lists across companies with real demo rows: each row opens its object', async () => {
    for (const [path, testId, opens] of [
      ['sites/view', 'admin-sites', 'page'],
      ['workspaces/view', 'admin-workspaces', 'page'],
      ['conversations/view/audiences', 'admin-audiences', 'page'],
      ['groups/view', 'admin-groups', 'drawer'],
      ['reports/view', 'admin-reports', 'drawer'],
      ['contacts', 'admin-contacts', 'drawer'],
    ] as const) {
      await admin.goto(`/${sid}/mnt/${path}`);
      await expectPage(admin, `${testId}-row`);
      // The company column names the demo company.
      await admin.getByTestId(`${testId}-row`).filter({ hasText: 'Démo SARL' }).first().waitFor();
      await admin.getByTestId(`${testId}-row`).first().getByRole('link').first().click();
      if (opens === 'page') {
        await admin.waitForURL(new RegExp(`/mnt/${path}/\\d+$`));
        await expectPage(admin, 'across-detail');
      } else {
        await admin.getByTestId('detail-drawer').getByTestId('across-facts').waitFor();
        await admin.keyboard.press('Escape');
      }
    }
    // A real id from the demo data, opened by its address.
    const sites = await callApi<Array<{ id: number; name: string }>>(baseURL, 'admin/sites?q=Agence%20Akwa', { session: adminApi });
    // The demo's own site: other journeys create sites named after it (« Agence Akwa mx0… »).
    const akwa = sites.find((site) => site.name === 'Agence Akwa') ?? sites[0];
    await admin.goto(`/${sid}/mnt/sites/view/${akwa.id}`);
    await admin.getByTestId('across-facts').getByText('Douala').first().waitFor();
    await admin.getByTestId('across-children').waitFor();
  });

  it('scores of the platform: the demo evaluations by sector, region and company', async () => {
    await admin.goto(`/${sid}/mnt/overview`);
    await expectPage(admin, 'platform-overview');
    expect(Number((await admin.getByTestId('overview-evaluations').textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
    await admin.getByTestId('overview-by-company').getByText('Démo SARL').first().waitFor();
    await admin.getByTestId('overview-by-region').waitFor();
  });

  it('a platform broadcast reaches a signed-in customer live, with its toast, and waits in web/diffusions', async () => {
    const customer = await customerBrowser('Cliente Diffusion');
    await customer.page.goto(`/${customer.sid}/web`);
    await customer.page.locator('[data-testid="live-status"][data-state="authenticated"]').waitFor({ state: 'attached' });
    const title = `Maintenance ${Date.now().toString(36)}`;
    await admin.goto(`/${sid}/mnt/broadcast`);
    const form = admin.getByTestId('platform-broadcast-form');
    await form.getByTestId('broadcast-title').fill(title);
    await form.getByTestId('broadcast-body').fill('La plateforme sera indisponible dimanche de 2 h à 3 h.');
    await form.getByTestId('broadcast-audience-all').check();
    await form.getByTestId('form-submit').click();
    await admin.locator('.app-toast').filter({ hasText: 'Diffusion envoyée' }).waitFor();
    await admin.getByTestId('platform-broadcasts').getByText(title).waitFor();

    await customer.page.locator('.app-toast').filter({ hasText: title }).waitFor();
    await customer.page.goto(`/${customer.sid}/web/diffusions`);
    const diffusion = customer.page.getByTestId('diffusion').filter({ hasText: title });
    await diffusion.waitFor();
    await diffusion.getByText('De la plateforme').waitFor();
  });
});
