import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainFailures, launchBrowser } from '../support/browser';
import { createCustomer, field, signInUi } from './auth-support';
import { addQuestion, addStep } from './builder-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

const stamp = Date.now().toString(36).slice(-5);
const TEMPLATE = `Visite de courtoisie ${stamp}`;
const WELCOMED = 'Avez-vous été bien reçu ?';
const WHY = 'Qu’est-ce qui vous a manqué ?';
const RATING = 'Note de la visite';

/**
 * The catalogue's promise end to end: the platform's team builds a template in the back
 * office (three steps, one condition) and publishes it; a company created minutes ago
 * starts a survey from it, publishes it, a visitor answers it through its public link, and
 * the answer reaches the owner's results.
 */
describe.skipIf(!hasBrowser)('a platform template becomes a new company’s answered survey', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let owner: Page;
  let adminSid: string;
  let ownerSid: string;
  let surveyPath: string;
  let code: string;

  async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport });
    contexts.push(context);
    return context.newPage();
  }

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    admin = await newPage();
    owner = await newPage();
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await close?.();
  });
  explainFailures(() => [admin, owner]);

  it('the admin builds a three-step template with a condition in the back office and publishes it', { timeout: 240_000 }, async () => {
    await admin.goto('/auth/login');
    adminSid = await signInUi(admin, 'admin@demo.cm');
    await admin.goto(`/${adminSid}/mnt/templates/view`);
    await admin.getByTestId('library-template-new').click();
    const form = admin.getByTestId('template-form');
    await form.getByLabel(field('Titre')).fill(TEMPLATE);
    await form.getByLabel('Description').fill('Après la visite d’un conseiller chez le client.');
    await admin.getByTestId('template-form-submit').click();
    await admin.waitForURL((url) => /\/mnt\/templates\/edit\/\d+$/.test(url.pathname));
    await admin.getByText('Brouillon', { exact: true }).first().waitFor();

    await addStep(admin, 'L’accueil');
    await addQuestion(admin, { label: WELCOMED, type: 'Oui / Non', required: true });
    await addStep(admin, 'Ce qui a manqué');
    await addQuestion(admin, { label: WHY, type: 'Texte long', condition: { question: `1. ${WELCOMED}`, value: 'Non' } });
    await addStep(admin, 'Votre note');
    await addQuestion(admin, { label: RATING, type: 'Échelle de 0 à 10', required: true });
    expect(await admin.getByTestId('step-item').count()).toBe(3);
    expect(await admin.getByTestId('builder-stats').textContent()).toBe('3 étape(s) · 3 question(s) · 2 obligatoire(s) · 1 conditionnelle(s)');

    await admin.getByTestId('template-publish').click();
    await admin.getByTestId('template-retire').waitFor();
    await admin.getByText('Publié', { exact: true }).first().waitFor();
  });

  it('a brand-new owner creates a company and starts a survey from the template', { timeout: 240_000 }, async () => {
    const founder = await createCustomer(baseURL, 'Fondateur Modèle');
    await owner.goto('/auth/login');
    ownerSid = await signInUi(owner, founder.email, founder.password);
    await owner.getByTestId('no-company').waitFor();
    const form = owner.getByTestId('company-form');
    await form.getByLabel(field('Nom')).fill(`Conseil Modèle ${stamp}`);
    await form.getByLabel('Ville').click();
    await owner.getByRole('option', { name: 'Douala', exact: true }).click();
    await form.getByTestId('company-submit').click();
    await owner.getByTestId('company-dashboard').waitFor();

    // "Nouveau formulaire" → "Partir d'un modèle": the template is offered beside the others.
    await owner.goto(`/${ownerSid}/business/view/templates`);
    await owner.getByLabel('Rechercher').fill(TEMPLATE);
    const card = owner.getByTestId('template-card').filter({ hasText: TEMPLATE });
    await card.waitFor();
    await card.getByTestId('use-template').click();
    const dialog = owner.getByTestId('use-template-form');
    await dialog.getByLabel(field('Titre du nouveau formulaire')).fill(`Nos visites ${stamp}`);
    await dialog.getByRole('button', { name: 'Utiliser ce modèle' }).click();
    await owner.waitForURL((url) => /\/business\/edit\/surveys\/form\/\d+$/.test(url.pathname) && url.searchParams.get('tab') === 'builder');
    surveyPath = new URL(owner.url()).pathname;
    // The copy has the template's three steps and its condition.
    expect(await owner.getByTestId('builder-stats').textContent()).toBe('3 étape(s) · 3 question(s) · 2 obligatoire(s) · 1 conditionnelle(s)');
  });

  it('the owner publishes it and reads its public link', { timeout: 120_000 }, async () => {
    await owner.getByTestId('lifecycle-publish').click();
    await owner.getByTestId('confirm-button').click();
    await owner.getByTestId('survey-detail').getByTestId('survey-status').filter({ hasText: 'Publié' }).waitFor();
    await owner.getByTestId('tab-share').click();
    code = (await owner.getByTestId('share-panel').getByTestId('share-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4,16}$/);
  });

  it('a visitor answers through the public link, the condition shown after a "Non"', { timeout: 120_000 }, async () => {
    const visitor = await newPage({ width: 360, height: 740 });
    await visitor.goto(`/m/su/${code}`);
    await visitor.getByRole('button', { name: 'Commencer' }).click();
    // Until "Non", the conditional step is not counted.
    await visitor.getByText('Étape 1 sur 2').waitFor();
    await visitor.getByText('Non', { exact: true }).click();
    await visitor.getByText('Étape 1 sur 3').waitFor();
    await visitor.getByTestId('answer-next').click();
    await visitor.getByText('Étape 2 sur 3').waitFor();
    await visitor.getByLabel(WHY).fill('Une documentation écrite');
    await visitor.getByTestId('answer-next').click();
    await visitor.getByText('Étape 3 sur 3').waitFor();
    await visitor.getByLabel('8', { exact: true }).check({ force: true });
    await visitor.getByRole('button', { name: 'Envoyer mes réponses' }).click();
    await visitor.getByTestId('answer-reference').waitFor();
  });

  it('the answer reaches the owner’s results', { timeout: 120_000 }, async () => {
    await owner.goto(`/${ownerSid}${surveyPath.slice(surveyPath.indexOf('/', 1)).replace('/business/edit/', '/business/view/')}?tab=results`);
    const panel = owner.getByTestId('results-panel');
    await panel.getByTestId('results-total').filter({ hasText: '1' }).waitFor();
    await panel.getByTestId('question-result').filter({ hasText: WHY }).waitFor();
  });
});
