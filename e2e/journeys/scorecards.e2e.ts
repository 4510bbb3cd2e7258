import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainFailures, launchBrowser } from '../support/browser';
import { type ApiSession, callApi, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');
/** More than a page of the validations list (10), so the bulk action must reach past it. */
const ANSWERS = 12;

type Scores = { totals: { count: number; average: number | null }; by_site: { rows: unknown[] }; filters: { from: string; to: string } };

/** The demo owner publishes a one-question survey and `ANSWERS` visitors answer it. */
async function surveyWithAnswers(owner: ApiSession, title: string) {
  const survey = await callApi<{ id: number; code: string }>(baseURL, 'surveys', { session: owner, body: { title } });
  const step = await callApi<{ id: number }>(baseURL, 'steps', { session: owner, body: { survey_id: survey.id, title: 'Visite' } });
  const question = await callApi<{ id: number }>(baseURL, 'questions', { session: owner, body: { step_id: step.id, label: 'Tout est en ordre ?', type: 'yes_no', required: true } });
  await callApi(baseURL, `surveys/${survey.id}/submit`, { session: owner, body: {} });
  await callApi(baseURL, `surveys/${survey.id}/publish`, { session: owner, body: {} });
  for (let i = 0; i < ANSWERS; i++) {
    await callApi(baseURL, 'participations', {
      body: { survey_code: survey.code, client_uuid: randomUUID(), status: 'submitted', participant: { name: `Visiteur ${i + 1}` }, answers: [{ question_id: question.id, value: i % 2 === 0 }] },
    });
  }
  return survey;
}

const figure = (page: Page, testId: string) => page.getByTestId(testId).locator('p').last();

describe.skipIf(!hasBrowser)('scorecards and review at scale', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;
  let sid: string;
  let owner: ApiSession;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    page = await browser.newPage({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
    const signed = await signInApi(baseURL, 'agent@demo.cm');
    const demo = signed.answer.user.agents.find((a: any) => a.company.code === 'DEMSRL')!;
    owner = { ...signed, agentId: demo.id };
    await page.goto('/auth/login');
    sid = await signInUi(page, 'agent@demo.cm');
  }, 120_000);
  afterAll(async () => close?.());
  explainFailures(() => page);

  it("the owner reads the demo scorecards, with charts and freshness, and narrows the period", async () => {
    const expected = (await callApi<{ scores: Scores }>(baseURL, 'overview', { session: owner })).scores;
    expect(expected.totals.count).toBeGreaterThan(0);
    await page.goto(`/${sid}/business`);
    await page.locator('[data-testid="side-nav"] [data-nav-id="overview"]').click();
    await page.getByTestId('scorecard').waitFor();
    await expect.poll(() => figure(page, 'score-count').textContent()).toBe(String(expected.totals.count));
    expect((await page.getByTestId('score-freshness').textContent()) ?? '').toContain('Chiffres à jour au');
    // The charts' chunk arrives and draws.
    await page.locator('[data-testid="score-trend-chart"] .recharts-surface').first().waitFor();
    await page.locator('[data-testid="score-distribution-chart"] .recharts-surface').first().waitFor();
    // The demo's five sites, and any site another journey of the run had evaluated.
    expect(expected.by_site.rows.length).toBeGreaterThanOrEqual(5);
    expect(await page.getByTestId('score-sites-row').count()).toBe(expected.by_site.rows.length);
    expect(await page.getByTestId('score-top-row').count()).toBeGreaterThan(0);

    await page.getByTestId('score-last-7').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).not.toBeNull();
    const from = new URL(page.url()).searchParams.get('from')!;
    const to = new URL(page.url()).searchParams.get('to')!;
    const week = (await callApi<{ scores: Scores }>(baseURL, `overview?from=${from}&to=${to}`, { session: owner })).scores;
    expect(week.totals.count).toBeLessThan(expected.totals.count);
    if (week.totals.count === 0) await page.getByTestId('scores-empty').waitFor();
    else await expect.poll(() => figure(page, 'score-count').textContent()).toBe(String(week.totals.count));
  });

  it('the owner validates a filtered set past the first page, after a confirmation with the count', async () => {
    const title = `Contrôle caisse ${Date.now().toString(36)}`;
    const survey = await surveyWithAnswers(owner, title);
    await page.locator('[data-testid="side-nav"] [data-nav-id="validations"]').click();
    await page.getByTestId('validation-table').waitFor();
    await page.getByTestId('validation-filter-survey_id').click();
    await page.getByRole('option', { name: title }).click();
    // The unfiltered list's first page also shows 10 rows, the newest (this survey's): the
    // filtered list is the one that counts this survey's answers only. Without this wait the
    // bulk action below could count the set before the filter (a race seen under load).
    await page.getByText(`${ANSWERS} éléments`, { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('validation-row').count()).toBe(10);

    await page.getByTestId('bulk-check').click();
    await expect.poll(() => page.getByTestId('bulk-count').textContent()).toContain(`${ANSWERS} participation(s) seront contrôlées`);
    await page.getByRole('dialog').getByRole('button', { name: 'Contrôler tout' }).click();
    await page.getByText(`${ANSWERS} participation(s) contrôlée(s).`).waitFor();

    await page.getByTestId('bulk-validate').click();
    await expect.poll(() => page.getByTestId('bulk-count').textContent()).toContain(`${ANSWERS} participation(s) seront validées`);
    await page.getByRole('dialog').getByRole('button', { name: 'Valider tout' }).click();
    await page.getByText(`${ANSWERS} participation(s) validée(s).`).waitFor();

    const rows = await callApi<Array<{ status: string }>>(baseURL, `participations?filter_groups[0][filters][0][key]=survey_id&filter_groups[0][filters][0][operator]=eq&filter_groups[0][filters][0][value]=${survey.id}&limit=100`, { session: owner });
    expect(rows).toHaveLength(ANSWERS);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['validated']));
  });

  it('a customer sees their own evaluations on web/reports', async () => {
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await phone.goto('/auth/login');
    const customerSid = await signInUi(phone, 'client@demo.cm');
    await phone.goto(`/${customerSid}/web/reports`);
    await phone.getByTestId('my-evaluations').waitFor();
    expect(await phone.getByTestId('my-evaluation').count()).toBeGreaterThanOrEqual(3);
    expect(await phone.getByTestId('my-evaluation').first().textContent()).toContain('Notez notre guichet');
    expect(await phone.getByRole('heading', { level: 1 }).textContent()).toBe('Mes évaluations');
    await context.close();
  });
});
