import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeChoice, makeQuestion } from '../test/survey-fixtures';
import { renderSurveyUi, storeAgent } from '../test/render-surveys';
import { QuestionEditor, type QuestionTarget } from './QuestionEditor';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const satisfied = makeQuestion(1, 10, 0, 'yes_no', { label: 'Êtes-vous satisfait ?' });
const service = makeQuestion(2, 10, 1, 'single_choice', {
  label: 'Quel service ?',
  choices: [makeChoice(21, 2, 'Dépôt', 0), makeChoice(22, 2, 'Retrait', 1)],
});

/** Opens an option of a Mantine Select found by its label. */
function pick(container: HTMLElement, label: RegExp | string, option: string) {
  fireEvent.click(within(container).getByLabelText(label, { selector: 'input' }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

async function openEditor(target: QuestionTarget) {
  storeAgent('questions.create', 'questions.update');
  await renderSurveyUi(<QuestionEditor target={target} onClose={() => undefined} />);
  return screen.findByTestId('question-editor');
}

// Mantine inputs in jsdom on a two-core machine: the first test also pays for the transforms.
describe('question editor', { timeout: 30_000 }, () => {
  it('creates a choice question with its choices and a display condition on an earlier answer', async () => {
    const api = fakeApi({ 'POST questions': ({ body }) => ({ status: 201, body: { data: { id: 3, ...(body as object) } } }) });
    vi.stubGlobal('fetch', api.fetch);
    const editor = await openEditor({ question: null, placement: { step_id: 10 }, earlier: [satisfied, service] });

    fireEvent.change(within(editor).getByLabelText(/^Intitulé/), { target: { value: 'Qu’est-ce qui vous a déplu ?' } });
    pick(editor, /^Type de question/, 'Choix multiples');
    const rows = within(editor).getAllByTestId('choice-row');
    fireEvent.change(within(rows[0]).getByLabelText('Libellé 1'), { target: { value: 'L’attente' } });
    fireEvent.change(within(rows[1]).getByLabelText('Libellé 2'), { target: { value: 'L’accueil' } });
    fireEvent.click(within(editor).getByTestId('add-choice'));
    fireEvent.change(within(editor).getByLabelText('Libellé 3'), { target: { value: 'Les prix' } });
    fireEvent.change(within(editor).getByLabelText('Score 3'), { target: { value: '2' } });

    fireEvent.click(within(editor).getByTestId('add-condition'));
    const rule = within(editor).getByTestId('condition-rule');
    pick(rule, 'Question', '1. Êtes-vous satisfait ?');
    pick(rule, 'Valeur', 'Non');
    fireEvent.click(within(editor).getByTestId('save-question'));

    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0].body).toEqual({
      step_id: 10,
      label: 'Qu’est-ce qui vous a déplu ?',
      help: null,
      type: 'multiple_choice',
      required: false,
      settings: {},
      condition: { all: [{ question_id: 1, operator: 'eq', value: false }] },
      choices: [
        { label: 'L’attente', value: 'l-attente', score: null },
        { label: 'L’accueil', value: 'l-accueil', score: null },
        { label: 'Les prix', value: 'les-prix', score: 2 },
      ],
    });
  });

  it('compares a choice question by choice id and an "is one of" rule by a list', async () => {
    const api = fakeApi({ 'POST questions': ({ body }) => ({ status: 201, body: { data: { id: 3, ...(body as object) } } }) });
    vi.stubGlobal('fetch', api.fetch);
    const editor = await openEditor({ question: null, placement: { step_id: 10 }, earlier: [satisfied, service] });
    fireEvent.change(within(editor).getByLabelText(/^Intitulé/), { target: { value: 'Votre conseiller' } });
    fireEvent.click(within(editor).getByTestId('add-condition'));
    const rule = within(editor).getByTestId('condition-rule');
    pick(rule, 'Question', '2. Quel service ?');
    pick(rule, 'Condition', 'est parmi');
    fireEvent.click(within(rule).getByLabelText('Valeur', { selector: 'input' }));
    fireEvent.click(screen.getByRole('option', { name: 'Retrait' }));
    fireEvent.click(within(editor).getByTestId('save-question'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0].body).toMatchObject({ condition: { all: [{ question_id: 2, operator: 'in', value: [22] }] } });
  });

  it('refuses to save an incomplete rule or a question without wording, and says why', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    const editor = await openEditor({ question: null, placement: { step_id: 10 }, earlier: [satisfied] });
    fireEvent.click(within(editor).getByTestId('add-condition'));
    fireEvent.click(within(editor).getByTestId('save-question'));
    expect(await within(editor).findByText('L’intitulé est obligatoire')).toBeTruthy();
    expect(within(editor).getByText('Choisissez la question')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('says a first question cannot depend on an answer', async () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    const editor = await openEditor({ question: null, placement: { step_id: 10 }, earlier: [] });
    expect(within(editor).getByTestId('condition-none').textContent).toContain('Aucune question n’est posée avant celle-ci');
  });

  it('saves an edited question, then its choices: removed, changed, added', async () => {
    const api = fakeApi({
      'POST questions/2': ({ body }) => ({ body: { data: { ...service, ...(body as object) } } }),
      'DELETE choices/21': () => ({ body: { data: null } }),
      'POST choices/22': ({ body }) => ({ body: { data: { id: 22, ...(body as object) } } }),
      'POST choices': ({ body }) => ({ status: 201, body: { data: { id: 23, ...(body as object) } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const editor = await openEditor({ question: service, placement: { step_id: 10 }, earlier: [satisfied] });
    fireEvent.click(within(editor).getByRole('button', { name: 'Retirer le choix 1' }));
    fireEvent.click(within(editor).getByTestId('add-choice'));
    fireEvent.change(within(editor).getByLabelText('Libellé 2'), { target: { value: 'Conseil' } });
    fireEvent.click(within(editor).getByTestId('save-question'));
    await waitFor(() => expect(api.calls).toHaveLength(4));
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST questions/2', 'DELETE choices/21', 'POST choices/22', 'POST choices']);
    expect(api.calls[0].body).not.toHaveProperty('step_id');
    expect(api.calls[2].body).toEqual({ label: 'Retrait', value: 'retrait', score: null, position: 0 });
    expect(api.calls[3].body).toEqual({ question_id: 2, label: 'Conseil', value: 'conseil', score: null, position: 1 });
  });
});
