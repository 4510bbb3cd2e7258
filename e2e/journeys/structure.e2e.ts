import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainFailures, launchBrowser } from '../support/browser';
import { type ApiSession, callApi, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');
const STAMP = Date.now().toString(36);
/** Démo SARL is on "Entreprise" (500 agents, pending invitations counted): 50 fit beside its team, retries included. */
const IMPORTED = 50;

/** Picks `option` in the Mantine select labelled `label` inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['getByTestId']>, testId: string, option: string) {
  await scope.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The agents sample from the API, filled with `rows` people, as an xlsx buffer. */
async function agentsFile(session: ApiSession, companyId: number, rows: string[][]): Promise<Buffer> {
  const res = await fetch(`${baseURL}/api/v2/companies/${companyId}/importagents/sample`, {
    headers: { authorization: `Bearer ${session.token}`, userid: String(session.userId), 'agent-id': String(session.agentId) },
  });
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
  const sheet = workbook.worksheets[0];
  expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(['Prénom', 'Nom', 'E-mail', 'Téléphone', 'Fonction']);
  // The people replace the sample's example rows, from row 2 on.
  rows.forEach((row, i) => {
    sheet.getRow(2 + i).values = row;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.skipIf(!hasBrowser)('company structure journey', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;
  let sid: string;
  let api: ApiSession & { companyId: number };

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    page = await browser.newPage({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
    const signed = await signInApi(baseURL, 'agent@demo.cm');
    const demo = signed.answer.user.agents.find((a: any) => a.company.code === 'DEMSRL')!;
    api = { ...signed, agentId: demo.id, companyId: demo.company_id };
    await page.goto('/auth/login');
    sid = await signInUi(page, 'agent@demo.cm');
  }, 120_000);
  afterAll(async () => close?.());
  explainFailures(() => page);

  it('an owner creates a site on the map with a geofence, two workspaces and a group', async () => {
    // A stamp of its own per try, so that a retry on CI does not meet the first try's site.
    const STAMP = Date.now().toString(36);
    const SITE = `Agence Ndokotti ${STAMP}`;
    await page.goto(`/${sid}/business`);
    await page.locator('[data-testid="side-nav"] [data-nav-id="sites"]').click();
    await page.getByTestId('site-table').waitFor();
    await page.getByTestId('site-new').click();
    const form = page.getByTestId('site-form');
    await form.getByTestId('site-name').fill(SITE);
    await choose(page, form, 'site-zone', 'Douala');
    const picker = form.getByTestId('site-picker');
    await picker.click({ position: { x: 200, y: 120 } });
    await expect.poll(() => form.getByTestId('site-latitude').inputValue()).not.toBe('');
    await form.getByTestId('site-geofence').fill('250');
    await form.getByTestId('form-submit').click();
    await page.getByTestId('site-code').waitFor();
    expect(await page.getByTestId('site-geofence-value').textContent()).toContain('250');
    // The geofence is drawn on the map, with no tile server.
    await page.locator('[data-testid="site-map"] path.site-geofence').waitFor();

    for (const [name, code] of [
      ['Guichet A', `NDK-A-${STAMP}`],
      ['Guichet B', `NDK-B-${STAMP}`],
    ]) {
      await page.goto(`/${sid}/business/view/workspaces`);
      await page.getByTestId('workspace-new').click();
      const ws = page.getByTestId('workspace-form');
      await ws.getByTestId('workspace-name').fill(name);
      await ws.getByTestId('workspace-code').fill(code);
      await choose(page, ws, 'workspace-site', SITE);
      await ws.getByTestId('form-submit').click();
      await ws.waitFor({ state: 'detached' });
    }
    await page.goto(`/${sid}/business/view/groups`);
    await page.getByTestId('group-new').click();
    const group = page.getByTestId('group-form');
    await group.getByTestId('group-name').fill(`Équipe Ndokotti ${STAMP}`);
    await choose(page, group, 'group-site', SITE);
    await group.getByTestId('form-submit').click();
    await group.waitFor({ state: 'detached' });

    await page.goto(`/${sid}/business/view/sites?q=${encodeURIComponent(STAMP)}`);
    await page.getByTestId('site-row').filter({ hasText: SITE }).getByRole('link').click();
    await page.getByRole('tab', { name: 'Espaces de travail' }).click();
    await expect.poll(() => page.getByTestId('site-workspace-row').count()).toBe(2);
    await page.getByRole('tab', { name: 'Groupes' }).click();
    await page.getByTestId('site-group-row').filter({ hasText: `Équipe Ndokotti ${STAMP}` }).waitFor();
  });

  it('pins a workspace: it shows first in the list, on the dashboard, and unpins from its page', async () => {
    const STAMP = Date.now().toString(36);
    const [site] = await callApi<Array<{ id: number }>>(baseURL, 'sites?limit=1', { session: api });
    for (const [name, code] of [
      ['Caisse A', `PIN-A-${STAMP}`],
      ['Caisse B', `PIN-B-${STAMP}`],
    ]) {
      await callApi(baseURL, 'workspaces', { session: api, body: { name, code, site_id: site.id, kind: 'counter' } });
    }
    await page.goto(`/${sid}/business/view/workspaces?q=${encodeURIComponent(STAMP)}`);
    const rows = page.getByTestId('workspace-row');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.first().textContent()).toContain('Caisse A');
    await rows.filter({ hasText: 'Caisse B' }).getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Épingler' }).click();
    // Pinned rows come first, whatever the order by name, and carry the pin mark.
    await expect.poll(() => rows.first().textContent()).toContain('Caisse B');
    await rows.first().getByTestId('pinned-mark').waitFor();
    expect(await rows.nth(1).getByTestId('pinned-mark').count()).toBe(0);

    await page.locator('[data-testid="side-nav"] [data-nav-id="businessHome"]').click();
    const card = page.getByTestId('pinned-card');
    await card.getByTestId('pinned-item').filter({ hasText: 'Caisse B' }).first().waitFor();
    await page.goto(`/${sid}/business/view/workspaces?q=${encodeURIComponent(STAMP)}`);
    await rows.filter({ hasText: 'Caisse B' }).getByRole('link').click();
    await page.getByTestId('workspace-info').waitFor();
    expect(await page.getByTestId('workspace-code-value').textContent()).toBe(`PIN-B-${STAMP}`.toUpperCase());
    await page.getByTestId('unpin').click();
    await page.getByTestId('pin').waitFor();
    await page.goto(`/${sid}/business/view/workspaces?q=${encodeURIComponent(STAMP)}`);
    await expect.poll(() => rows.first().textContent()).toContain('Caisse A');
  });

  it('adds a contact, finds it by search, and deletes it after confirming', async () => {
    const STAMP = Date.now().toString(36);
    const NAME = `Awa Bello ${STAMP}`;
    await page.goto(`/${sid}/business`);
    await page.locator('[data-testid="side-nav"] [data-nav-id="contacts"]').click();
    await page.getByTestId('contact-table').waitFor();
    await page.getByTestId('contact-new').click();
    const form = page.getByTestId('contact-form');
    await form.getByTestId('contact-name').fill(NAME);
    await form.getByTestId('contact-organisation').fill('Mairie de Douala');
    await form.getByTestId('contact-email').fill('pas-une-adresse');
    await form.getByTestId('form-submit').click();
    await form.getByText("L'adresse e-mail n'est pas valide").waitFor();
    await form.getByTestId('contact-email').fill(`awa.${STAMP}@exemple.cm`);
    await form.getByTestId('form-submit').click();
    await form.waitFor({ state: 'detached' });

    await page.getByTestId('contact-search').fill(STAMP);
    const rows = page.getByTestId('contact-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Mairie de Douala');
    await rows.first().getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    await page.getByTestId('confirm-dialog').getByText(`Supprimer « ${NAME} » ?`).waitFor();
    await page.getByTestId('confirm-button').click();
    await expect.poll(() => rows.count()).toBe(0);
    const left = await callApi<Array<{ name: string }>>(baseURL, 'contacts/search', { session: api, body: { input: STAMP } });
    expect(left).toHaveLength(0);
  });

  it('adds a town to the company’s zones from country to town, lists a region’s towns, and removes it', async () => {
    await page.goto(`/${sid}/business`);
    await page.locator('[data-testid="side-nav"] [data-nav-id="companyZones"]').click();
    const picker = page.getByTestId('zone-picker');
    await picker.waitFor();
    // Demo data: Démo SARL works in the Littoral and Centre regions.
    const littoral = page.locator('[data-testid="company-zone"][data-zone-name="Littoral"]');
    await littoral.getByTestId('zone-children-toggle').click();
    await littoral.getByTestId('zone-child').filter({ hasText: 'Nkongsamba' }).waitFor();
    await choose(page, picker, 'zone-country', 'Cameroun');
    await choose(page, picker, 'zone-region', 'Littoral');
    await choose(page, picker, 'zone-town', 'Edéa');
    await picker.getByTestId('zone-add').click();
    const edea = page.locator('[data-testid="company-zone"][data-zone-name="Edéa"]');
    await edea.waitFor();
    await edea.getByRole('button', { name: 'Retirer' }).click();
    await page.getByTestId('confirm-button').click();
    await edea.waitFor({ state: 'detached' });
  });

  it('shows an admin the reference zones, a country’s regions and a region’s page', async () => {
    const admin = await browser.newPage({ baseURL, locale: 'fr-FR', viewport: { width: 390, height: 844 }, isMobile: true });
    await admin.goto('/auth/login');
    const adminSid = await signInUi(admin, 'admin@demo.cm');
    await admin.goto(`/${adminSid}/mnt/zones/view/country`);
    const cameroun = admin.getByTestId('admin-zone-card').filter({ hasText: 'Cameroun' });
    await cameroun.waitFor();
    await cameroun.getByTestId('row-actions').click();
    await admin.getByRole('menuitem', { name: /Voir les zones rattachées/ }).click();
    await admin.waitForURL((url) => /\/mnt\/zones\/view\/region\/parent\/\d+$/.test(url.pathname));
    await admin.getByTestId('admin-zone-card').filter({ hasText: 'Littoral' }).getByRole('link').click();
    await admin.getByTestId('admin-zone-edit').waitFor();
    await admin.getByTestId('zone-child').filter({ hasText: 'Douala' }).waitFor();
    expect(await admin.locator('main h1').textContent()).toContain('Littoral');
    await admin.close();
  });

  it('imports agents from the sample xlsx, after refusing a file with two bad rows', async () => {
    const people = Array.from({ length: IMPORTED }, (_, i) => [`Prénom${i}`, `Nom${i}`, `import${i}.${STAMP}@exemple.cm`, '', 'Enquêteur']);
    const bad = people.map((row) => [...row]);
    bad[4][2] = 'pas-une-adresse';
    bad[9][0] = 'X';
    await page.goto(`/${sid}/business`);
    await page.locator('[data-testid="side-nav"] [data-nav-id="importAgents"]').click();
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'agents-faux.xlsx', mimeType: 'application/octet-stream', buffer: await agentsFile(api, api.companyId, bad) });
    await page.getByTestId('import-check').click();
    const report = page.getByTestId('import-report');
    await report.waitFor();
    expect(await report.getByTestId('import-report-row').count()).toBe(2);
    expect(await report.textContent()).toContain("E-mail : L'adresse e-mail n'est pas valide");
    expect(await report.textContent()).toContain('Prénom : Le nom doit contenir au moins 2 caractères');
    expect(await page.getByTestId('import-run').count()).toBe(0);
    // Nothing of the refused file was imported.
    const invitations = await callApi<Array<{ email: string | null }>>(baseURL, 'invitations?limit=200', { session: api });
    expect(invitations.filter((i) => i.email?.includes(STAMP))).toHaveLength(0);

    await input.setInputFiles({ name: 'agents.xlsx', mimeType: 'application/octet-stream', buffer: await agentsFile(api, api.companyId, people) });
    await page.getByTestId('import-check').click();
    await page.getByTestId('import-preview').waitFor();
    await page.getByTestId('import-run').click();
    const done = page.getByTestId('import-done');
    await done.waitFor();
    expect(await done.textContent()).toContain(`${IMPORTED} créé(s)`);
  });

  it('builds an audience with a rule-based sub-audience and sees its member count', async () => {
    await page.goto(`/${sid}/business/view/audience`);
    await page.getByTestId('audience-new').click();
    const form = page.getByTestId('audience-form');
    await form.getByTestId('audience-name').fill(`Équipe complète ${STAMP}`);
    await form.getByTestId('form-submit').click();
    await page.getByTestId('audience-member-count').waitFor();
    await page.getByTestId('sub-new').click();
    const sub = page.getByTestId('sub-form');
    await sub.getByTestId('sub-name').fill('Agents du Littoral');
    await sub.getByTestId('rule-values').click();
    await page.getByRole('option', { name: 'Littoral' }).click();
    await page.keyboard.press('Escape');
    await sub.getByTestId('form-submit').click();
    await sub.waitFor({ state: 'detached' });
    const row = page.getByTestId('sub-row').filter({ hasText: 'Agents du Littoral' });
    await row.waitFor();
    // The four field agents of the Douala sites (demo data).
    expect(await row.getByTestId('sub-count').textContent()).toBe('4');
  });

  it('shows a partner the sites but not the workspaces', async () => {
    const partner = await browser.newPage({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
    await partner.goto('/auth/login');
    const partnerSid = await signInUi(partner, 'partner@demo.cm');
    // A partner's business view is the overview (section 2: the business root is for agents and customers).
    await partner.goto(`/${partnerSid}/business/view/overview`);
    const nav = partner.getByTestId('side-nav');
    await nav.locator('[data-nav-id="sites"]').waitFor();
    expect(await nav.locator('[data-nav-id="workspaces"]').count()).toBe(0);
    await nav.locator('[data-nav-id="sites"]').click();
    await partner.getByTestId('site-row').first().waitFor();
    await partner.goto(`/${partnerSid}/business/view/workspaces`);
    await partner.waitForURL((url) => url.pathname.startsWith('/error/403'));
    await partner.close();
  });
});
