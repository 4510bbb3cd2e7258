import { decodeQuery } from '@app/contracts/query-codec';
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CreateSurveyModal } from '../list/CreateSurveyModal';
import { fakeApi, makeQuestion, makeStep, makeSurvey } from '../test/survey-fixtures';
import { renderSurveyUi, storeAgent, TEST_SID } from '../test/render-surveys';
import { loadTemplateLibraryI18n } from './library/library-i18n';

beforeAll(async () => {
  await loadTemplateLibraryI18n();
});
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const node = (id: number, name: string, parent: number | null, children: unknown[] = []) => ({
  id,
  type: 'template',
  name,
  code: `c${id}`,
  description: null,
  parent_id: parent,
  position: id,
  active: true,
  objects: 0,
  children,
});
const TREE = [node(1, 'Satisfaction client', null, [node(2, 'Accueil au guichet', 1), node(3, 'Recommandation (NPS)', 1)]), node(4, 'Audits', null)];

const visite = makeSurvey({ id: 21, company_id: null, is_template: true, title: 'Visite qualité en agence', description: 'Trois étapes', category_id: 2 });
const premium = { ...makeSurvey({ id: 22, company_id: null, is_template: true, title: 'Client mystère', premium: true }), premium_locked: true };
const structure = {
  ...visite,
  steps: [makeStep(1, 0), makeStep(2, 1)],
  questions: [makeQuestion(11, 1, 0, 'yes_no'), makeQuestion(12, 1, 1), makeQuestion(13, 2, 0)],
};

function api(extra: Record<string, Parameters<typeof fakeApi>[0][string]> = {}) {
  return fakeApi({
    'GET categories/tree/template': () => ({ body: { data: TREE } }),
    'GET surveys/type/template': () => ({ body: { data: [visite, premium], meta: { total: 2, has_more: false } } }),
    'POST surveys/type/template/search': () => ({ body: { data: [visite], meta: { total: 1, has_more: false } } }),
    'GET templates/21': () => ({ body: { data: structure } }),
    ...extra,
  });
}

async function openPicker() {
  const view = await renderSurveyUi(
    <Routes>
      <Route path="business/view/surveys" element={<CreateSurveyModal opened initialType={null} onClose={() => undefined} onCreated={() => undefined} />} />
      <Route path="*" element={<div data-testid="elsewhere" />} />
    </Routes>,
    `/${TEST_SID}/business/view/surveys`,
  );
  fireEvent.click(await screen.findByLabelText('Partir d’un modèle'));
  return view;
}

const listCalls = (calls: ReturnType<typeof fakeApi>['calls']) =>
  calls.filter((c) => c.method === 'GET' && c.path === 'surveys/type/template').map((c) => decodeQuery(c.url.search.slice(1)) as Record<string, any>);

describe('the template picker of the new-survey dialog', { timeout: 30_000 }, () => {
  it('lists the templates, a premium one with its badge and the upgrade instead of the button', async () => {
    storeAgent('surveys.show', 'surveys.create');
    const fake = api();
    vi.stubGlobal('fetch', fake.fetch);
    await openPicker();
    const cards = await screen.findAllByTestId('picker-template');
    expect(cards.map((c) => c.textContent)).toEqual([expect.stringContaining('Visite qualité en agence'), expect.stringContaining('Client mystère')]);
    const locked = cards[1];
    expect(within(locked).getByTestId('picker-premium').textContent).toBe('Premium');
    expect(locked.textContent).toContain('Réservé aux formules qui incluent les modèles premium.');
    expect(within(locked).getByTestId('picker-upgrade').getAttribute('href')).toBe(`/${TEST_SID}/business/view/packages`);
    expect(within(locked).queryByTestId('picker-choose')).toBeNull();
    expect(within(cards[0]).getByTestId('picker-choose')).toBeTruthy();
    expect(listCalls(fake.calls)[0]).toMatchObject({ limit: '10', page: '0' });
  });

  it('filters by a category and the categories below it, and searches by text', async () => {
    storeAgent('surveys.show', 'surveys.create');
    const fake = api();
    vi.stubGlobal('fetch', fake.fetch);
    await openPicker();
    await screen.findAllByTestId('picker-template');
    const category = screen.getByTestId('template-picker-category') as HTMLInputElement;
    await waitFor(() => expect(category.disabled).toBe(false));
    fireEvent.click(category);
    fireEvent.click(await screen.findByRole('option', { name: /Satisfaction client/ }));
    await waitFor(() => expect(listCalls(fake.calls).at(-1)?.filter_groups?.[0]?.filters?.[0]).toMatchObject({ key: 'category_id', operator: 'in', value: ['1', '2', '3'] }));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher un modèle' }), { target: { value: 'visite' } });
    await waitFor(() => {
      const search = fake.calls.filter((c) => c.path === 'surveys/type/template/search').at(-1);
      expect(search?.body).toMatchObject({ input: 'visite', filter_groups: [{ filters: [{ key: 'category_id', operator: 'in', value: [1, 2, 3] }] }] });
    });
    await waitFor(() => expect(screen.getAllByTestId('picker-template')).toHaveLength(1));
  });

  it('says so when nothing matches', async () => {
    storeAgent('surveys.show', 'surveys.create');
    vi.stubGlobal('fetch', api({ 'GET surveys/type/template': () => ({ body: { data: [], meta: { total: 0, has_more: false } } }) }).fetch);
    await openPicker();
    expect(await screen.findByText('Aucun modèle ne correspond à votre recherche.')).toBeTruthy();
  });

  it('previews the chosen template and creates the draft from it, then opens its builder', async () => {
    storeAgent('surveys.show', 'surveys.create');
    const fake = api({ 'POST surveys/21/createfromtemplate': () => ({ status: 201, body: { data: makeSurvey({ id: 99, title: 'Nos visites', template_id: 21 }) } }) });
    vi.stubGlobal('fetch', fake.fetch);
    const { router } = await openPicker();
    fireEvent.click(within((await screen.findAllByTestId('picker-template'))[0]).getByTestId('picker-choose'));
    expect((await screen.findByTestId('picker-counts')).textContent).toBe('2 étape(s), 3 question(s)');
    fireEvent.click(screen.getByTestId('picker-back'));
    fireEvent.click(within((await screen.findAllByTestId('picker-template'))[0]).getByTestId('picker-choose'));
    const title = await screen.findByRole('textbox', { name: /Titre du nouveau formulaire/ });
    expect((title as HTMLInputElement).value).toBe('Visite qualité en agence');
    fireEvent.change(title, { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('picker-use'));
    expect(await screen.findByText('Le titre doit contenir au moins 2 caractères')).toBeTruthy();
    fireEvent.change(title, { target: { value: 'Nos visites' } });
    fireEvent.click(screen.getByTestId('picker-use'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${TEST_SID}/business/edit/surveys/form/99`));
    expect(fake.calls.find((c) => c.path === 'surveys/21/createfromtemplate')?.body).toEqual({ title: 'Nos visites' });
  });

  it('shows the refusal naming the upgrade when the API refuses a premium template (403)', async () => {
    storeAgent('surveys.show', 'surveys.create');
    const message = 'Ce modèle est réservé aux formules qui incluent les modèles premium. Passez à la formule « Entreprise » dans Formules (packages) pour l’utiliser.';
    const open = { ...premium, premium_locked: false };
    const fake = api({
      'GET surveys/type/template': () => ({ body: { data: [open], meta: { total: 1, has_more: false } } }),
      'GET templates/22': () => ({ body: { data: { ...open, steps: [], questions: [] } } }),
      'POST surveys/22/createfromtemplate': () => ({ status: 403, body: { success: false, code: 'premium_required', message } }),
    });
    vi.stubGlobal('fetch', fake.fetch);
    const { router } = await openPicker();
    fireEvent.click(await screen.findByTestId('picker-choose'));
    fireEvent.click(await screen.findByTestId('picker-use'));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/${TEST_SID}/business/view/surveys`);
  });
});
