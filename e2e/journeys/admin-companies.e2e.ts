import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { callApi, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

/** The page shows its own heading, neither the catch-all nor an error page. */
async function expectPage(page: Page, heading: string | RegExp) {
  await page.locator('main h1').filter({ hasText: heading }).first().waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('not-found').count()).toBe(0);
  expect(await page.getByTestId('error-page').count()).toBe(0);
}

/** The company's lists of people and the account type of the full page their rows open. */
const PERSON_TYPES: Record<string, string | undefined> = { agents: 'agent', partners: 'agent', customers: 'customer' };

/** Opens a tab of the company page and, when its list has rows, the first row's page. */
async function openTab(page: Page, tab: string) {
  await page.getByTestId(`company-tab-${tab}`).click();
  await page.waitForURL((url) => url.pathname.endsWith(`/${tab}`));
  // The tab's own list (the previous tab's may still show while the navigation commits).
  const list = page.locator(`[data-testid="child-table"][data-child="${tab}"], [data-testid="child-empty"][data-child="${tab}"]`).first();
  await list.waitFor();
  const rows = page.locator(`[data-testid="child-table"][data-child="${tab}"] [data-testid="child-row"]`);
  if ((await rows.count()) === 0) return false;
  await rows.first().getByRole('link').first().click();
  const personType = PERSON_TYPES[tab];
  if (personType) {
    // A person opens their full page under mnt/users; back to the company for the next tab.
    await page.waitForURL((url) => new RegExp(`/mnt/users/view/${personType}/\\d+$`).test(url.pathname));
    await page.getByTestId('user-status').waitFor();
    await page.goBack();
    await page.getByTestId(`company-tab-${tab}`).waitFor();
    return true;
  }
  await page.getByTestId('child-detail').waitFor();
  expect(new URL(page.url()).pathname).toMatch(new RegExp(`/${tab}/\\d+$`));
  return true;
}

describe.skipIf(!hasBrowser)('the back office: companies and the audit trail', () => {
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(() => close?.());

  it('walks the dashboard, the companies and a company’s pages; suspends a company whose owner is refused at once, then reactivates it', { timeout: 300_000 }, async () => {
    const adminApi = await signInApi(baseURL, 'admin@demo.cm');
    const [demo] = await callApi<Array<{ id: number }>>(baseURL, 'mnt/companies?q=DEMSRL', { session: adminApi });
    const [wouri] = await callApi<Array<{ id: number; name: string }>>(baseURL, 'mnt/companies?q=BKWURE', { session: adminApi });

    const adminContext = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    await admin.goto('/auth/login');
    const sid = await signInUi(admin, 'admin@demo.cm');
    expect(new URL(admin.url()).pathname).toBe(`/${sid}/mnt`);

    // The dashboard: figures from the API, each opening its list; no business entry in the menu.
    await admin.getByTestId('companies-suspended').filter({ hasText: /^\d+$/ }).waitFor();
    expect(Number(await admin.getByTestId('companies-total').textContent())).toBeGreaterThanOrEqual(8);
    await admin.getByTestId('busiest').getByRole('link').first().waitFor();
    const navIds = await admin.getByTestId('nav-item').evaluateAll((links) => links.map((l) => l.getAttribute('data-nav-id')));
    expect(navIds).toEqual(expect.arrayContaining(['mntHome', 'mntAudit', 'mntCompanies', 'mntCompaniesByCustomer', 'finances', 'adminZones']));
    for (const id of ['features', 'invoices', 'groups', 'audiences', 'transactions', 'packages']) expect(navIds).not.toContain(id);
    await admin.getByTestId('companies-suspended').click();
    await admin.waitForURL((url) => url.pathname === `/${sid}/mnt/companies` && url.searchParams.get('status') === 'suspended');
    await expectPage(admin, 'Entreprises');
    await admin.getByTestId('company-row').filter({ hasText: 'Kribi Logistique' }).waitFor();
    expect(await admin.getByTestId('company-row').count()).toBe(1);

    // The list: search, then every row opens its company.
    await admin.goto(`/${sid}/mnt/companies`);
    await admin.getByTestId('companies-search').fill('Wouri');
    await admin.waitForURL((url) => url.searchParams.get('q') === 'Wouri');
    // The rows of the search replace the previous ones once they arrive.
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid="company-row"]').length === 1);
    await admin.getByTestId('company-row').filter({ hasText: 'Boulangerie du Wouri' }).waitFor();
    await admin.goto(`/${sid}/mnt/companies?sort=-participations`);
    await admin.getByTestId('company-row').nth(7).waitFor();
    const ids = await admin.getByTestId('company-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-company-id')));
    expect(ids.length).toBeGreaterThanOrEqual(8);
    for (const id of ids) {
      await admin.goto(`/${sid}/mnt/companies?sort=-participations`);
      await admin.locator(`[data-testid="company-row"][data-company-id="${id}"] a`).first().waitFor();
      await admin.locator(`[data-testid="company-row"][data-company-id="${id}"] a`).first().click();
      await admin.waitForURL((url) => url.pathname === `/${sid}/mnt/companies/view/${id}`);
      await admin.getByTestId('company-overview').waitFor();
    }

    // By owner: each owner with the companies they own.
    await admin.goto(`/${sid}/mnt/companies/view/bycustomer`);
    await expectPage(admin, 'Par propriétaire');
    await admin.getByTestId('owner-row').filter({ hasText: 'Jeanne Ebogo' }).getByTestId('owner-company').click();
    await admin.waitForURL((url) => url.pathname === `/${sid}/mnt/companies/view/${wouri.id}`);

    // Démo SARL's pages: each tab, and a row of each list that has some.
    await admin.goto(`/${sid}/mnt/companies/view/${demo.id}`);
    await expectPage(admin, 'Démo SARL');
    await admin.getByTestId('company-overview').waitFor();
    const opened: string[] = [];
    for (const tab of ['agents', 'partners', 'customers', 'sites', 'workspaces', 'surveys', 'templates', 'invoices', 'transactions', 'questions']) {
      if (await openTab(admin, tab)) opened.push(tab);
    }
    // The demo company has people, sites, workspaces, forms and invoices to open.
    expect(opened).toEqual(expect.arrayContaining(['agents', 'partners', 'sites', 'workspaces', 'surveys', 'invoices']));
    await admin.getByTestId('company-tab-features').click();
    await admin.getByTestId('company-features').waitFor();
    await admin.getByTestId('company-tab-packages').click();
    await admin.getByTestId('package-choice').waitFor();
    // A site's own lists: its surveys and its workspaces, each row opening.
    await admin.goto(`/${sid}/mnt/companies/view/${demo.id}/sites`);
    await admin.getByTestId('child-row').first().getByRole('link').first().click();
    await admin.getByTestId('site-lists').getByRole('link', { name: 'Espaces de travail' }).click();
    await admin.waitForURL((url) => /\/sites\/\d+\/workspaces$/.test(url.pathname));
    await admin.getByTestId('child-row').first().getByRole('link').first().click();
    await admin.getByTestId('child-detail').waitFor();
    // The default questions of a target type.
    await admin.goto(`/${sid}/mnt/companies/view/${demo.id}/site/questions`);
    await admin.getByTestId('child-table').or(admin.getByTestId('child-empty')).first().waitFor();

    // The owner of Boulangerie du Wouri works in another browser context.
    const ownerContext = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
    const owner = await ownerContext.newPage();
    await owner.goto('/auth/login');
    const ownerSid = await signInUi(owner, 'proprio.wouri@demo.cm');
    await owner.goto(`/${ownerSid}/business/view/sites`);
    await owner.getByText('Boutique Akwa').first().waitFor();

    // Suspend it, with a reason.
    await admin.goto(`/${sid}/mnt/companies/view/${wouri.id}`);
    await admin.getByTestId('company-suspend').click();
    await admin.getByRole('dialog').getByRole('textbox').fill('Plaintes répétées de clients');
    await admin.getByRole('dialog').getByRole('button', { name: 'Suspendre' }).click();
    await admin.getByTestId('company-suspended').waitFor();

    // The owner's next request is refused: nothing of the company is shown any more.
    await owner.reload();
    await owner
      .getByText(/autoris|n’êtes|n'êtes|Aucune entreprise|rejoindre/i)
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await owner.getByText('Boutique Akwa').count()).toBe(0);

    // Reactivated, the owner is back at once.
    await admin.getByTestId('company-reactivate').click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Réactiver' }).click();
    await admin.getByTestId('company-suspend').waitFor();
    await owner.goto(`/${ownerSid}/business/view/sites`);
    await owner.getByText('Boutique Akwa').first().waitFor({ timeout: 30_000 });

    // The audit trail holds both actions, with the reason; filtered by company.
    await admin.goto(`/${sid}/mnt/audit?company_id=${wouri.id}`);
    await expectPage(admin, 'Journal d’audit');
    await admin.locator('[data-testid="audit-row"][data-action="company.suspend"]').filter({ hasText: 'Plaintes répétées de clients' }).waitFor();
    await admin.locator('[data-testid="audit-row"][data-action="company.reactivate"]').waitFor();
    await ownerContext.close();
    await adminContext.close();
  });
});
