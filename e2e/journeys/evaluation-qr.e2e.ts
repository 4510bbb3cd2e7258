import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeQrCodesInPdf } from '../../apps/api/src/test/qr-decode';
import { explainFailures, launchBrowser } from '../support/browser';
import { type ApiSession, callApi, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

interface TargetLink {
  id: number;
  code: string;
  path: string;
  url: string;
}
interface VisitRow {
  id: number;
  /** The number in the company: what "N°" shows. */
  number: number;
  target_kind: string;
  target_id: number;
  geofence_status: string | null;
  geofence_distance_m: number | null;
  latitude: number | null;
}

/** The demo's evaluation surveys (apps/api/src/demo/demo-evaluations.ts). */
const WORKSPACE_SURVEY = 'EVALGUIC';
const SITE_SURVEY = 'VISITSIT';
const WORKSPACE_SURVEY_TITLE = 'Évaluez notre guichet';
/** Where the journey's site stands (Douala, Bonapriso), with a 100 m geofence. */
const SITE_AT = { latitude: 4.0301, longitude: 9.6952 };

describe.skipIf(!hasBrowser)('evaluations by QR code and visits in the field', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let owner: ApiSession;
  let site: { id: number; name: string };
  let workspaces: Array<{ id: number; name: string }>;
  const pages: Page[] = [];

  const api = <T>(path: string, body?: unknown) => callApi<T>(baseURL, path, { session: owner, body });
  const linkOf = (kind: string, id: number) => api<TargetLink>(`targets/${kind}/${id}/link`);
  const evaluations = async (surveyCode: string, kind: string, id: number) => {
    const [survey] = await api<Array<{ id: number }>>(`surveys?filter_groups[0][filters][0][key]=code&filter_groups[0][filters][0][value]=${surveyCode}`);
    const query = [
      `filter_groups[0][filters][0][key]=survey_id&filter_groups[0][filters][0][value]=${survey.id}`,
      `filter_groups[0][filters][1][key]=target_kind&filter_groups[0][filters][1][value]=${kind}`,
      `filter_groups[0][filters][2][key]=target_id&filter_groups[0][filters][2][value]=${id}`,
      'sort[0][key]=id',
    ].join('&');
    return { surveyId: survey.id, rows: await api<VisitRow[]>(`participations?${query}`) };
  };

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    const signed = await signInApi(baseURL, 'agent@demo.cm');
    const demo = signed.answer.user.agents.find((a: any) => a.company.code === 'DEMSRL')!;
    owner = { ...signed, agentId: demo.id };
    // A site and workspaces of its own per try, so a CI retry meets fresh ones.
    const stamp = Date.now().toString(36).toUpperCase();
    const created = await api<{ id: number; name: string }>('sites', { name: `Agence Bonapriso ${stamp}`, ...SITE_AT, geofence_radius_m: 100 });
    site = { id: created.id, name: created.name };
    workspaces = [];
    for (const [name, code] of [
      [`Guichet Express ${stamp}`, `BPS-E-${stamp}`],
      [`Caisse ${stamp}`, `BPS-C-${stamp}`],
    ]) {
      const w = await api<{ id: number; name: string }>('workspaces', { name, code, site_id: site.id, kind: 'counter' });
      workspaces.push({ id: w.id, name: w.name });
    }
  }, 120_000);
  afterAll(async () => close?.());
  explainFailures(() => pages.at(-1));

  /**
   * On a target's landing page, picks the survey titled `title` when several are offered;
   * with one only, the page has already gone on to answering it.
   */
  const choose = async (page: Page, title: string) => {
    const offered = page.getByTestId('landing-survey').filter({ hasText: title });
    await offered.or(page.getByTestId('answer-target')).first().waitFor();
    if (await offered.count()) await offered.first().click();
  };

  /** Whether the bell's list holds an evaluation notice naming `name` (the toast may have gone). */
  const bellHas = async (page: Page, name: string): Promise<boolean> => {
    await page.getByTestId('notification-bell').click();
    const found = (await page.getByTestId('notification-item').filter({ hasText: name }).count()) > 0;
    await page.keyboard.press('Escape');
    return found;
  };

  const open = async (options: Parameters<Browser['newContext']>[0]): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', ...options });
    const page = await context.newPage();
    pages.push(page);
    return { context, page };
  };

  it('a customer on a phone, without an account, scans a workspace’s QR code, sees it named and rates it; the owner is told live and sees it on the site’s scorecard', async () => {
    const [workspace] = workspaces;
    const link = await linkOf('workspace', workspace.id);
    // The owner is signed in on a desktop, connected for live events.
    const desk = await open({ viewport: { width: 1280, height: 900 } });
    await desk.page.goto('/auth/login');
    const ownerSid = await signInUi(desk.page, 'agent@demo.cm');
    await desk.page.goto(`/${ownerSid}/business`);
    await desk.page.locator('[data-testid="live-status"][data-state="authenticated"]').waitFor({ state: 'attached' });
    const { context, page } = await open({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await page.goto(`${link.path}?src=qr`);
    // The landing page names the workspace and offers the open surveys that evaluate workspaces
    // (with only one, the link goes straight to answering it).
    await choose(page, WORKSPACE_SURVEY_TITLE);
    await page.waitForURL((url) => url.pathname.endsWith(`/web/surveys/contribution/${WORKSPACE_SURVEY}`) && url.searchParams.get('target') === `workspace:${workspace.id}` && url.searchParams.get('src') === 'qr');
    await expect.poll(() => page.getByTestId('answer-target').textContent()).toBe(`${workspace.name} · ${site.name}`);
    await page.getByRole('heading', { name: 'Évaluez notre guichet' }).waitFor();
    await page.getByRole('button', { name: 'Commencer' }).tap();
    await page.getByLabel('4 sur 5').check({ force: true });
    await page.getByLabel('Un commentaire ?').fill('Accueil rapide et souriant');
    await page.getByRole('button', { name: 'Envoyer mes réponses' }).tap();
    const reference = await page.getByTestId('answer-reference').textContent();
    const id = Number(/N° (\d+)/.exec(reference ?? '')?.[1]);
    const { rows } = await evaluations(WORKSPACE_SURVEY, 'workspace', workspace.id);
    expect(rows.map((r) => [r.number, r.target_kind, r.target_id, r.geofence_status])).toEqual([[id, 'workspace', workspace.id, null]]);
    await context.close();

    // "a évalué l'espace de travail" reaches the owner without a reload (the card, or the bell once it has gone).
    const sentence = `a évalué l'espace de travail ${workspace.name}`;
    await expect
      .poll(async () => (await desk.page.locator('.app-toast').filter({ hasText: sentence }).count()) > 0 || (await bellHas(desk.page, sentence)), { timeout: 30_000 })
      .toBe(true);
    // The site's scorecard counts the evaluation, for that workspace.
    await desk.page.goto(`/${ownerSid}/business/view/sites/${site.id}`);
    await desk.page.getByRole('tab', { name: 'Scores du site' }).click();
    await expect.poll(() => desk.page.getByTestId('score-count').textContent()).toContain('1');
    await desk.page.getByTestId('score-top-row').filter({ hasText: workspace.name }).waitFor();
    await desk.context.close();
  });

  it('the survey’s own link (its Partage tab, no target in it) lets the respondent pick the counter; the answer reaches the owner’s scorecard', async () => {
    const counter = workspaces[1];
    const desk = await open({ viewport: { width: 1280, height: 900 } });
    await desk.page.goto('/auth/login');
    const ownerSid = await signInUi(desk.page, 'agent@demo.cm');
    const { surveyId } = await evaluations(WORKSPACE_SURVEY, 'workspace', counter.id);
    await desk.page.goto(`/${ownerSid}/business/view/surveys/evaluation/${surveyId}?tab=share`);
    const shared = desk.page.getByTestId('share-panel').getByTestId('share-link');
    await expect.poll(() => shared.inputValue()).toMatch(new RegExp(`/m/su/${WORKSPACE_SURVEY}$`));
    const url = await shared.inputValue();
    expect(new URL(url).searchParams.has('target')).toBe(false);

    const { context, page } = await open({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await page.goto(new URL(url).pathname);
    // Nothing names the counter: the page asks which one, searchable, each with its code.
    const picker = page.getByTestId('target-picker');
    await picker.getByRole('heading', { name: 'Que souhaitez-vous évaluer ?' }).waitFor();
    const code = (await linkOf('workspace', counter.id)).code;
    await picker.getByLabel('Rechercher par nom ou par code').fill(code);
    const choice = picker.getByTestId('target-choice');
    await expect.poll(() => choice.allTextContents()).toEqual([`${counter.name} — ${site.name}Code : ${code}`]);
    await choice.first().tap();
    await expect.poll(() => page.getByTestId('answer-target').textContent()).toBe(`${counter.name} · ${site.name}`);
    expect(new URL(page.url()).searchParams.get('target')).toBe(`workspace:${counter.id}`);
    await page.getByRole('button', { name: 'Commencer' }).tap();
    await page.getByLabel('2 sur 5').check({ force: true });
    await page.getByRole('button', { name: 'Envoyer mes réponses' }).tap();
    await page.getByTestId('answer-reference').waitFor();
    await expect.poll(async () => (await evaluations(WORKSPACE_SURVEY, 'workspace', counter.id)).rows.length).toBe(1);
    await context.close();

    // The owner's scorecard of the site counts it, for that counter.
    await desk.page.goto(`/${ownerSid}/business/view/sites/${site.id}`);
    await desk.page.getByRole('tab', { name: 'Scores du site' }).click();
    await desk.page.getByTestId('score-top-row').filter({ hasText: counter.name }).waitFor();
    await desk.context.close();
  });

  it('anyone types the company code and finds the places to rate', async () => {
    const { context, page } = await open({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await page.goto('/m');
    await page.getByLabel('Code de l’entreprise, d’un formulaire ou d’un code QR').fill('demsrl');
    await page.getByRole('button', { name: 'Continuer' }).tap();
    await page.waitForURL('**/m/co/DEMSRL');
    await page.getByTestId('landing-company').waitFor();
    const link = (await linkOf('workspace', workspaces[1].id)).path;
    expect(await page.locator(`a[href="${link}"]`).textContent()).toBe(`${workspaces[1].name} — ${site.name}`);
    expect(await page.getByTestId('landing-survey').allTextContents()).toEqual(expect.arrayContaining(['Évaluez notre guichet', 'Visite de site']));
    // Signed out, "Parler à l'entreprise" asks for the account, then opens the ask-to-talk form with the company filled in.
    await page.getByTestId('landing-company-contact').tap();
    const sid = await signInUi(page, 'client@demo.cm');
    await page.waitForURL((url) => url.pathname === `/${sid}/web/contact` && url.searchParams.get('company') === 'DEMSRL');
    await page.getByTestId('ask-to-talk').getByTestId('ask-company').filter({ hasText: 'Démo SARL' }).waitFor();
    await context.close();
  });

  it('the owner downloads the QR sheet of the site’s workspaces; every code decodes to its link', async () => {
    const { context, page } = await open({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await page.goto('/auth/login');
    const sid = await signInUi(page, 'agent@demo.cm');
    await page.goto(`/${sid}/business/view/sites/${site.id}`);
    await page.getByRole('heading', { name: site.name }).waitFor();
    // The site's own QR code in its dialog.
    await page.getByTestId('site-qr').click();
    const siteLink = await linkOf('site', site.id);
    await expect.poll(() => page.getByTestId('target-qr-url').inputValue()).toBe(siteLink.url);
    await page.keyboard.press('Escape');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('qr-sheet-workspace').click()]);
    expect(download.suggestedFilename()).toBe('qr-codes-workspace.pdf');
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const expected = await Promise.all(workspaces.map(async (w) => (await linkOf('workspace', w.id)).url));
    expect(decodeQrCodesInPdf(pdf).sort()).toEqual(expected.sort());
    await context.close();
  });

  it('an agent visits the site from inside then from outside its geofence; the second visit is flagged', async () => {
    const code = (await linkOf('site', site.id)).code;
    const { context, page } = await open({
      viewport: { width: 390, height: 820 },
      isMobile: true,
      hasTouch: true,
      permissions: ['geolocation'],
      geolocation: { latitude: SITE_AT.latitude + 0.0003, longitude: SITE_AT.longitude, accuracy: 10 },
    });
    await page.goto('/auth/login');
    const sid = await signInUi(page, 'herve.tchamba@demo.cm');
    await page.goto(`/${sid}/m/si/${site.id}/${code}`);
    await choose(page, 'Visite de site');
    await page.waitForURL((url) => url.pathname.endsWith(`/${sid}/web/surveys/contribution/${SITE_SURVEY}`) && url.searchParams.get('target') === `site:${site.id}`);
    const host = page.getByTestId('survey-answer-host');
    const visit = async () => {
      await host.getByRole('heading', { name: 'Visite de site' }).waitFor();
      await expect.poll(() => host.getByTestId('answer-target').textContent()).toBe(site.name);
      await host.getByRole('button', { name: 'Commencer' }).tap();
      await host.getByText('Oui', { exact: true }).tap();
      await host.getByLabel('3 sur 5').check({ force: true });
      await host.getByRole('button', { name: 'Envoyer mes réponses' }).tap();
      return Number(/N° (\d+)/.exec((await host.getByTestId('answer-reference').textContent()) ?? '')?.[1]);
    };
    const inside = await visit();
    // About 2 km away: still sent, and flagged.
    await context.setGeolocation({ latitude: SITE_AT.latitude + 0.018, longitude: SITE_AT.longitude, accuracy: 10 });
    await host.getByRole('button', { name: 'Répondre de nouveau' }).tap();
    const outside = await visit();

    const { surveyId, rows } = await evaluations(SITE_SURVEY, 'site', site.id);
    expect(rows.map((r) => [r.number, r.geofence_status])).toEqual([
      [inside, 'inside'],
      [outside, 'outside'],
    ]);
    expect(rows[0].geofence_distance_m).toBeLessThanOrEqual(100);
    expect(rows[1].geofence_distance_m).toBeGreaterThan(1900);
    await context.close();

    // The reviewer sees the outside visit marked in the survey's participations.
    const review = await open({ viewport: { width: 1280, height: 900 } });
    await review.page.goto('/auth/login');
    const ownerSid = await signInUi(review.page, 'agent@demo.cm');
    await review.page.goto(`/${ownerSid}/business/view/surveys/evaluation/${surveyId}?tab=participations`);
    const row = review.page.getByTestId('participation-row').filter({ has: review.page.getByRole('button', { name: new RegExp(`\\b${outside}\\b`) }) });
    await row.getByTestId('geofence-badge').waitFor();
    expect(await row.getByTestId('geofence-badge').getAttribute('data-status')).toBe('outside');
    // The review queue keeps flagged visits only: the outside one, not the inside one.
    const rowOf = (id: number) => review.page.getByTestId('participation-row').filter({ has: review.page.getByRole('button', { name: new RegExp(`\\b${id}\\b`) }) });
    await review.page.getByRole('switch', { name: 'Visites à revoir (hors zone)' }).check({ force: true });
    await expect.poll(() => rowOf(inside).count()).toBe(0);
    expect(await rowOf(outside).count()).toBe(1);
    expect(await review.page.locator('[data-testid="participation-row"] [data-testid="geofence-badge"][data-status="inside"]').count()).toBe(0);
    await review.context.close();
  });
});
