import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainFailures, launchBrowser } from '../support/browser';
import { type ApiSession, callApi, createCustomer, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

/** Picks `option` in the Mantine select with this test id inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['getByTestId']>, testId: string, option: string) {
  await scope.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** A 1×1 PNG: the photo the supervisor sends in the monitor's conversation. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Where the journey's site stands (Douala, Deido), with a 100 m geofence. */
const SITE_AT = { latitude: 4.0611, longitude: 9.7129 };

/**
 * Supervision between two browsers: the owner of Démo SARL (desktop) assigns a site to a
 * new supervisor (phone), who evaluates it; the owner gets the "a évalué le site" card
 * live and finds the report on the monitor's page, the events in the activities and in
 * the xlsx log.
 */
describe.skipIf(!hasBrowser)('supervision journey', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let contexts: BrowserContext[] = [];
  let owner: Page;
  let supervisor: Page;
  let ownerSid: string;
  let supervisorSid: string;
  let ownerApi: ApiSession;
  let supervisorName: string;
  let site: { id: number; name: string };
  let monitorUrl: string;

  beforeAll(async () => {
    const stamp = Date.now().toString(36);
    ({ browser, close } = await launchBrowser());
    const signed = await signInApi(baseURL, 'agent@demo.cm');
    const demo = signed.answer.user.agents.find((a: any) => a.company.code === 'DEMSRL')!;
    ownerApi = { ...signed, agentId: demo.id };
    supervisorName = `Paulin Visite ${stamp}`;
    // A short name: the e-mail made of it goes into the device reference of signInApi.
    const login = await createCustomer(baseURL, `Paulin ${stamp}`);
    const invitation = await callApi<{ id: number }>(baseURL, 'invitations', { session: ownerApi, body: { email: login.email, first_name: 'Paulin', last_name: `Visite ${stamp}` } });
    const guest = await signInApi(baseURL, login.email, login.password);
    const accepted = await callApi<{ guest_agent_id: number }>(baseURL, `invitations/${invitation.id}/accept`, { method: 'POST', session: guest });
    expect(accepted.guest_agent_id).toBeGreaterThan(0);
    site = await callApi(baseURL, 'sites', { session: ownerApi, body: { name: `Agence Deido ${stamp}`, ...SITE_AT, geofence_radius_m: 100 } });
    contexts = [
      await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 }, acceptDownloads: true }),
      await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 390, height: 800 }, permissions: ['geolocation'], geolocation: { ...SITE_AT, accuracy: 10 } }),
    ];
    owner = await contexts[0].newPage();
    supervisor = await contexts[1].newPage();
    await owner.goto('/auth/login');
    ownerSid = await signInUi(owner, 'agent@demo.cm');
    await supervisor.goto('/auth/login');
    supervisorSid = await signInUi(supervisor, login.email, login.password);
  }, 180_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await close?.();
  });
  explainFailures(() => [owner, supervisor]);

  const live = (page: Page) => page.locator('[data-testid="live-status"][data-state="authenticated"]').waitFor({ state: 'attached' });

  it('the owner assigns the site to the supervisor from the supervisions list', async () => {
    await owner.goto(`/${ownerSid}/business`);
    await owner.locator('[data-testid="side-nav"] [data-nav-id="monitors"]').click();
    await owner.getByRole('heading', { level: 1, name: 'Supervisions' }).waitFor();
    await owner.getByTestId('monitor-new').click();
    const form = owner.getByTestId('monitor-form');
    await choose(owner, form, 'monitor-target-kind', 'Site');
    await choose(owner, form, 'monitor-target', site.name);
    await choose(owner, form, 'monitor-survey', 'Visite de supervision');
    await form.getByTestId('monitor-agent').fill('Paulin');
    await owner.getByRole('option', { name: new RegExp(supervisorName.split(' ').at(-1)!) }).first().click();
    await choose(owner, form, 'monitor-frequency', 'Hebdomadaire');
    await form.getByTestId('form-submit').click();
    const row = owner.getByTestId('monitor-row').filter({ hasText: site.name });
    await row.waitFor();
    expect(await row.textContent()).toContain('Hebdomadaire');
    await row.getByText(site.name).click();
    await owner.waitForURL((url) => url.pathname.includes('/conversations/activity/'));
    monitorUrl = new URL(owner.url()).pathname + new URL(owner.url()).search;
    expect(monitorUrl).toMatch(/\?t=site&u=\d+$/);
    await owner.getByTestId('monitor-summary').getByText(supervisorName.split(' ').slice(1).join(' ')).waitFor();
    await owner.getByTestId('report-empty').waitFor();
  });

  it('the supervisor finds the monitor on a phone and writes in its conversation: the owner reads it live, the receipt and a photo follow', async () => {
    await supervisor.goto(`/${supervisorSid}${monitorUrl.replace(`/${ownerSid}`, '')}`);
    await supervisor.getByRole('heading', { level: 1, name: `Supervision : ${site.name}` }).waitFor();
    await supervisor.getByRole('tab', { name: 'Discussion' }).click();
    await supervisor.getByLabel('Votre message').fill('Je passe à l’agence demain matin.');
    await supervisor.getByRole('button', { name: 'Envoyer' }).click();
    await owner.getByTestId('message').filter({ hasText: 'Je passe à l’agence demain matin.' }).waitFor();
    // The owner's page has read it: the supervisor sees the receipt, then sends a photo of the counter.
    await supervisor.getByTestId('read-receipt').filter({ hasText: 'Lu par Alain' }).waitFor();
    const chooser = supervisor.waitForEvent('filechooser');
    await supervisor.getByRole('button', { name: 'Joindre un fichier' }).click();
    await (await chooser).setFiles({ name: 'guichet.png', mimeType: 'image/png', buffer: PIXEL });
    await supervisor.getByRole('button', { name: 'Envoyer' }).click();
    await owner.getByTestId('message-image').waitFor();
  });

  it('the supervisor evaluates the site on the spot, then from 2 km away: the owner gets "a évalué le site" live, the reports appear and the second visit is flagged', async () => {
    await Promise.all([live(owner), live(supervisor)]);
    const monitorPage = `/${supervisorSid}${monitorUrl.replace(`/${ownerSid}`, '')}`;
    /** The supervisor starts the visit from the monitor's page and fills its survey for the site. */
    const visit = async (remark: string): Promise<number> => {
      await supervisor.goto(monitorPage);
      await supervisor.getByTestId('monitor-visit').click();
      const host = supervisor.getByTestId('survey-answer-host');
      await expect.poll(() => host.getByTestId('answer-target').textContent()).toBe(site.name);
      // The page keeps the last visit's thanks on this phone: "Répondre de nouveau" starts the next one.
      const start = host.getByRole('button', { name: 'Commencer' });
      const again = host.getByRole('button', { name: 'Répondre de nouveau' });
      await start.or(again).first().waitFor();
      if (await again.isVisible()) await again.click();
      await start.click();
      await host.getByRole('group', { name: /Accueil des clients/ }).getByLabel('4 sur 5').check({ force: true });
      await host.getByRole('group', { name: /Propreté des locaux/ }).getByLabel('4 sur 5').check({ force: true });
      await host.getByRole('group', { name: /Les prix affichés/ }).getByText('Oui', { exact: true }).click();
      await host.getByLabel('Observations').fill(remark);
      await host.getByRole('button', { name: 'Envoyer mes réponses' }).click();
      // "N°" is the participation's number in the company: its id comes from the list.
      return idOfNumber(Number(/N° (\d+)/.exec((await host.getByTestId('answer-reference').textContent()) ?? '')?.[1]));
    };
    const idOfNumber = async (n: number) =>
      (await callApi<Array<{ id: number }>>(baseURL, `participations?filter_groups[0][filters][0][key]=number&filter_groups[0][filters][0][value]=${n}`, { session: ownerApi }))[0].id;
    const visited = (id: number) => callApi<{ id: number; score: number; geofence_status: string | null }>(baseURL, `participations/${id}`, { session: ownerApi });

    const onTheSpot = await visit('Sur place, tout est en ordre.');
    const toast = owner.locator('.app-toast').filter({ hasText: `a évalué le site ${site.name}` });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Paulin');
    // The report arrives on the monitor's page without a reload.
    const report = owner.getByTestId('report-row').first();
    await report.waitFor();
    const first = await visited(onTheSpot);
    expect(first.geofence_status).toBe('inside');
    expect(await report.textContent()).toContain(String(first.score));

    // About 2 km away: still recorded, with a report, and flagged for review.
    await contexts[1].setGeolocation({ latitude: SITE_AT.latitude + 0.018, longitude: SITE_AT.longitude, accuracy: 10 });
    const away = await visit('Rempli depuis le bureau.');
    await expect.poll(() => owner.getByTestId('report-row').count()).toBe(2);
    expect((await visited(away)).geofence_status).toBe('outside');

    // "Consulter" on the card (shown again by the bell if the card has gone) opens an evaluation.
    const card = owner.locator('.app-toast').filter({ hasText: `a évalué le site ${site.name}` }).first();
    if (await card.isVisible()) {
      await card.getByRole('link', { name: 'Consulter' }).click();
    } else {
      await owner.getByTestId('notification-bell').click();
      await owner.getByTestId('notification-item').filter({ hasText: `a évalué le site ${site.name}` }).first().getByRole('link').click();
    }
    await owner.waitForURL((url) => url.pathname.includes('/conversations/survey/') && [onTheSpot, away].some((id) => url.pathname.endsWith(`/${id}`)));
  });

  it('the activities page lists these events and filters them; the log downloads as xlsx', async () => {
    await owner.goto(`/${ownerSid}/business`);
    await owner.locator('[data-testid="side-nav"] [data-nav-id="activities"]').click();
    await owner.getByRole('heading', { level: 1, name: 'Activités' }).waitFor();
    const items = owner.getByTestId('activity-item');
    await items.filter({ hasText: site.name }).first().waitFor();
    for (const kind of ['report.created', 'participation.submitted', 'monitors.created']) {
      await owner.locator(`[data-testid="activity-item"][data-kind="${kind}"]`).filter({ hasText: site.name }).first().waitFor();
    }
    await choose(owner, owner.getByTestId('activity-filters'), 'activity-filter-kind', 'Rapport de supervision');
    await expect.poll(async () => new Set(await items.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-kind'))))).toEqual(new Set(['report.created']));

    const [download] = await Promise.all([owner.waitForEvent('download'), owner.getByTestId('activity-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^journal-activites-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Date', 'Activité', 'Auteur', 'Type de cible', 'Cible', 'Objet', 'Score']);
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => n > 1 && rows.push((row.values as unknown[]).slice(1)));
    expect(rows.every((r) => r[1] === 'Rapport de supervision')).toBe(true);
    expect(rows.some((r) => r[4] === site.name && String(r[2]).includes('Paulin'))).toBe(true);
  });
});
