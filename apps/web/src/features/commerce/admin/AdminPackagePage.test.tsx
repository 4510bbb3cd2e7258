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

const features = [
  { id: 1, slug: 'surveys', name: 'Enquêtes', description: null, metric: 'count' },
  { id: 2, slug: 'storage', name: 'Stockage (Mo)', description: null, metric: 'bytes' },
];
const essentiel = {
  id: 5,
  slug: 'essentiel',
  name: 'Essentiel',
  description: 'Pour une équipe de terrain.',
  price: 15_000,
  currency: 'XAF',
  period: 'month',
  active: true,
  is_default: false,
  features: [
    { feature_id: 1, slug: 'surveys', name: 'Enquêtes', limit: 50, overage_price: null },
    { feature_id: 2, slug: 'storage', name: 'Stockage (Mo)', limit: 5000, overage_price: 20 },
  ],
};

describe('admin finances: a package', { timeout: 60_000 }, () => {
  it('changes a limit and sends the whole bundle, an emptied overage price as null', async () => {
    const sid = 'fa01x9';
    accounts.save(makeAccount(sid, { type: 'admin' }));
    const api = fakeApi({
      'GET auth': () => ({ body: { data: makeUser({ type: 'admin' }) } }),
      'GET features': () => ({ body: { data: features } }),
      'GET packages/5': () => ({ body: { data: essentiel } }),
      'POST packages/5': ({ body }) => ({ body: { data: { ...essentiel, ...(body as object) } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderRoute(`/${sid}/mnt/finances/view/packages/5`);
    const form = await screen.findByTestId('package-form');
    const storage = within(form).getByTestId('bundle-storage');
    fireEvent.change(within(storage).getByLabelText('Limite Stockage (Mo)'), { target: { value: '4200' } });
    fireEvent.change(within(storage).getByLabelText('Dépassement (XAF / unité) Stockage (Mo)'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = api.calls.find((c) => c.method === 'POST')!.body as { features: unknown[]; price: number };
    expect(sent.price).toBe(15_000);
    expect(sent.features).toEqual([
      { feature_id: 1, limit: 50, overage_price: null },
      { feature_id: 2, limit: 4200, overage_price: null },
    ]);
  });

  it('sends an owner (every company permission, not an admin) to the 403 page', async () => {
    const sid = 'fa02x9';
    const agents = [makeAgent(7, 10, grant('packages.show', 'packages.create', 'features.list'))];
    accounts.save(makeAccount(sid, { agents }));
    vi.stubGlobal('fetch', fakeApi({ 'GET auth': () => ({ body: { data: makeUser({ agents }) } }) }).fetch);
    const { router } = await renderRoute(`/${sid}/mnt/finances/view/packages/5`);
    await screen.findByTestId('error-page');
    expect(router.state.location.pathname).toBe('/error/403');
    cleanup();
    const again = await renderRoute(`/${sid}/business/view/features`);
    await screen.findByTestId('error-page');
    expect(again.router.state.location.pathname).toBe('/error/403');
  });

  it('`{action}/features` leads an admin, who acts for no company, to the platform\'s features catalogue', async () => {
    const admin = 'fa04x9';
    accounts.save(makeAccount(admin, { type: 'admin' }));
    vi.stubGlobal('fetch', fakeApi({ 'GET auth': () => ({ body: { data: makeUser({ type: 'admin' }) } }), 'GET features': () => ({ body: { data: features } }) }).fetch);
    const { router } = await renderRoute(`/${admin}/business/view/features`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${admin}/mnt/finances/view/features`));
  });

  it('`{action}/features` is closed to a company owner (their usage is on the packages screen)', async () => {
    const owner = 'fa04y7';
    accounts.save(makeAccount(owner, { type: 'agent' }));
    vi.stubGlobal('fetch', fakeApi({ 'GET auth': () => ({ body: { data: makeUser({ type: 'agent' }) } }) }).fetch);
    const { router } = await renderRoute(`/${owner}/business/view/features`);
    await screen.findByTestId('error-page');
    expect(router.state.location.pathname).toBe('/error/403');
  });
});
