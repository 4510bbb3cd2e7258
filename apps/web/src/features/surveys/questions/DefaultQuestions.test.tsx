import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeQuestion } from '../test/survey-fixtures';
import { renderSurveyUi, storeAgent, TEST_SID } from '../test/render-surveys';
import { DefaultQuestions } from './DefaultQuestions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const node = (id: number, name: string, parent: number | null, children: unknown[] = []) => ({
  id,
  type: 'question',
  name,
  code: `q${id}`,
  description: null,
  parent_id: parent,
  position: id,
  active: true,
  children,
});
const TREE = [node(1, 'Accueil', null, [node(2, 'Politesse', 1)]), node(3, 'Hygiène', null)];

const question = (id: number, label: string, category_id: number | null, company_id: number | null) => ({
  ...makeQuestion(id, 0, id, 'rating', { label, category_id, survey_id: null, step_id: null, default_for: 'agent' }),
  company_id,
});

describe('the default questions (question bank)', { timeout: 30_000 }, () => {
  it('filters the company’s and the platform’s questions by a question category and the categories below it', async () => {
    storeAgent('questions.list', 'questions.show');
    const api = fakeApi({
      'GET categories/tree/question': () => ({ body: { data: TREE } }),
      'GET questions': () => ({
        body: {
          data: [
            question(1, 'Accueil souriant', 1, 7),
            question(2, 'Vouvoiement du client', 2, 7),
            question(3, 'Comptoir propre', 3, 7),
            question(4, 'Salutation de la plateforme', 2, null),
            question(5, 'Sans catégorie', null, null),
          ],
          meta: { has_more: false },
        },
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<DefaultQuestions sid={TEST_SID} />, `/${TEST_SID}/business/view/questions`);
    expect(await screen.findByText('Comptoir propre')).toBeTruthy();
    expect(screen.getByText('Sans catégorie')).toBeTruthy();

    const category = screen.getByTestId('default-questions-category') as HTMLInputElement;
    await waitFor(() => expect(category.disabled).toBe(false));
    fireEvent.click(category);
    fireEvent.click(await screen.findByRole('option', { name: /Accueil/ }));
    await waitFor(() => expect(screen.queryByText('Comptoir propre')).toBeNull());
    expect(screen.getByText('Accueil souriant')).toBeTruthy();
    expect(screen.getByText('Vouvoiement du client')).toBeTruthy();
    expect(screen.getByText('Salutation de la plateforme')).toBeTruthy();
    expect(screen.queryByText('Sans catégorie')).toBeNull();

    fireEvent.click(category);
    fireEvent.click(await screen.findByRole('option', { name: /Hygiène/ }));
    await waitFor(() => expect(screen.queryByText('Accueil souriant')).toBeNull());
    expect(screen.getByText('Comptoir propre')).toBeTruthy();
    expect(screen.queryByText('Salutation de la plateforme')).toBeNull();
  });

  it('says so when no question is filed under the chosen category', async () => {
    storeAgent('questions.list', 'questions.show');
    const api = fakeApi({
      'GET categories/tree/question': () => ({ body: { data: TREE } }),
      'GET questions': () => ({ body: { data: [question(1, 'Accueil souriant', 1, 7)], meta: { has_more: false } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<DefaultQuestions sid={TEST_SID} />, `/${TEST_SID}/business/view/questions`);
    await screen.findByText('Accueil souriant');
    const category = screen.getByTestId('default-questions-category') as HTMLInputElement;
    await waitFor(() => expect(category.disabled).toBe(false));
    fireEvent.click(category);
    fireEvent.click(await screen.findByRole('option', { name: /Hygiène/ }));
    expect(await screen.findByText('Aucune question par défaut de cette catégorie.')).toBeTruthy();
  });
});
