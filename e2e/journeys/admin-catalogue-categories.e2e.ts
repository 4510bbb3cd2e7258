import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainFailures, launchBrowser } from '../support/browser';
import { callApi, createCustomer, field, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

interface TreeNode {
  id: number;
  name: string;
  children: TreeNode[];
}

/** The names of the tree nodes right under the node named `parent`, in the order shown. */
function childNames(page: Page, parent: string): Promise<string[]> {
  return page
    .locator(`[data-testid="category-node"][data-name="${parent}"] > [role="group"] > [data-testid="category-node"]`)
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-name') ?? ''));
}

describe.skipIf(!hasBrowser)('the back office: sectors and categories', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let admin: Page | undefined;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(() => close?.());
  explainFailures(() => admin);

  it('creates a sector, a template category tree and reorders it; a sector in use is deactivated and refused to delete', { timeout: 300_000 }, async () => {
    const stamp = Date.now().toString(36);
    const adminApi = await signInApi(baseURL, 'admin@demo.cm');
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
    admin = await context.newPage();
    await admin.goto('/auth/login');
    const sid = await signInUi(admin, 'admin@demo.cm');

    // The Catalogue section offers both screens.
    await admin.locator('[data-nav-id="mntSectors"]').first().click();
    await admin.waitForURL((url) => url.pathname === `/${sid}/mnt/sectors`);
    await admin.locator('main h1').filter({ hasText: 'Secteurs d’activité' }).waitFor();
    await admin.getByTestId('sector-row').first().waitFor();

    // A new sector, then its page.
    const sectorName = `Pêche et aquaculture ${stamp}`;
    await admin.getByTestId('sector-new').click();
    const form = admin.getByTestId('sector-form');
    await form.getByLabel(field('Nom')).fill(sectorName);
    await form.getByLabel(field('Code')).fill(`peche-${stamp}`);
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await admin.waitForURL((url) => /\/mnt\/sectors\/view\/\d+$/.test(url.pathname));
    await admin.locator('main h1').filter({ hasText: sectorName }).waitFor();
    const sectorId = Number(new URL(admin.url()).pathname.split('/').pop());
    await admin.getByTestId('sector-company-empty').waitFor();

    // A new company chooses it: the sector is in use and its page lists the company.
    const founder = await createCustomer(baseURL, 'Armateur Journée');
    const founderApi = await signInApi(baseURL, founder.email, founder.password);
    const companyName = `Pêcheries de Kribi ${stamp}`;
    await callApi(baseURL, 'companies', { session: founderApi, body: { name: companyName, sector_id: sectorId } });
    await admin.reload();
    await admin.getByTestId('sector-company-row').filter({ hasText: companyName }).waitFor();

    // Deactivated: hidden from new choices, kept on the company; deleting it is refused.
    await admin.getByTestId('sector-toggle').filter({ hasText: 'Désactiver' }).click();
    await admin.getByTestId('sector-toggle').filter({ hasText: 'Réactiver' }).waitFor();
    await admin.locator('[data-active="false"]').first().waitFor();
    await admin.getByTestId('sector-delete').click();
    await admin.getByTestId('confirm-dialog').waitFor();
    await admin.getByTestId('confirm-button').click();
    await admin.getByText(/utilisé par 1 entreprise/).first().waitFor();
    expect(new URL(admin.url()).pathname).toBe(`/${sid}/mnt/sectors/view/${sectorId}`);
    const kept = await callApi<{ active: boolean }>(baseURL, `sectors/${sectorId}`, { session: adminApi });
    expect(kept.active).toBe(false);

    // Categories of templates: a parent, two children, then the second moved up.
    await admin.locator('[data-nav-id="mntCategories"]').first().click();
    await admin.waitForURL((url) => url.pathname === `/${sid}/mnt/categories`);
    await admin.locator('main h1').filter({ hasText: 'Catégories · Modèles' }).waitFor();
    await admin.getByTestId('category-node').first().waitFor();
    const parent = `Marchés ${stamp}`;
    await admin.getByTestId('category-new').click();
    let categoryForm = admin.getByTestId('category-form');
    await categoryForm.getByLabel(field('Nom')).fill(parent);
    await categoryForm.getByLabel(field('Code')).fill(`marches-${stamp}`);
    await categoryForm.getByRole('button', { name: 'Enregistrer' }).click();
    const parentNode = admin.locator(`[data-testid="category-node"][data-name="${parent}"]`);
    await parentNode.waitFor();
    for (const [name, code] of [
      ['Relevés de prix', `prix-${stamp}`],
      ['Hygiène des étals', `etals-${stamp}`],
    ]) {
      await parentNode.getByTestId('category-add-child').first().click();
      categoryForm = admin.getByTestId('category-form');
      await categoryForm.getByLabel(field('Nom')).fill(name);
      await categoryForm.getByLabel(field('Code')).fill(code);
      await categoryForm.getByRole('button', { name: 'Enregistrer' }).click();
      await admin.locator(`[data-testid="category-node"][data-name="${parent}"] [data-testid="category-node"][data-name="${name}"]`).waitFor();
    }
    expect(await childNames(admin, parent)).toEqual(['Relevés de prix', 'Hygiène des étals']);
    await admin.getByRole('button', { name: 'Monter « Hygiène des étals »' }).click();
    await admin.waitForFunction(
      (name) => {
        const nodes = document.querySelectorAll(`[data-testid="category-node"][data-name="${name}"] > [role="group"] > [data-testid="category-node"]`);
        return nodes[0]?.getAttribute('data-name') === 'Hygiène des étals';
      },
      parent,
    );
    const tree = await callApi<TreeNode[]>(baseURL, 'categories/tree/template', { session: adminApi });
    expect(tree.find((n) => n.name === parent)?.children.map((c) => c.name)).toEqual(['Hygiène des étals', 'Relevés de prix']);

    // The parent's page lists its subcategories.
    await parentNode.getByRole('link', { name: parent }).first().click();
    await admin.waitForURL((url) => /\/mnt\/categories\/view\/templates\/\d+$/.test(url.pathname));
    await admin.locator('main h1').filter({ hasText: parent }).waitFor();
    await admin.getByTestId('tab-children').click();
    await admin.getByTestId('category-child').filter({ hasText: 'Hygiène des étals' }).waitFor();
    await context.close();
  });
});
