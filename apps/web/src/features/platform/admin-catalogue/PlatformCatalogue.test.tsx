import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accounts } from '../../../lib/session/account-store';
import { grant, makeAccount, makeAgent, makeUser } from '../../../test/account-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';

// jsdom has no FontFaceSet; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
}

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const published = {
  id: 31,
  name: 'Grand jeu',
  company_id: 4,
  company_name: 'Boulangerie du Wouri',
  detail: 'ABCDEFGH · form',
  figure: 12,
  status: 'published',
  created_at: '2026-11-01T08:00:00Z',
  facts: [
    { key: 'code', value: 'ABCDEFGH' },
    { key: 'type', value: 'form' },
  ],
  children: [{ id: 5, name: 'Numéro de carte bancaire', detail: 'Participation · short_text' }],
};
const admin = () => ({ 'GET auth': () => ({ body: { data: makeUser({ type: 'admin' }) } }) });

describe('mnt/surveys: moderation', { timeout: 60_000 }, () => {
  it('lists every company’s surveys with the type and status filters sent as plain parameters', async () => {
    const sid = 'cm01x9';
    accounts.save(makeAccount(sid, { type: 'admin' }));
    const api = fakeApi({
      ...admin(),
      'GET mnt/companies': () => ({ body: { data: [{ id: 4, name: 'Boulangerie du Wouri' }] } }),
      'GET admin/surveys': () => ({ body: { data: [published], meta: { page: 0, limit: 20, start: 0, has_more: false, total: 1 } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderRoute(`/${sid}/mnt/surveys/view?status=published&type=form`);
    await screen.findAllByText('Grand jeu');
    expect(screen.getAllByText('Boulangerie du Wouri').length).toBeGreaterThan(0);
    const call = api.calls.find((c) => c.path === 'admin/surveys')!;
    expect(call.url.searchParams.get('status')).toBe('published');
    expect(call.url.searchParams.get('type')).toBe('form');
    expect(call.url.searchParams.get('templates')).toBeNull();
  });

  it('rejects only with a reason, sends it, and shows the survey rejected with that reason', async () => {
    const sid = 'cm02x9';
    accounts.save(makeAccount(sid, { type: 'admin' }));
    let current: typeof published & { status: string } = published;
    const api = fakeApi({
      ...admin(),
      'GET admin/surveys/31': () => ({ body: { data: current } }),
      'POST admin/surveys/31/reject': ({ body }) => {
        current = { ...published, status: 'rejected', facts: [...published.facts, { key: 'rejection', value: (body as { comment: string }).comment }] };
        return { body: { data: current } };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderRoute(`/${sid}/mnt/surveys/view/31`);
    await screen.findByText('Numéro de carte bancaire');
    fireEvent.click(screen.getByTestId('moderation-reject'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect((within(dialog).getByTestId('confirm-button') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('confirm-comment'), { target: { value: 'Données bancaires demandées.' } });
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === 'admin/surveys/31/reject')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ comment: 'Données bancaires demandées.' });
    const rejection = await screen.findByTestId('admin-survey-rejection');
    expect(rejection.textContent).toContain('Données bancaires demandées.');
    await waitFor(() => expect(screen.queryByTestId('moderation-reject')).toBeNull());
    // A rejected survey can no longer be closed either (published only).
    expect(screen.queryByTestId('moderation-close')).toBeNull();
  });

  it('offers no moderation on a draft, and never opens for a company owner', async () => {
    const sid = 'cm03x9';
    accounts.save(makeAccount(sid, { type: 'admin' }));
    vi.stubGlobal('fetch', fakeApi({ ...admin(), 'GET admin/surveys/31': () => ({ body: { data: { ...published, status: 'draft' } } }) }).fetch);
    await renderRoute(`/${sid}/mnt/surveys/view/31`);
    await screen.findByText('Numéro de carte bancaire');
    expect(screen.queryByTestId('moderation-reject')).toBeNull();
    expect(screen.queryByTestId('moderation-close')).toBeNull();
    cleanup();
    const owner = 'cm04x9';
    const agents = [makeAgent(7, 10, grant('surveys.list', 'surveys.reject', 'questions.create'))];
    accounts.save(makeAccount(owner, { agents }));
    vi.stubGlobal('fetch', fakeApi({ 'GET auth': () => ({ body: { data: makeUser({ agents }) } }) }).fetch);
    for (const path of ['mnt/surveys/view/31', 'mnt/surveys/view/questions/site', 'mnt/articles/list']) {
      const { router } = await renderRoute(`/${owner}/${path}`);
      await screen.findByTestId('error-page');
      expect(router.state.location.pathname).toBe('/error/403');
      cleanup();
    }
  });
});

describe('mnt/articles', { timeout: 60_000 }, () => {
  it('shows the totals and the categories, each opening the list filtered on it', async () => {
    const sid = 'cm05x9';
    accounts.save(makeAccount(sid, { type: 'admin' }));
    vi.stubGlobal(
      'fetch',
      fakeApi({
        ...admin(),
        'GET admin/articles/categories': () => ({
          body: {
            data: {
              rows: [
                { id: 3, name: 'Services', code: 'services', parent_id: null, articles: 2, companies: 1, bookings: 5 },
                { id: null, name: null, code: null, parent_id: null, articles: 1, companies: 1, bookings: 0 },
              ],
              totals: { articles: 3, companies: 2, bookings: 5, pending: 1, confirmed: 3, cancelled: 1 },
            },
          },
        }),
      }).fetch,
    );
    await renderRoute(`/${sid}/mnt/articles`);
    expect((await screen.findByTestId('article-total-bookings')).textContent).toBe('5');
    const link = screen.getByRole('link', { name: 'Services' });
    expect(link.getAttribute('href')).toBe(`/${sid}/mnt/articles/list?category_id=3`);
    expect(screen.getByText('Sans catégorie')).toBeTruthy();
  });

  it('filters the list with the article kind’s category tree, children indented under their parent', async () => {
    const sid = 'cm05x9';
    accounts.save(makeAccount(sid, { type: 'admin' }));
    const node = (id: number, name: string, parent: number | null, children: unknown[] = []) => ({ id, type: 'article', name, code: `a${id}`, description: null, parent_id: parent, position: id, active: true, objects: 0, children });
    const api = fakeApi({
      ...admin(),
      'GET categories/tree/article': () => ({ body: { data: [node(1, 'Biens', null, [node(2, 'Boissons', 1)])] } }),
      'GET admin/articles': () => ({ body: { data: [], meta: { total: 0, has_more: false } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderRoute(`/${sid}/mnt/articles/list?category_id=2`);
    await waitFor(() => expect(api.calls.some((c) => c.path === 'admin/articles' && c.url.searchParams.get('category_id') === '2')).toBe(true));
    expect(api.calls.some((c) => c.path === 'categories/tree/article')).toBe(true);
  });
});
