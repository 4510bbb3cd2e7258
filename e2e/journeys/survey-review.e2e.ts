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
  await callApi(baseURL, `surveys/${survey.id}/submit`, { session: agent, body: {} });
  await callApi(baseURL, `surveys/${survey.id}/publish`, { session: agent, body: {} });
  return { ...survey, questionId: question.id };
}

describe.skipIf(!hasBrowser)('an agent reviews a live contribution and exports it', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;
  let survey: Awaited<ReturnType<typeof publishSurvey>>;
  let sid: string;

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
    // The socket joins its rooms right after sign-in; give it a moment before the visitor answers.
    await page.waitForTimeout(1500);
    await callApi(baseURL, 'participations', {
      body: {
        survey_code: survey.code,
        client_uuid: randomUUID(),
        status: 'submitted',
        participant: { name: 'Jeanne Mbarga', phone: '699112233' },
        answers: [{ question_id: survey.questionId, value: true }],
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
});
