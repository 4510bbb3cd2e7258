import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { callApi, type ApiSession, signInApi, signInUi, field } from './auth-support';
import { addQuestion, addStep } from './builder-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

const TITLE = `Visite en agence ${Date.now()}`;
const SATISFIED = 'Êtes-vous satisfait de votre visite ?';
const DISLIKED = 'Qu’est-ce qui vous a déplu ?';
const RECOMMEND = 'Recommanderiez-vous notre agence ?';

/** The status badge of the survey page's header. */
const status = (page: Page) => page.getByTestId('survey-detail').getByTestId('survey-status');

describe.skipIf(!hasBrowser)('survey builder journey', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;
  let sid: string;
  let surveyPath: string;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    page = await browser.newPage({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
  });
  afterAll(() => close?.());

  it('signs the demo agent in and opens the survey list', async () => {
    await page.goto('/auth/login');
    sid = await signInUi(page, 'agent@demo.cm');
    await page.goto(`/${sid}/business/view/surveys`);
    await page.getByTestId('survey-list').waitFor();
  });

  it('creates a draft and lands on its builder', async () => {
    await page.getByTestId('create-survey').click();
    const form = page.getByTestId('create-survey-form');
    await form.getByLabel(field('Titre')).fill(TITLE);
    await form.getByLabel('Description').fill('Après une visite dans une de nos agences.');
    await page.getByTestId('create-survey-submit').click();
    await page.waitForURL(/\/business\/edit\/surveys\/form\/\d+\?tab=builder$/);
    surveyPath = new URL(page.url()).pathname;
    await page.getByTestId('survey-detail').waitFor();
    expect(await status(page).textContent()).toBe('Brouillon');
    await page.getByTestId('no-steps').waitFor();
  });

  it('builds three steps, the second shown only to unsatisfied visitors', async () => {
    await addStep(page, 'Votre visite');
    await addQuestion(page, { label: SATISFIED, type: 'Oui / Non', required: true });
    await addQuestion(page, { label: 'Quel service avez-vous utilisé ?', type: 'Choix unique', choices: ['Dépôt', 'Retrait', 'Conseil'] });
    await addStep(page, 'Ce qui n’a pas été');
    await addQuestion(page, { label: DISLIKED, type: 'Texte long', condition: { question: `1. ${SATISFIED}`, value: 'Non' } });
    await addStep(page, 'Recommandation');
    await addQuestion(page, { label: RECOMMEND, type: 'Échelle de 0 à 10', required: true });

    expect(await page.getByTestId('step-item').count()).toBe(3);
    expect(await page.getByTestId('builder-stats').textContent()).toBe(
      '3 étape(s) · 4 question(s) · 2 obligatoire(s) · 1 conditionnelle(s)',
    );
    await page.getByTestId('step-item').nth(1).click();
    const summary = page.getByTestId('question-card').filter({ hasText: DISLIKED }).getByTestId('condition-summary');
    expect(await summary.textContent()).toBe(`Affichée si « ${SATISFIED} » est égal à « Non »`);
  });

  it('stored the condition on the first question, by id, as the server will evaluate it', async () => {
    const session = await signInApi(baseURL, 'agent@demo.cm');
    const id = surveyPath.split('/').pop();
    const survey = await callApi<{ questions: Array<{ id: number; label: string; condition: unknown }> }>(
      baseURL,
      `surveys/${id}?includes[]=questions`,
      { session: session as ApiSession },
    );
    const byLabel = new Map(survey.questions.map((q) => [q.label, q]));
    expect(byLabel.get(DISLIKED)?.condition).toEqual({ all: [{ question_id: byLabel.get(SATISFIED)?.id, operator: 'eq', value: false }] });
  });

  it('previews the survey: the conditional question appears only after a "Non"', async () => {
    await page.getByTestId('step-item').first().click();
    await page.getByTestId('toggle-preview').click();
    const preview = page.getByTestId('survey-preview');
    await preview.getByText('Oui', { exact: true }).click();
    await preview.getByRole('button', { name: 'Étape suivante' }).click();
    await preview.getByTestId('preview-hidden').waitFor();
    expect(await preview.getByText(DISLIKED).count()).toBe(0);
    await preview.getByRole('button', { name: 'Étape précédente' }).click();
    await preview.getByText('Non', { exact: true }).click();
    await preview.getByRole('button', { name: 'Étape suivante' }).click();
    await preview.getByText(DISLIKED).waitFor();
    await page.getByTestId('toggle-preview').click();
  });

  it('publishes in one confirmed step (no approval required), after which the builder is read-only', async () => {
    // Démo SARL requires no approval: one "Publier" submits and publishes, after a confirmation.
    await page.getByTestId('lifecycle-publish').click();
    expect(await page.getByTestId('lifecycle-submit').count()).toBe(0);
    const dialog = page.getByTestId('confirm-dialog');
    expect(await dialog.textContent()).toContain(`Publier « ${TITLE} » ?`);
    await page.getByTestId('confirm-button').click();
    await status(page).filter({ hasText: 'Publié' }).waitFor();
    await page.getByTestId('read-only-banner').waitFor();
    expect(await page.getByTestId('add-question').count()).toBe(0);
    expect(await page.getByTestId('lifecycle-close').isVisible()).toBe(true);
  });

  it('shows the share panel with the public link and its QR code', async () => {
    await page.getByTestId('tab-share').click();
    await page.waitForURL((url) => url.pathname === surveyPath && url.search === '?tab=share');
    const panel = page.getByTestId('share-panel');
    const code = (await panel.getByTestId('share-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4,16}$/);
    expect(await panel.getByTestId('share-link').inputValue()).toBe(`${baseURL}/m/su/${code}`);
    expect(await panel.getByTestId('share-not-open').count()).toBe(0);
    const qr = panel.getByTestId('qr-image');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('download-png').click()]);
    expect(download.suggestedFilename()).toBe(`formulaire-${code}.png`);
  });

  it('finds the published survey in the list by its status', async () => {
    await page.goto(`/${sid}/business/view/surveys?status=published`);
    await page.getByTestId('survey-row').filter({ hasText: TITLE }).waitFor();
  });

  it('offers a partner nothing that would fail: no "Depuis un modèle", no empty "···" menu', async () => {
    const partner = await browser.newPage({ baseURL, locale: 'fr-FR' });
    await partner.goto('/auth/login');
    const partnerSid = await signInUi(partner, 'partner@demo.cm');
    await partner.goto(`/${partnerSid}/business/view/surveys`);
    await partner.getByTestId('survey-list').waitFor();
    await partner.getByTestId('survey-row').first().waitFor();
    expect(await partner.getByTestId('from-template').count()).toBe(0);
    // The same survey as the partner may open it (view: surveys.show).
    await partner.goto(`/${partnerSid}${surveyPath.slice(surveyPath.indexOf('/', 1)).replace('/business/edit/', '/business/view/')}`);
    await partner.getByTestId('survey-title').waitFor();
    expect(await partner.getByTestId('survey-menu').count()).toBe(0);
    await partner.close();
  });
});

