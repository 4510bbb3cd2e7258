import { decodeQuery } from '@app/contracts/query-codec';
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineResource } from '../../lib/resource/resource';
import { useDeleteResource } from '../../lib/resource/use-resource';
import { fakeApi } from '../../test/fake-api';
import { renderUi, storeUiAgent, UI_SID } from '../../test/render-ui';
import { StatusBadge } from '../StatusBadge';
import { ListPage } from './ListPage';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

interface Zone {
  id: number;
  name: string;
  status: string;
}
const zones = defineResource<Zone>('zones');
const page = (rows: Zone[], hasMore: boolean) => ({ body: { data: rows, meta: { limit: 2, page: 0, start: 0, has_more: hasMore } } });
const listCalls = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.path === 'zones' && c.method === 'GET').map((c) => decodeQuery(c.url.search.slice(1)) as Record<string, any>);

function ZonesScreen() {
  const remove = useDeleteResource(zones);
  return (
    <ListPage
      title="Zones"
      resource={zones}
      testId="zone"
      pageSize={2}
      rowLabel={(zone) => zone.name}
      rowHref={(zone) => `/${UI_SID}/business/view/zones/${zone.id}`}
      filters={[{ key: 'status', label: 'Statut', options: [{ value: 'active', label: 'Actif' }] }]}
      columns={[
        { id: 'name', header: 'Nom', cell: (zone) => zone.name, sortKey: 'name' },
        { id: 'status', header: 'Statut', cell: (zone) => <StatusBadge status={zone.status} /> },
      ]}
      rowActions={[{ label: 'Supprimer', color: 'red', onClick: (zone) => remove.mutateAsync(zone.id), confirm: (zone) => ({ message: `Supprimer ${zone.name} ?` }) }]}
    />
  );
}

describe('ListPage', { timeout: 30_000 }, () => {
  it('shows a page of rows with French status labels and a header that sorts on the server', async () => {
    storeUiAgent('zones.list');
    const api = fakeApi({ 'GET zones': () => page([{ id: 1, name: 'Douala', status: 'active' }, { id: 2, name: 'Yaoundé', status: 'suspended' }], true) });
    vi.stubGlobal('fetch', api.fetch);
    await renderUi(<ZonesScreen />);
    const rows = await screen.findAllByTestId('zone-row');
    expect(rows.map((row) => row.textContent)).toEqual(['DoualaActif', 'YaoundéSuspendu']);
    expect(listCalls(api)[0]).toMatchObject({ limit: '2', page: '0', sort: [{ key: 'created_at', direction: 'desc' }, { key: 'id', direction: 'desc' }] });

    fireEvent.click(screen.getByRole('button', { name: 'Trier par Nom' }));
    await waitFor(() => expect(listCalls(api).at(-1)?.sort?.[0]).toEqual({ key: 'name', direction: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /Nom/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('warns in French that there are no more items instead of opening an empty page', async () => {
    storeUiAgent('zones.list');
    const api = fakeApi({ 'GET zones': ({ url }) => (url.searchParams.get('page') === '1' ? page([{ id: 3, name: 'Bafoussam', status: 'active' }], false) : page([{ id: 1, name: 'Douala', status: 'active' }, { id: 2, name: 'Yaoundé', status: 'active' }], true)) });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = await renderUi(<ZonesScreen />);
    await screen.findAllByTestId('zone-row');
    fireEvent.click(screen.getByTestId('pager-next'));
    await waitFor(() => expect(screen.getAllByTestId('zone-row').map((r) => r.textContent)).toEqual(['BafoussamActif']));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByTestId('pager-page').textContent).toBe('Page 2');

    fireEvent.click(screen.getByTestId('pager-next'));
    expect(await screen.findByText("Il n'y a plus d'éléments")).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(listCalls(api).filter((q) => q.page === '2')).toHaveLength(0);
  });

  it('searches through POST zones/search and filters, both kept in the address', async () => {
    storeUiAgent('zones.list');
    const api = fakeApi({
      'GET zones': () => page([{ id: 1, name: 'Douala', status: 'active' }], false),
      'POST zones/search': () => page([], false),
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = await renderUi(<ZonesScreen />);
    await screen.findAllByTestId('zone-row');
    fireEvent.change(screen.getByTestId('zone-search'), { target: { value: 'garoua' } });
    expect(await screen.findByTestId('zone-empty')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'zones/search')?.body).toMatchObject({ input: 'garoua', limit: 2, page: 0 });
    expect(router.state.location.search).toBe('?q=garoua');
    fireEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await screen.findAllByTestId('zone-row');
    expect(router.state.location.search).toBe('');
  });

  it('asks before a destructive row action, then refreshes the list', async () => {
    storeUiAgent('zones.list', 'zones.delete');
    let rows = [{ id: 1, name: 'Douala', status: 'active' }, { id: 2, name: 'Yaoundé', status: 'active' }];
    const api = fakeApi({
      'GET zones': () => page(rows, false),
      'DELETE zones/2': () => {
        rows = rows.filter((z) => z.id !== 2);
        return { body: { data: null } };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderUi(<ZonesScreen />);
    const [, second] = await screen.findAllByTestId('zone-row');
    fireEvent.click(within(second!).getByRole('button', { name: 'Actions pour Yaoundé' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Supprimer Yaoundé ?');
    // Cancelling sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(second!).getByRole('button', { name: 'Actions pour Yaoundé' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Supprimer' }));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(screen.getAllByTestId('zone-row')).toHaveLength(1));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['zones/2']);
  });

  it('selects rows for a bulk action, asked first, then clears the selection', async () => {
    storeUiAgent('zones.list');
    vi.stubGlobal('fetch', fakeApi({ 'GET zones': () => page([{ id: 1, name: 'Douala', status: 'active' }, { id: 2, name: 'Yaoundé', status: 'active' }, { id: 3, name: 'Garoua', status: 'active' }], false) }).fetch);
    const archived: number[][] = [];
    await renderUi(
      <ListPage
        title="Zones"
        resource={zones}
        testId="zone"
        rowLabel={(zone) => zone.name}
        columns={[{ id: 'name', header: 'Nom', cell: (zone) => zone.name }]}
        bulkActions={[{ label: 'Archiver', onClick: (rows) => void archived.push(rows.map((z) => z.id)), confirm: (rows) => ({ message: `Archiver ${rows.length} zones ?` }) }]}
      />,
    );
    await screen.findAllByTestId('zone-row');
    expect(screen.queryByTestId('bulk-actions')).toBeNull();
    // Table and phone cards both carry a checkbox; the table's come first.
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Sélectionner Douala' })[0]!);
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Sélectionner Garoua' })[0]!);
    const bar = screen.getByTestId('bulk-actions');
    expect(bar.textContent).toContain('2 sélectionnés');
    fireEvent.click(within(bar).getByRole('button', { name: 'Archiver' }));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('Archiver 2 zones ?');
    fireEvent.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(archived).toEqual([[1, 3]]));
    await waitFor(() => expect(screen.queryByTestId('bulk-actions')).toBeNull());
  });

  it('opens the detail when a row is clicked', async () => {
    storeUiAgent('zones.list');
    vi.stubGlobal('fetch', fakeApi({ 'GET zones': () => page([{ id: 1, name: 'Douala', status: 'active' }], false) }).fetch);
    const { router } = await renderUi(<ZonesScreen />);
    const [row] = await screen.findAllByTestId('zone-row');
    fireEvent.click(within(row!).getAllByRole('cell')[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${UI_SID}/business/view/zones/1`));
  });

  it('shows the server message and a retry when the list fails', async () => {
    storeUiAgent('zones.list');
    vi.stubGlobal('fetch', fakeApi({ 'GET zones': () => ({ status: 403, body: { success: false, message: "Vous n'êtes pas autorisé." } }) }).fetch);
    await renderUi(<ZonesScreen />);
    expect((await screen.findByTestId('load-error')).textContent).toContain("Vous n'êtes pas autorisé.");
  });
});
