import { decodeQuery } from '@app/contracts/query-codec';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeSurvey } from '../test/survey-fixtures';
import { renderSurveyUi, storeAgent, TEST_SID } from '../test/render-surveys';
import { loadTemplateLibraryI18n } from './library/library-i18n';
import { TemplateList } from './TemplateList';

beforeAll(async () => {
  await loadTemplateLibraryI18n();
});
afterEach(() => {
  cleanup();
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
  children,
});
const TREE = [node(1, 'Satisfaction client', null, [node(2, 'Accueil au guichet', 1)]), node(4, 'Audits', null)];

describe('the templates list', { timeout: 30_000 }, () => {
  it('asks for 10 templates a page, starting from page 0 (section 9)', async () => {
    storeAgent('surveys.show', 'surveys.create');
    const rows = Array.from({ length: 10 }, (_, i) => makeSurvey({ id: i + 1, title: `Modèle ${i + 1}`, type: 'form' }));
    const api = fakeApi({
      'GET categories/tree/template': () => ({ body: { data: TREE } }),
      'GET surveys/type/template': () => ({ body: { data: rows, meta: { total: 25, has_more: true } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<TemplateList sid={TEST_SID} />, `/${TEST_SID}/business/view/templates`);
    expect(await screen.findAllByTestId('template-card')).toHaveLength(10);
    const call = api.calls.find((c) => c.path === 'surveys/type/template');
    expect(call?.url.searchParams.get('limit')).toBe('10');
    expect(call?.url.searchParams.get('page')).toBe('0');
  });

  it('filters by a template category and the categories below it, beside the shared search field', async () => {
    storeAgent('surveys.show', 'surveys.create');
    const api = fakeApi({
      'GET categories/tree/template': () => ({ body: { data: TREE } }),
      'GET surveys/type/template': () => ({ body: { data: [makeSurvey({ id: 1, title: 'Accueil', category_id: 2 })], meta: { total: 1, has_more: false } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<TemplateList sid={TEST_SID} />, `/${TEST_SID}/business/view/templates`);
    await screen.findAllByTestId('template-card');
    expect(screen.getByRole('searchbox', { name: 'Rechercher un modèle' })).toBeTruthy();
    const category = screen.getByTestId('template-list-category') as HTMLInputElement;
    await waitFor(() => expect(category.disabled).toBe(false));
    fireEvent.click(category);
    fireEvent.click(await screen.findByRole('option', { name: /Satisfaction client/ }));
    await waitFor(() => {
      const last = api.calls.filter((c) => c.method === 'GET' && c.path === 'surveys/type/template').at(-1);
      const query = decodeQuery(last?.url.search.slice(1) ?? '') as Record<string, any>;
      expect(query.filter_groups?.[0]?.filters?.[0]).toMatchObject({ key: 'category_id', operator: 'in', value: ['1', '2'] });
      expect(query.page).toBe('0');
    });
  });
});
