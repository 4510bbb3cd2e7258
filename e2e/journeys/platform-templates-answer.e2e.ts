import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEMPLATES_PART_1, type TemplateSeed } from '../../apps/api/src/db/seed/platform-templates-data';
import { TEMPLATES_PART_2 } from '../../apps/api/src/db/seed/platform-templates-data-2';
import { explainFailures, launchBrowser } from '../support/browser';
import { type ApiSession, callApi, signInApi, signInUi } from './auth-support';

const baseURL = inject('baseURL');
const hasBrowser = inject('hasBrowser');

/** The platform's library as the seed writes it on every installation (twelve templates at least). */
const LIBRARY: readonly TemplateSeed[] = [...TEMPLATES_PART_1, ...TEMPLATES_PART_2];
/** Where the respondent stands when a question asks for the position (Douala, Akwa). */
const AT = { latitude: 4.0511, longitude: 9.7679, accuracy: 12 };

interface DefQuestion {
  id: number;
  type: string;
  label: string;
  required: boolean;
  settings: Record<string, any>;
}
interface Definition {
  steps: Array<{ id: number; questions: DefQuestion[] }>;
}

/**
 * Answers one shown question through its control, the way a respondent does. Choices are
 * taken on the "unhappy" side (no, the lowest note, the last choice) so that follow-up
 * questions behind conditions show up, as in the API walk (platform-templates.test.ts);
 * pests seen and people injured are the two questions whose follow-up comes after a yes.
 * Photos and signatures are optional everywhere in the library: left empty.
 */
async function answer(page: Page, field: Locator, q: DefQuestion): Promise<void> {
  const inputId = await field.getAttribute('data-input-id');
  const control = page.locator(`#${inputId}`);
  const s = q.settings ?? {};
  switch (q.type) {
    case 'short_text':
      return control.fill('Agence Akwa');
    case 'long_text':
      return control.fill('Le climatiseur était en panne et la file avançait lentement.');
    case 'number':
      return control.fill(String(Math.min(s.max ?? 10, Math.max(s.min ?? 0, 5))));
    case 'email':
      return control.fill('client@exemple.cm');
    case 'phone':
      return control.fill('+237677123456');
    case 'date':
      return control.fill('2026-11-20');
    case 'time':
      return control.fill('09:30');
    case 'single_choice':
      return field.locator('input[type="radio"]').last().check({ force: true });
    case 'multiple_choice':
      return field.locator('input[type="checkbox"]').first().check({ force: true });
    case 'dropdown': {
      const values = await control.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      await control.selectOption(values[values.length - 1]);
      return;
    }
    case 'yes_no': {
      const yes = q.label.includes('nuisibles') || q.label.includes('blessés');
      return field.getByLabel(yes ? 'Oui' : 'Non', { exact: true }).check({ force: true });
    }
    case 'rating':
    case 'scale':
      // The first point: the lowest note (visually hidden radio under its drawn face).
      return control.check({ force: true });
    case 'ranking':
      // The respondent moves the first item down one place: the order is then the answer
      // and "Garder cet ordre" goes.
      await field.locator('ol button:not([disabled])').first().click();
      await control.waitFor({ state: 'hidden' });
      return;
    case 'matrix': {
      const rows = field.locator('fieldset.ans-matrix-row');
      for (let i = 0; i < (await rows.count()); i++) await rows.nth(i).locator('input').last().check({ force: true });
      return;
    }
    case 'geolocation':
      await control.click();
      await page.locator(`#${inputId}.ans-secondary`).waitFor();
      return;
    default:
      expect(q.required, `${q.label} (${q.type}) is required and cannot be answered here`).toBe(false);
  }
}

/**
 * Walks the answering page from its first step to the end: on each step answers every
 * question shown (a question hidden by its condition is skipped, one shown by an answer
 * given just before is answered in turn), then goes on; a step the page refuses fails with
 * the page's own message.
 */
async function answerToTheEnd(page: Page, definition: Definition): Promise<string[]> {
  const questions = new Map(definition.steps.flatMap((s) => s.questions).map((q) => [q.id, q]));
  const walked: string[] = [];
  const start = page.getByRole('button', { name: 'Commencer' });
  const form = page.locator('form[data-step-id]');
  await start.or(form).first().waitFor();
  if (await start.isVisible()) await start.click();
  for (;;) {
    await form.waitFor();
    const stepId = (await form.getAttribute('data-step-id')) ?? '';
    walked.push(stepId);
    const fields = form.locator('[data-question-id]');
    for (let i = 0; i < (await fields.count()); i++) {
      const field = fields.nth(i);
      if (await field.isHidden()) continue;
      const q = questions.get(Number(await field.getAttribute('data-question-id')));
      expect(q, 'a shown question is in the definition').toBeTruthy();
      await answer(page, field, q as DefQuestion);
    }
    await page.getByTestId('answer-next').click();
    // Another step, the end, or the page's refusal.
    const handle = await page.waitForFunction(
      (previous) => {
        if (document.querySelector('[data-testid^="answer-done-"]')) return 'done';
        const summary = document.querySelector<HTMLElement>('.ans-summary');
        if (summary && !summary.hidden && summary.textContent) return `refused: ${summary.textContent}`;
        const current = document.querySelector('form[data-step-id]')?.getAttribute('data-step-id');
        return current && current !== previous ? 'next' : false;
      },
      stepId,
    );
    const outcome = (await handle.jsonValue()) as string;
    expect(outcome, `step ${stepId}`).not.toMatch(/^refused/);
    if (outcome === 'done') return walked;
  }
}

/**
 * Issue 20's promise for the library: every template of the platform, taken by a company
 * (the demo owner, whose package opens the premium ones), becomes a published survey that
 * a respondent answers to the end through the answering page, respecting its conditions,
 * and whose participation the company then reads through the API.
 */
describe.skipIf(!hasBrowser)('every platform template answered through the answering page', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let visitors: BrowserContext;
  let staff: BrowserContext;
  let owner: ApiSession;
  let ownerAgentId: number;
  /** The owner's session in the staff browser: evaluations are answered signed in, in the app. */
  let staffSid: string;
  const templateIds = new Map<string, number>();
  const pages: Page[] = [];
  const stamp = Date.now().toString(36).slice(-5);

  const api = <T>(path: string, body?: unknown) => callApi<T>(baseURL, path, { session: owner, body });

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    const signed = await signInApi(baseURL, 'agent@demo.cm');
    const demo = signed.answer.user.agents.find((a: any) => a.company.code === 'DEMSRL');
    if (!demo) throw new Error('the demo owner has no agent in DEMSRL');
    owner = { ...signed, agentId: demo.id };
    ownerAgentId = demo.id;
    const templates = await api<Array<{ id: number; code: string }>>('surveys/type/template?limit=100');
    for (const template of templates) templateIds.set(template.code, template.id);
    // Respondents on a phone, allowed to give their position; the evaluation is answered by the signed-in owner.
    const phone = { baseURL, locale: 'fr-FR', viewport: { width: 360, height: 740 }, permissions: ['geolocation'], geolocation: AT };
    visitors = await browser.newContext(phone);
    staff = await browser.newContext(phone);
    const desk = await staff.newPage();
    pages.push(desk);
    await desk.goto('/auth/login');
    staffSid = await signInUi(desk, 'agent@demo.cm');
    await desk.close();
  }, 180_000);
  afterAll(async () => {
    await visitors?.close();
    await staff?.close();
    await close?.();
  });
  explainFailures(() => pages.at(-1));

  it('the library holds at least twelve templates, all offered to the company', () => {
    expect(LIBRARY.length).toBeGreaterThanOrEqual(12);
    for (const seed of LIBRARY) expect(templateIds.has(seed.code), seed.code).toBe(true);
  });

  for (const seed of LIBRARY) {
    it(`${seed.title}: created from the template, published, answered to the end, stored`, { timeout: 180_000 }, async () => {
      // As a form when the template serves forms (anyone answers by its code); else as its evaluation, by the owner.
      const type = seed.survey_types.includes('form') ? 'form' : seed.survey_types[0];
      const survey = await api<{ id: number; code: string }>(`surveys/${templateIds.get(seed.code)}/createfromtemplate`, { title: `${seed.title} ${stamp}`, type });
      await api(`surveys/${survey.id}/submit`, {});
      await api(`surveys/${survey.id}/publish`, {});
      const definition = await callApi<Definition>(baseURL, `surveys/${survey.code}/participate`, { session: type === 'form' ? undefined : owner });

      const page = await (type === 'form' ? visitors : staff).newPage();
      pages.push(page);
      const evaluation = type === 'evaluation';
      // A form through its public link; an evaluation signed in, with what it evaluates in its link (the owner's own agent).
      await page.goto(evaluation ? `/${staffSid}/web/surveys/contribution/${survey.code}?target=${seed.target_kind ?? 'agent'}:${ownerAgentId}` : `/m/su/${survey.code}`);
      const walked = await answerToTheEnd(page, definition);
      expect(walked.length).toBeGreaterThanOrEqual(1);
      await page.getByTestId('answer-reference').waitFor();
      await page.close();

      const stored = await api<Array<{ status: string }>>(`participations?filter_groups[0][filters][0][key]=survey_id&filter_groups[0][filters][0][value]=${survey.id}`);
      expect(stored).toHaveLength(1);
      expect(stored[0].status).not.toBe('in_progress');
    });
  }
});
