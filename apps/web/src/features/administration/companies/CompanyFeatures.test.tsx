import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCompanyDetail } from '@app/contracts/admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accounts } from '../../../lib/session/account-store';
import { makeAccount, makeUser } from '../../../test/account-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const feature = (over: Partial<AdminCompanyDetail['features'][number]>): AdminCompanyDetail['features'][number] => ({ id: 1, slug: 'surveys', name: 'Enquêtes', limit: 10, granted: true, company_grant: false, company_limit: null, ...over });
const company = (features: unknown[]) => ({
  id: 7,
  name: 'Boulangerie du Wouri',
  code: 'BKWURE',
  email: 'contact@wouri.cm',
  phone: null,
  address: null,
  status: 'active',
  created_at: '2026-01-01T08:00:00Z',
  sector_id: null,
  sector: null,
  category_id: null,
  category: null,
  town_id: null,
  town: null,
  package_id: 1,
  package: 'Découverte',
  agents: 1,
  sites: 0,
  workspaces: 0,
  surveys: 0,
  templates: 0,
  participations: 0,
  invoices: 0,
  transactions: 0,
  owner: null,
  features,
});

describe('mnt company page: granting one feature', { timeout: 60_000 }, () => {
  it('grants a feature with its limit, shows it granted, and withdraws it after a confirmation', async () => {
    const sid = 'cm07x9';
    accounts.save(makeAccount(sid, { type: 'admin' }));
    let features = [feature({}), feature({ id: 5, slug: 'articles', name: 'Articles', limit: 20 })];
    const api = fakeApi({
      'GET auth': () => ({ body: { data: makeUser({ type: 'admin' }) } }),
      'GET mnt/companies/7': () => ({ body: { data: company(features) } }),
      'POST mnt/companies/7/features': (request) => {
        const body = request.body as { feature_id: number; limit: number | null };
        features = features.map((f) => (f.id === body.feature_id ? { ...f, company_grant: true, company_limit: body.limit } : f));
        return { body: { data: features } };
      },
      'DELETE mnt/companies/7/features/5': () => {
        features = features.map((f) => (f.id === 5 ? { ...f, company_grant: false, company_limit: null } : f));
        return { body: { data: features } };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderRoute(`/${sid}/mnt/companies/view/7/features`);
    await screen.findByTestId('company-features');

    fireEvent.click(screen.getByTestId('feature-choice'));
    fireEvent.click(await screen.findByRole('option', { name: 'Articles' }));
    fireEvent.change(screen.getByTestId('feature-limit'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('feature-grant'));
    const row = await waitFor(() => {
      const found = document.querySelector('[data-feature="articles"]') as HTMLElement;
      expect(within(found).getByText('Accordée : 50')).toBeTruthy();
      return found;
    });
    expect(api.calls.find((c) => c.method === 'POST' && c.path === 'mnt/companies/7/features')?.body).toEqual({ feature_id: 5, limit: 50 });

    fireEvent.click(within(row).getByTestId('feature-withdraw'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/« Articles » reviendra à la limite de la formule/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === 'mnt/companies/7/features/5')).toBe(true));
    await waitFor(() => expect(document.querySelector('[data-feature="articles"] [data-testid="feature-withdraw"]')).toBeNull());
  });
});

describe('mnt company page: a person of the company', { timeout: 60_000 }, () => {
  it('opens the person’s full page under mnt/users, from the list row and from the company’s {type}/{user} address', async () => {
    const sid = 'cm08x9';
    accounts.save(makeAccount(sid, { type: 'admin' }));
    const api = fakeApi({
      'GET auth': () => ({ body: { data: makeUser({ type: 'admin' }) } }),
      'GET mnt/companies/7': () => ({ body: { data: company([feature({})]) } }),
      'GET mnt/companies/7/customers': () => ({
        body: { data: [{ id: 12, name: 'Awa Client', detail: 'awa@client.cm', status: 'active', created_at: '2026-01-02T10:00:00Z', user_id: 12 }], meta: { limit: 20, page: 0, start: 0, has_more: false } },
      }),
      'GET mnt/companies/7/customers/12': () => ({ body: { data: { id: 12, name: 'Awa Client', detail: 'awa@client.cm', status: 'active', user_id: 12 } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const list = await renderRoute(`/${sid}/mnt/companies/view/7/customers`);
    const link = await screen.findByRole('link', { name: 'Awa Client' }, { timeout: 30_000 });
    expect(link.getAttribute('href')).toBe(`/${sid}/mnt/users/view/customer/12`);
    list.unmount();
    const { router } = await renderRoute(`/${sid}/mnt/companies/view/7/customers/12`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${sid}/mnt/users/view/customer/12`), { timeout: 30_000 });
  });
});
