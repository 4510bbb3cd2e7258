import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accounts } from '../../lib/session/account-store';
import { grant, makeAccount, makeAgent, makeUser } from '../../test/account-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';

// jsdom has no FontFaceSet; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
}

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const adminAuth = { 'GET auth': () => ({ body: { data: makeUser({ type: 'admin' }) } }) };
const sectors = [
  { id: 1, name: 'Banque', code: 'bank', description: null, active: true, created_at: '2026-01-05T10:00:00Z' },
  { id: 2, name: 'Imprimerie', code: 'printing', description: null, active: false, created_at: '2026-01-06T10:00:00Z' },
];
const node = (id: number, name: string, parent_id: number | null, children: unknown[] = [], objects = 0) => ({
  id,
  type: 'template',
  name,
  code: `c${id}`,
  description: null,
  parent_id,
  position: 0,
  active: true,
  objects,
  children,
});

describe('admin catalogue: sectors', { timeout: 60_000 }, () => {
  it('lists the sectors with their state; deleting asks first, and a sector in use is refused with the API’s reason', async () => {
    const sid = 'ca01x9';
    accounts.save(makeAccount(sid, { type: 'admin' }));
    const api = fakeApi({
      ...adminAuth,
      'GET sectors': () => ({ body: { data: sectors, meta: { limit: 20, page: 1, start: 0, has_more: false, total: 2 } } }),
      'DELETE sectors/1': () => ({ status: 409, body: { success: false, code: 'sector_in_use', message: 'Ce secteur est utilisé par 3 entreprises : il ne peut pas être supprimé.' } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderRoute(`/${sid}/mnt/sectors/view`);
    const rows = await screen.findAllByTestId('sector-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]).getByText('Désactivé')).toBeTruthy();
    fireEvent.click(within(rows[0]).getByTestId('row-actions'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByText('Supprimer le secteur « Banque » ? Cette action est définitive.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await screen.findByText(/utilisé par 3 entreprises/);
  });

  it('shows a sector with its companies and deactivates it', async () => {
    const sid = 'ca02x9';
    accounts.save(makeAccount(sid, { type: 'admin' }));
    let active = true;
    const api = fakeApi({
      ...adminAuth,
      'GET sectors/1': () => ({ body: { data: { ...sectors[0], active } } }),
      'POST sectors/1': ({ body }) => {
        active = (body as { active: boolean }).active;
        return { body: { data: { ...sectors[0], active } } };
      },
      'GET sectors/1/companies': () => ({
        body: { data: [{ id: 9, name: 'Crédit Mutuel', code: 'CMWEST', status: 'active', town: 'Bafoussam', created_at: '2026-01-05T10:00:00Z' }], meta: { limit: 20, page: 1, start: 0, has_more: false, total: 1 } },
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderRoute(`/${sid}/mnt/sectors/view/1`);
    await screen.findAllByText('Crédit Mutuel');
    fireEvent.click(screen.getByTestId('sector-toggle'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ active: false }));
    await screen.findByText('Réactiver');
  });

  it('sends a company owner (not an admin) to the 403 page', async () => {
    const sid = 'ca03x9';
    const agents = [makeAgent(7, 10, grant('companies.update'))];
    accounts.save(makeAccount(sid, { agents }));
    vi.stubGlobal('fetch', fakeApi({ 'GET auth': () => ({ body: { data: makeUser({ agents }) } }) }).fetch);
    const { router } = await renderRoute(`/${sid}/mnt/sectors`);
    await screen.findByTestId('error-page');
    expect(router.state.location.pathname).toBe('/error/403');
  });
});

describe('admin catalogue: categories', { timeout: 60_000 }, () => {
  it('shows the tree of a kind and moves a category up among its siblings', async () => {
    const sid = 'ca04x9';
    accounts.save(makeAccount(sid, { type: 'admin' }));
    const tree = [node(1, 'Satisfaction client', null, [node(2, 'Accueil au guichet', 1), node(3, 'Recommandation (NPS)', 1, [], 4)])];
    const api = fakeApi({
      ...adminAuth,
      'GET categories/tree/template': () => ({ body: { data: tree } }),
      'POST categories/reorder': () => ({ body: { data: tree } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderRoute(`/${sid}/mnt/categories/view/templates`);
    await screen.findByText('Recommandation (NPS)');
    expect(screen.getByText('4 éléments')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Monter « Accueil au guichet »' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Monter « Recommandation (NPS) »' }));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'categories/reorder')?.body).toEqual({ type: 'template', parent_id: 1, ids: [3, 2] }));
  });

  it('shows an empty kind and creates a category under a parent', async () => {
    const sid = 'ca05x9';
    accounts.save(makeAccount(sid, { type: 'admin' }));
    const api = fakeApi({
      ...adminAuth,
      'GET categories/tree/step': () => ({ body: { data: [] } }),
      'POST categories': ({ body }) => ({ status: 201, body: { data: { id: 40, position: 0, active: true, ...(body as object) } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderRoute(`/${sid}/mnt/categories/view/steps`);
    await screen.findByTestId('category-empty');
    fireEvent.click(screen.getByTestId('category-new'));
    const form = await screen.findByTestId('category-form');
    fireEvent.change(within(form).getByLabelText(/^Nom/), { target: { value: 'Clôture' } });
    fireEvent.change(within(form).getByLabelText(/^Code/), { target: { value: 'cloture' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ type: 'step', name: 'Clôture', code: 'cloture', parent_id: null }));
  });

  it('gives a feature by default from a company category’s page', async () => {
    const sid = 'ca06x9';
    accounts.save(makeAccount(sid, { type: 'admin' }));
    const category = { id: 7, type: 'company', name: 'PME', code: 'sme', description: null, parent_id: null, position: 0, active: true, parent: null };
    const api = fakeApi({
      ...adminAuth,
      'GET categories/7': () => ({ body: { data: category } }),
      'GET categories/tree/company': () => ({ body: { data: [{ ...node(7, 'PME', null), type: 'company' }] } }),
      'GET categories/7/features': () => ({ body: { data: [{ id: 5, slug: 'articles', name: 'Articles', description: null, included: false, limit_value: null }] } }),
      'PUT categories/7/features/5': () => ({ body: { data: { id: 5, slug: 'articles', name: 'Articles', description: null, included: true, limit_value: null, companies: 2 } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderRoute(`/${sid}/mnt/categories/view/companies/7?tab=features`);
    const row = (await screen.findAllByTestId('category-feature-row'))[0];
    expect(within(row).getByText('Non incluse')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('row-actions'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Donner par défaut' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ limit_value: null }));
  });
});
