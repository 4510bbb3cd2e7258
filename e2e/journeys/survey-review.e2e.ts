import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { type ApiSession, callApi, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

const TITLE = `Contrôle qualité ${Date.now()}`;
const QUESTION = 'Le rayon était-il bien rangé ?';
const REMARK = 'Une remarque ?';
const PHOTO = 'Photo du rayon';
/** An 8×8 red PNG, the photo a respondent sends. */
const RED_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC', 'base64');

/** The respondent's photo, sent before the participation as the answering page does. */
async function uploadPhoto(survey: { code: string; photoId: number }, clientUuid: string): Promise<number> {
  const form = new FormData();
  form.set('question_id', String(survey.photoId));
  form.set('survey_code', survey.code);
  form.set('client_uuid', clientUuid);
  form.set('file', new Blob([RED_PNG], { type: 'image/png' }), 'rayon.png');
  const response = await fetch(`${baseURL}/api/v2/medias`, { method: 'POST', body: form });
  const payload = (await response.json()) as { data: { id: number } };
  if (response.status !== 201) throw new Error(`medias: ${response.status}`);
  return payload.data.id;
}

/** The demo agent publishes a one-question survey through the API. */
async function publishSurvey(agent: ApiSession) {
  const survey = await callApi<{ id: number; code: string; type: string }>(baseURL, 'surveys', {
    session: agent,
    body: { title: TITLE },
  });
  const step = await callApi<{ id: number }>(baseURL, 'steps', { session: agent, body: { survey_id: survey.id, title: 'Visite' } });
  const question = await callApi<{ id: number }>(baseURL, 'questions', {
    session: agent,
    body: { step_id: step.id, label: QUESTION, type: 'yes_no', required: true },
  });
  const remark = await callApi<{ id: number }>(baseURL, 'questions', { session: agent, body: { step_id: step.id, label: REMARK, type: 'short_text' } });
  const photo = await callApi<{ id: number }>(baseURL, 'questions', { session: agent, body: { step_id: step.id, label: PHOTO, type: 'photo' } });
  await callApi(baseURL, `surveys/${survey.id}/submit`, { session: agent, body: {} });
  await callApi(baseURL, `surveys/${survey.id}/publish`, { session: agent, body: {} });
  return { ...survey, questionId: question.id, remarkId: remark.id, photoId: photo.id };
}

describe.skipIf(!hasBrowser)('an agent reviews a live contribution and exports it', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;
  let survey: Awaited<ReturnType<typeof publishSurvey>>;
  let sid: string;
  let mediaId: number;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    page = await browser.newPage({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    survey = await publishSurvey(await signInApi(baseURL, 'agent@demo.cm'));
  });
  afterAll(() => close?.());

  it('sees the toast when someone answers, live', async () => {
    await page.goto('/auth/login');
    sid = await signInUi(page, 'agent@demo.cm');
    await page.goto(`/${sid}/business/view/surveys/${survey.type}/${survey.id}?tab=participations`);
    await page.getByTestId('participations-panel').waitFor();
    // The live channel is up (its default rooms, the author's agent room among them, joined
    // at auth) before the visitor answers: the dot the user sees turns "authenticated".
    await page.locator('[data-testid="live-status"][data-state="authenticated"]').waitFor({ state: 'attached' });
    const clientUuid = randomUUID();
    mediaId = await uploadPhoto(survey, clientUuid);
    await callApi(baseURL, 'participations', {
      body: {
        survey_code: survey.code,
        client_uuid: clientUuid,
        status: 'submitted',
        participant: { name: 'Jeanne Mbarga', phone: '699112233' },
        answers: [
          { question_id: survey.questionId, value: true },
          { question_id: survey.remarkId, value: 'Étiquettes de prix manquantes' },
          { question_id: survey.photoId, value: mediaId },
        ],
      },
    });
    await page.getByText('a contribué au formulaire').first().waitFor({ timeout: 20_000 });
  });

  it('checks then validates the participation', async () => {
    await page.reload();
    const row = page.getByTestId('participation-row').filter({ hasText: 'Jeanne Mbarga' });
    await row.first().getByRole('button').first().click();
    const details = page.getByTestId('participation-details');
    await details.getByText(QUESTION).waitFor();
    await details.getByTestId('review-check').click();
    await details.getByTestId('review-validate').waitFor();
    await details.getByTestId('review-validate').click();
    // Validation is final: the screen asks for a confirmation first.
    await page.getByTestId('confirm-button').click();
    await details.getByTestId('review-validate').waitFor({ state: 'detached' });
    // A validated participation takes no more contributors: no invitation that would fail.
    await details.getByRole('tab', { name: 'Contributeurs' }).click();
    await details.getByTestId('invite-unavailable').waitFor();
    expect(await details.getByTestId('invite-contributors').count()).toBe(0);
    const [stored] = await callApi<Array<{ status: string; validated_at: string | null }>>(
      baseURL,
      `participations?filter_groups[0][filters][0][key]=survey_id&filter_groups[0][filters][0][value]=${survey.id}`,
      { session: await signInApi(baseURL, 'agent@demo.cm') },
    );
    expect(stored.status).toBe('validated');
    expect(stored.validated_at).not.toBeNull();
  });

  it('downloads the xlsx, whose row holds the answer under the question', async () => {
    await page.keyboard.press('Escape');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const column = header.indexOf(QUESTION);
    expect(column).toBeGreaterThan(0);
    const row = sheet.getRow(2).values as unknown[];
    expect(String(row[column])).toBe('Oui');
    expect(row.map(String)).toContain('Jeanne Mbarga');
  });

  it('opens the photo from the export link, signed in, through the API', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const cell = sheet.getRow(2).getCell(header.indexOf(PHOTO)).value as { text: string; hyperlink: string };
    expect(cell).toEqual({ text: 'rayon.png', hyperlink: `${baseURL}/medias/${mediaId}` });
    await page.goto(cell.hyperlink);
    await page.getByTestId('media-image').waitFor();
    expect(await page.getByTestId('media-name').textContent()).toBe('rayon.png');
    expect(new URL(page.url()).pathname).toBe(`/${sid}/medias/${mediaId}`);
    // Someone signed out is asked to sign in first.
    const stranger = await browser.newPage({ baseURL });
    await stranger.goto(`/medias/${mediaId}`);
    await stranger.getByTestId('login-form').waitFor();
    await stranger.close();
  });

  it('reads the latest text answers, searches them, and sees the photo in the results', async () => {
    await page.goto(`/${sid}/business/view/surveys/${survey.type}/${survey.id}?tab=results`);
    const remark = page.getByTestId('question-result').filter({ hasText: REMARK });
    await remark.getByTestId('answer-entry').filter({ hasText: 'Étiquettes de prix manquantes' }).waitFor();
    await remark.getByText('Jeanne Mbarga').waitFor();
    await remark.getByTestId('answers-search').fill('introuvable');
    await remark.getByText('Aucune réponse ne correspond à la recherche.').waitFor();
    await remark.getByTestId('answers-search').fill('prix');
    await remark.getByTestId('answer-entry').first().waitFor();
    const gallery = page.getByTestId('question-result').filter({ hasText: PHOTO }).getByTestId('answers-gallery');
    await gallery.getByRole('img').waitFor();
    // One answer: the count axis reads 0 and 1, never "0.25".
    const ticks = page.getByTestId('question-result').filter({ hasText: QUESTION }).locator('.recharts-cartesian-axis-tick-value');
    await ticks.first().waitFor();
    const values = await ticks.allTextContents();
    expect(values.filter((v) => /^\d/.test(v)).every((v) => /^\d+$/.test(v))).toBe(true);
  });
});


describe.skipIf(!hasBrowser)('an invited contributor finds the answers already given in their step', () => {
  let browser: Browser;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(() => close?.());

  it('opens the form with the participation’s answer in their step, not the other steps', async () => {
    const agent = await signInApi(baseURL, 'agent@demo.cm');
    const partner = await signInApi(baseURL, 'partner@demo.cm');
    const survey = await callApi<{ id: number; code: string }>(baseURL, 'surveys', { session: agent, body: { title: `Audit à deux ${Date.now()}` } });
    const visit = await callApi<{ id: number }>(baseURL, 'steps', { session: agent, body: { survey_id: survey.id, title: 'Visite' } });
    const remarks = await callApi<{ id: number }>(baseURL, 'steps', { session: agent, body: { survey_id: survey.id, title: 'Remarques' } });
    const site = await callApi<{ id: number }>(baseURL, 'questions', { session: agent, body: { step_id: visit.id, label: 'Site visité', type: 'short_text' } });
    const note = await callApi<{ id: number }>(baseURL, 'questions', { session: agent, body: { step_id: remarks.id, label: 'Vos remarques', type: 'short_text' } });
    await callApi(baseURL, `surveys/${survey.id}/publish`, { session: agent, body: {} });
    const participation = await callApi<{ id: number }>(baseURL, 'participations', {
      session: agent,
      body: {
        survey_id: survey.id,
        client_uuid: randomUUID(),
        status: 'in_progress',
        answers: [
          { question_id: site.id, value: 'Entrepôt Bonabéri' },
          { question_id: note.id, value: 'Sols à nettoyer' },
        ],
      },
    });
    await callApi(baseURL, 'contributors', { session: agent, body: { participation_id: participation.id, agent_id: partner.agentId, step_ids: [remarks.id] } });

    const page = await browser.newPage({ baseURL, locale: 'fr-FR' });
    await page.goto('/auth/login');
    const sid = await signInUi(page, 'partner@demo.cm');
    await page.goto(`/${sid}/web/surveys/contribution/${survey.code}?participation=${participation.id}`);
    await page.getByRole('button', { name: /Reprendre|Commencer/ }).click();
    const field = page.getByRole('textbox', { name: /Vos remarques/ });
    await field.waitFor();
    expect(await field.inputValue()).toBe('Sols à nettoyer');
    expect(await page.getByText('Site visité').count()).toBe(0);
    await page.close();
  });
});
