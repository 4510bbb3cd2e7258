import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { accounts } from '../lib/session/account-store';
import { grant, makeAccount, makeAgent, makeUser } from '../test/account-fixtures';
import { renderRoute } from '../test/render-route';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

let sequence = 0;
const PERMISSIONS = [
  'sites.list',
  'sites.show',
  'groups.list',
  'groups.show',
  'workspaces.list',
  'workspaces.show',
  'surveys.list',
  'surveys.show',
  'agents.list',
  'agents.show',
  'pointerests.list',
  'pointerests.show',
  'nodes.list',
  'monitors.list',
  'monitors.show',
  'participations.list',
];

/** A fresh signed-in agent of company 10 (new session id: the start-up cache is per session). */
function signIn() {
  sequence += 1;
  const sid = `dr${String(sequence).padStart(2, '0')}x9`;
  const agents = [makeAgent(7, 10, grant(...PERMISSIONS))];
  accounts.save(makeAccount(sid, { agents }));
  return { sid, user: makeUser({ agents }) };
}

const list = (rows: unknown[]) => () => ({ body: { data: rows, meta: { total: rows.length, has_more: false } } });
const one = (row: unknown) => () => ({ body: { data: row } });

function siteApi(user: unknown) {
  const api = fakeApi({
    'GET auth': one(user),
    'GET sites/3': one({ id: 3, company_id: 10, name: 'Agence Akwa', code: 'AKWA', status: 'active', latitude: null, longitude: null }),
    'GET sites/3/agents': list([]),
    'GET sites/3/groups': list([{ id: 8, name: 'Équipe du matin' }]),
    'GET sites/3/workspaces': list([{ id: 5, name: 'Guichet 2', code: 'G2', kind: 'counter' }]),
    'GET sites/3/surveys': list([{ id: 4, title: 'Accueil', status: 'published' }]),
    'GET groups/8': one({ id: 8, name: 'Équipe du matin' }),
    'GET workspaces/5': one({ id: 5, name: 'Guichet 2', code: 'G2', kind: 'counter' }),
    'GET surveys/4': one({ id: 4, title: 'Accueil', type: 'form', status: 'published' }),
    'GET agents/6': one({ id: 6, first_name: 'Paul', last_name: 'Eto', status: 'active' }),
    'GET agents': list([]),
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.getAttribute('data-testid');

describe('the site sub-routes of section 2 open the named tab and item', { timeout: 60_000 }, () => {
  const cases = [
    { path: 'groups/8', tab: 'tab-groups', item: 'Équipe du matin', href: '/business/view/groups/8' },
    { path: 'surveys/4', tab: 'tab-surveys', item: 'Accueil', href: '/business/view/surveys/form/4' },
    { path: 'workspaces/5', tab: 'tab-workspaces', item: 'Guichet 2', href: '/business/view/workspaces/5' },
    { path: 'agents/6', tab: 'tab-agents', item: 'Paul Eto', href: '/business/view/agents/6' },
  ];
  for (const c of cases) {
    it(`sites/{site}/${c.path}`, async () => {
      const { sid, user } = signIn();
      siteApi(user);
      await renderRoute(`/${sid}/business/view/sites/3/${c.path}`);
      expect(await screen.findByTestId('site-focus-name', {}, { timeout: 5000 })).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId('site-focus-name').textContent).toBe(c.item));
      expect(selectedTab()).toBe(c.tab);
      expect(screen.getByRole('link', { name: 'Ouvrir la fiche' }).getAttribute('href')).toBe(`/${sid}${c.href}`);
    });
  }

  for (const [path, tab] of [
    ['groups', 'tab-groups'],
    ['surveys', 'tab-surveys'],
    ['workspaces', 'tab-workspaces'],
    ['agents', 'tab-agents'],
  ]) {
    it(`sites/{site}/${path} opens its tab`, async () => {
      const { sid, user } = signIn();
      siteApi(user);
      await renderRoute(`/${sid}/business/view/sites/3/${path}`);
      await screen.findAllByRole('tab', {}, { timeout: 5000 });
      await waitFor(() => expect(selectedTab()).toBe(tab));
      expect(screen.queryByTestId('site-focus')).toBeNull();
    });
  }
});

describe('other detail routes of section 2', { timeout: 60_000 }, () => {
  it('poles/{pole}/{node} focuses the node', async () => {
    const { sid, user } = signIn();
    const tree = [
      { id: 1, parent_id: null, name: 'Nord', children: [{ id: 9, parent_id: 1, name: 'Garoua', children: [] }] },
      { id: 2, parent_id: null, name: 'Sud', children: [] },
    ];
    vi.stubGlobal(
      'fetch',
      fakeApi({ 'GET auth': one(user), 'GET pointerests/2': one({ id: 2, name: 'Régions' }), 'GET pointerests/2/tree': one(tree) }).fetch,
    );
    await renderRoute(`/${sid}/business/view/poles/2/9`);
    const focused = await screen.findByTestId('pole-node-focused', {}, { timeout: 5000 });
    expect(focused.textContent).toContain('Garoua');
    await waitFor(() => expect(document.activeElement).toBe(focused));
    expect(screen.getAllByTestId('pole-node')).toHaveLength(3);
  });

  it('conversations/activity/{monitor}/{details} reads the monitor id as a monitor', async () => {
    const { sid, user } = signIn();
    const api = fakeApi({ 'GET auth': one(user) });
    vi.stubGlobal('fetch', api.fetch);
    await renderRoute(`/${sid}/conversations/activity/5/details`);
    await waitFor(() => expect(api.calls.some((c) => c.path === 'monitors/5')).toBe(true), { timeout: 5000 });
    expect(api.calls.some((c) => c.path.startsWith('chatrooms/5'))).toBe(false);
  });

  it('the bare business/{action} route exists: the business home', async () => {
    const { sid, user } = signIn();
    vi.stubGlobal('fetch', fakeApi({ 'GET auth': one(user) }).fetch);
    await renderRoute(`/${sid}/business/view`);
    expect(await screen.findByTestId('business-home', {}, { timeout: 5000 })).toBeTruthy();
  });
});
