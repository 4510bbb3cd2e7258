import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainFailures, launchBrowser } from '../support/browser';
import { type ApiSession, callApi, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

/**
 * The builder's preview, as the owner sees it: the questions of a step, display conditions
 * applied as answers change, the step's checks, the next step, and nothing saved.
 * Fields are found by their label, role and visible text only, so the journey holds
 * whether the preview draws them with Mantine or with the answering page's components
 * (native inputs with labels, fieldsets with legends).
 */
const TITLE = `Aperçu en agence ${Date.now()}`;
const NAME = 'Votre prénom';
const SOURCE = 'Comment nous avez-vous connus ?';
const SERVICES = 'Quels services avez-vous utilisés ?';
const PEOPLE = 'Nombre de personnes reçues avec vous';
const WAITED = 'Avez-vous attendu avant d’être reçu ?';
const WAIT = 'Combien de minutes avez-vous attendu ?';
const WELCOME = 'Note de l’accueil';
const LAST_WORD = 'Un dernier mot pour l’équipe ?';

const REQUIRED = 'Cette question est obligatoire.';
const TOO_MANY = 'La valeur doit être inférieure ou égale à 10.';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's accessible name starts with its question's label (a required mark or "(facultatif)" may follow). */
const labelled = (label: string) => new RegExp(`^${escapeRegExp(label)}`);

interface Created {
  id: number;
}

/** A draft of two steps: several question types, one shown only after a "Oui". */
async function createSurvey(session: ApiSession): Promise<number> {
  const survey = await callApi<Created>(baseURL, 'surveys', { session, body: { title: TITLE, description: 'Après une visite dans une de nos agences.' } });
  const visit = await callApi<Created>(baseURL, 'steps', { session, body: { survey_id: survey.id, title: 'Votre visite' } });
  const opinion = await callApi<Created>(baseURL, 'steps', { session, body: { survey_id: survey.id, title: 'Votre avis' } });
  const question = (body: Record<string, unknown>) => callApi<Created>(baseURL, 'questions', { session, body });
  await question({ step_id: visit.id, label: NAME, type: 'short_text', required: true });
  await question({ step_id: visit.id, label: SOURCE, type: 'single_choice', choices: [{ label: 'Bouche-à-oreille' }, { label: 'Internet' }, { label: 'Radio' }] });
  await question({ step_id: visit.id, label: SERVICES, type: 'multiple_choice', choices: [{ label: 'Dépôt' }, { label: 'Retrait' }, { label: 'Conseil' }] });
  await question({ step_id: visit.id, label: PEOPLE, type: 'number', settings: { min: 1, max: 10, integer: true } });
  const waited = await question({ step_id: visit.id, label: WAITED, type: 'yes_no', required: true });
  await question({
    step_id: visit.id,
    label: WAIT,
    type: 'number',
    settings: { min: 0, max: 240, integer: true },
    condition: { all: [{ question_id: waited.id, operator: 'eq', value: true }] },
  });
  await question({ step_id: visit.id, label: WELCOME, type: 'scale', settings: { min: 0, max: 10 } });
  await question({ step_id: opinion.id, label: LAST_WORD, type: 'long_text' });
  return survey.id;
}

/** Every participation of the survey, whatever its status (partial saves included). */
async function participationCount(session: ApiSession, surveyId: number): Promise<number> {
  const results = await callApi<{ participations: { total: number } }>(baseURL, `surveys/${surveyId}/results?status=in_progress,submitted,checked,validated`, { session });
  return results.participations.total;
}

describe.skipIf(!hasBrowser)('survey preview journey', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let page: Page;
  let session: ApiSession;
  let surveyId: number;
  let participationsBefore: number;
  /** Writes the page sent to the API while the preview was open (there must be none). */
  const writes: string[] = [];
  const recordWrite = (request: Request) => {
    if (request.method() !== 'GET' && /\/api\/v2\/(participations|medias|surveys\/[^/]+\/participate)/.test(request.url())) {
      writes.push(`${request.method()} ${request.url()}`);
    }
  };

  explainFailures(() => page);

  beforeAll(async () => {
    session = await signInApi(baseURL, 'agent@demo.cm');
    surveyId = await createSurvey(session);
    participationsBefore = await participationCount(session, surveyId);
    ({ browser, close } = await launchBrowser());
    page = await browser.newPage({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
  });
  afterAll(() => close?.());

  const preview = () => page.getByTestId('survey-preview');

  it('opens the survey in the builder and shows the preview of its first step', async () => {
    await page.goto('/auth/login');
    const sid = await signInUi(page, 'agent@demo.cm');
    await page.goto(`/${sid}/business/edit/surveys/form/${surveyId}?tab=builder`);
    await page.getByTestId('survey-builder').waitFor();
    page.on('request', recordWrite);
    await page.getByRole('button', { name: 'Aperçu', exact: true }).click();
    await preview().getByText(TITLE).waitFor();
    await preview().getByText('Étape 1 sur 2', { exact: false }).waitFor();
  });

  it('shows the questions of step 1 as a respondent answers them', async () => {
    const p = preview();
    await p.getByRole('textbox', { name: labelled(NAME) }).waitFor();
    for (const option of ['Bouche-à-oreille', 'Internet', 'Radio']) await p.getByRole('radio', { name: option, exact: true }).waitFor();
    for (const option of ['Dépôt', 'Retrait', 'Conseil']) await p.getByRole('checkbox', { name: option, exact: true }).waitFor();
    await p.getByLabel(labelled(PEOPLE)).waitFor();
    await p.getByRole('radio', { name: 'Oui', exact: true }).waitFor();
    await p.getByRole('radio', { name: 'Non', exact: true }).waitFor();
    await p.getByText(WELCOME).first().waitFor();
    // The scale's values 0 to 10, each a choice of its own.
    expect(await p.getByRole('radio', { name: '10', exact: true }).count()).toBe(1);
    // Only step 1: the question of step 2 is not there yet, nor the conditional one.
    expect(await p.getByText(LAST_WORD).count()).toBe(0);
    expect(await p.getByText(WAIT).count()).toBe(0);
    await p.getByText('1 question masquée par une condition').waitFor();
  });

  it('answers as a respondent: a choice, several options, and the conditional question follows the yes/no live', async () => {
    const p = preview();
    await p.getByRole('radio', { name: 'Internet', exact: true }).check();
    expect(await p.getByRole('radio', { name: 'Internet', exact: true }).isChecked()).toBe(true);
    await p.getByRole('checkbox', { name: 'Dépôt', exact: true }).check();
    await p.getByRole('checkbox', { name: 'Conseil', exact: true }).check();
    expect(await p.getByRole('checkbox', { name: 'Dépôt', exact: true }).isChecked()).toBe(true);
    expect(await p.getByRole('checkbox', { name: 'Retrait', exact: true }).isChecked()).toBe(false);

    await p.getByRole('radio', { name: 'Oui', exact: true }).check();
    await p.getByLabel(labelled(WAIT)).waitFor();
    expect(await p.getByText('1 question masquée par une condition').count()).toBe(0);
    await p.getByRole('radio', { name: 'Non', exact: true }).check();
    await p.getByText(WAIT).waitFor({ state: 'detached' });
    await p.getByText('1 question masquée par une condition').waitFor();
    await p.getByRole('radio', { name: 'Oui', exact: true }).check();
    await p.getByLabel(labelled(WAIT)).fill('15');
  });

  it('checks the step: a required question left empty and a value out of range are named', async () => {
    const p = preview();
    await p.getByLabel(labelled(PEOPLE)).fill('50');
    await p.getByRole('button', { name: 'Vérifier les réponses' }).click();
    await p.getByText(REQUIRED).waitFor();
    await p.getByText(TOO_MANY).waitFor();
    // Only the empty required question: the yes/no is answered, the others are optional.
    expect(await p.getByText(REQUIRED).count()).toBe(1);
    expect(await p.getByText('Toutes les réponses de cette étape sont valides.').count()).toBe(0);

    await p.getByRole('textbox', { name: labelled(NAME) }).fill('Awa');
    await p.getByLabel(labelled(PEOPLE)).fill('3');
    await p.getByRole('button', { name: 'Vérifier les réponses' }).click();
    await p.getByText('Toutes les réponses de cette étape sont valides.').waitFor();
    expect(await p.getByText(REQUIRED).count()).toBe(0);
    expect(await p.getByText(TOO_MANY).count()).toBe(0);
  });

  it('moves to the next step and back, the answers kept', async () => {
    const p = preview();
    await p.getByRole('button', { name: 'Étape suivante' }).click();
    await p.getByText('Étape 2 sur 2', { exact: false }).waitFor();
    await p.getByRole('textbox', { name: labelled(LAST_WORD) }).fill('Merci pour l’accueil.');
    expect(await p.getByText(NAME).count()).toBe(0);
    expect(await p.getByRole('button', { name: 'Étape suivante' }).isDisabled()).toBe(true);
    await p.getByRole('button', { name: 'Étape précédente' }).click();
    await p.getByText('Étape 1 sur 2', { exact: false }).waitFor();
    expect(await p.getByRole('textbox', { name: labelled(NAME) }).inputValue()).toBe('Awa');
    expect(await p.getByRole('radio', { name: 'Internet', exact: true }).isChecked()).toBe(true);
  });

  it('saved nothing: no participation was sent, the survey still counts as many as before', async () => {
    await page.getByRole('button', { name: 'Masquer l’aperçu' }).click();
    await preview().waitFor({ state: 'detached' });
    page.off('request', recordWrite);
    expect(writes).toEqual([]);
    expect(await participationCount(session, surveyId)).toBe(participationsBefore);
  });
});
