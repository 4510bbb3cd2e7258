import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { explainFailures, launchBrowser } from '../support/browser';
import { callApi, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

/** The owner of Boulangerie du Wouri (db/seed/demo-platform.ts), a company with no default questions of its own. */
const OWNER = 'proprio.wouri@demo.cm';

describe.skipIf(!hasBrowser)('the back office moderates surveys and sets the default questions', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let owner: Page;
  let adminSid: string;
  let ownerSid: string;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    for (let i = 0; i < 2; i++) contexts.push(await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1280, height: 900 } }));
    admin = await contexts[0].newPage();
    owner = await contexts[1].newPage();
    await admin.goto('/auth/login');
    adminSid = await signInUi(admin, 'admin@demo.cm');
    await owner.goto('/auth/login');
    ownerSid = await signInUi(owner, OWNER);
  }, 120_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await close?.();
  });
  explainFailures(() => [admin, owner]);

  it('the admin rejects a published survey with a reason; the owner reads it on the survey’s page and in the bell', { timeout: 240_000 }, async () => {
    // The owner publishes a survey (through the API, as the business app does).
    const ownerApi = await signInApi(baseURL, OWNER);
    const title = `Grand jeu ${stamp}`;
    const survey = await callApi<{ id: number; type: string }>(baseURL, 'surveys', { session: ownerApi, body: { title } });
    const step = await callApi<{ id: number }>(baseURL, 'steps', { session: ownerApi, body: { survey_id: survey.id, title: 'Participation' } });
    await callApi(baseURL, 'questions', { session: ownerApi, body: { step_id: step.id, label: 'Votre numéro de carte bancaire', type: 'short_text' } });
    await callApi(baseURL, `surveys/${survey.id}/publish`, { session: ownerApi, body: {} });

    // The admin finds it among every company's surveys, filtered to published ones.
    await admin.getByTestId('nav-item').filter({ hasText: 'Formulaires (toutes entreprises)' }).click();
    await admin.locator('main h1').filter({ hasText: 'Formulaires (toutes entreprises)' }).waitFor();
    await admin.getByTestId('admin-surveys-search').fill(title);
    await admin.waitForURL((url) => url.searchParams.get('q') === title);
    const row = admin.getByRole('link', { name: title });
    await row.first().waitFor();
    await row.first().click();
    await admin.waitForURL((url) => url.pathname === `/${adminSid}/mnt/surveys/view/${survey.id}`);
    const detail = admin.locator('[data-testid="admin-survey-detail"][data-status="published"]');
    await detail.waitFor();
    await admin.getByTestId('admin-survey-questions').getByText('Votre numéro de carte bancaire').waitFor();

    // Reject, with the reason the owner will read.
    const reason = `Les coordonnées bancaires ne se demandent pas dans un formulaire (${stamp}).`;
    await admin.getByTestId('moderation-reject').click();
    const dialog = admin.getByTestId('confirm-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('confirm-button').isDisabled()).toBe(true);
    await dialog.getByTestId('confirm-comment').fill(reason);
    await dialog.getByTestId('confirm-button').click();
    await admin.locator('[data-testid="admin-survey-detail"][data-status="rejected"]').waitFor();
    await admin.getByTestId('admin-survey-rejection').getByText(reason).waitFor();
    expect(await admin.getByTestId('moderation-reject').count()).toBe(0);

    // The owner: the survey's page says it was rejected and why.
    await owner.goto(`/${ownerSid}/business/view/surveys/${survey.type}/${survey.id}`);
    await owner.getByText(`Motif : ${reason}`).waitFor();
    // And the bell has the notification, whose link opens that page.
    const notices = await callApi<Array<{ title: string; body: string | null; data: { survey_id?: number } }>>(baseURL, 'notifications', { session: ownerApi });
    const notice = notices.find((n) => n.data?.survey_id === survey.id);
    expect(notice?.title).toContain(title);
    expect(notice?.body).toBe(`Raison : ${reason}`);
  });

  it('the admin adds a default question for group evaluations; the owner’s new group evaluation starts with it', { timeout: 240_000 }, async () => {
    const label = `Esprit d’équipe ${stamp}`;
    await admin.goto(`/${adminSid}/mnt/surveys/view/questions/agent`);
    await admin.locator('main h1').filter({ hasText: 'Questions par défaut de la plateforme' }).waitFor();
    await admin.locator('.mantine-SegmentedControl-root').getByText('Groupe', { exact: true }).click();
    await admin.waitForURL((url) => url.pathname === `/${adminSid}/mnt/surveys/view/questions/group`);
    // The demo's platform set for groups is there already.
    await admin.getByText("Note globale pour l'équipe").first().waitFor();
    await admin.getByRole('button', { name: 'Ajouter une question par défaut' }).click();
    const editor = admin.getByTestId('question-editor');
    await editor.waitFor();
    await editor.getByRole('textbox', { name: /Intitulé/ }).fill(label);
    await editor.getByTestId('save-question').click();
    await editor.waitFor({ state: 'detached' });
    await admin.getByText(label).waitFor();

    // The company page of the back office says what a new group evaluation starts with.
    const adminApi = await signInApi(baseURL, 'admin@demo.cm');
    const [wouri] = await callApi<Array<{ id: number }>>(baseURL, 'mnt/companies?q=BKWURE', { session: adminApi });
    await admin.goto(`/${adminSid}/mnt/companies/view/${wouri.id}/group/questions`);
    const effective = admin.locator('[data-testid="company-effective-defaults"][data-source="platform"]');
    await effective.waitFor();
    await effective.getByText(label).waitFor();

    // The owner creates a group evaluation: it starts with the platform's questions, the new one included.
    const ownerApi = await signInApi(baseURL, OWNER);
    const created = await callApi<{ id: number; type: string }>(baseURL, 'surveys', {
      session: ownerApi,
      body: { title: `Évaluation des équipes ${stamp}`, type: 'evaluation', target_kind: 'group' },
    });
    await owner.goto(`/${ownerSid}/business/view/surveys/${created.type}/${created.id}`);
    await owner.getByText(label).first().waitFor();
    await owner.getByText('Questions générales').first().waitFor();
  });
});
