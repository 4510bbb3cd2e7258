import { decodeQuery } from '@app/contracts/query-codec';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderUi, storeUiAgent, UI_SID } from '../../test/render-ui';
import { ArticleListPage } from './ArticlePages';
import { loadCommerceI18n } from './commerce-i18n';

beforeAll(async () => {
  await loadCommerceI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const node = (id: number, name: string, parent: number | null, children: unknown[] = []) => ({
  id,
  type: 'article',
  name,
  code: `a${id}`,
  description: null,
  parent_id: parent,
  position: id,
  active: true,
  children,
});
const TREE = [node(1, 'Alimentation', null, [node(2, 'Boissons', 1)]), node(3, 'Services', null)];
const article = (id: number, name: string, category_id: number | null) => ({
  id,
  company_id: 10,
  category_id,
  kind: 'good',
  name,
  description: null,
  price: 500,
  currency: 'XAF',
  stock: null,
  photos: [],
  active: true,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
});

describe('the business articles page', { timeout: 30_000 }, () => {
  it('names each article’s category from the tree and filters by a category with the categories below it', async () => {
    storeUiAgent('articles.list');
    const api = fakeApi({
      'GET categories/tree/article': () => ({ body: { data: TREE } }),
      'GET articles': () => ({ body: { data: [article(1, 'Jus de bissap', 2), article(2, 'Coupe', null)], meta: { limit: 20, page: 0, start: 0, has_more: false } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderUi(<ArticleListPage />, `/${UI_SID}/business/view/articles`);
    const rows = await screen.findAllByTestId('article-row');
    await waitFor(() => expect(rows[0].textContent).toContain('Boissons'));
    expect(rows[1].textContent).toContain('Sans catégorie');

    fireEvent.click(screen.getByTestId('article-filter-category_id'));
    fireEvent.click(await screen.findByRole('option', { name: /Alimentation/ }));
    await waitFor(() => {
      const last = api.calls.filter((c) => c.method === 'GET' && c.path === 'articles').at(-1);
      const query = decodeQuery(last?.url.search.slice(1) ?? '') as Record<string, any>;
      expect(query.filter_groups?.[0]?.filters?.[0]).toMatchObject({ key: 'category_id', operator: 'in', value: ['1', '2'] });
    });
  });
});
