import type { Page } from 'playwright-core';
import { field } from './auth-support';

/** The survey builder driven as a user does: shared by the company's builder and the back office's template editor, which reuses it. */

/** Adds a step through the builder and waits until it is the selected one. */
export async function addStep(page: Page, title: string) {
  await page.getByTestId('add-step').click();
  const form = page.getByTestId('step-form');
  await form.getByLabel(field('Titre de l’étape')).fill(title);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByTestId('step-title').filter({ hasText: title }).waitFor();
}

export interface QuestionSpec {
  label: string;
  type: string;
  required?: boolean;
  choices?: string[];
  /** A rule "earlier question equals value", picked in the condition editor. */
  condition?: { question: string; value: string };
}

/** Adds a question to the selected step through the question editor. */
export async function addQuestion(page: Page, spec: QuestionSpec) {
  await page.getByTestId('add-question').click();
  const editor = page.getByTestId('question-editor');
  await editor.getByLabel(field('Intitulé')).fill(spec.label);
  await editor.getByTestId('question-type').click();
  await page.getByRole('option', { name: spec.type, exact: true }).click();
  if (spec.required) await editor.getByRole('switch', { name: 'Réponse obligatoire' }).check();
  const rows = editor.getByTestId('choice-row');
  for (const [index, label] of (spec.choices ?? []).entries()) {
    if (index >= (await rows.count())) await editor.getByTestId('add-choice').click();
    await rows.nth(index).getByLabel(`Libellé ${index + 1}`).fill(label);
  }
  if (spec.condition) {
    await editor.getByTestId('add-condition').click();
    const rule = editor.getByTestId('condition-rule').first();
    await rule.getByTestId('condition-question').click();
    await page.getByRole('option', { name: spec.condition.question }).click();
    await rule.getByTestId('condition-value').click();
    await page.getByRole('option', { name: spec.condition.value, exact: true }).click();
  }
  await editor.getByTestId('save-question').click();
  await editor.waitFor({ state: 'detached' });
  await page.getByTestId('question-card').filter({ hasText: spec.label }).waitFor();
}
