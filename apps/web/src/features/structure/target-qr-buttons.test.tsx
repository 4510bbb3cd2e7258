import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { accounts } from '../../lib/session/account-store';
import { grant, makeAccount, makeAgent, makeUser } from '../../test/account-fixtures';
import { renderRoute } from '../../test/render-route';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

let sequence = 0;
function signIn() {
  sequence += 1;
  const sid = `qr${String(sequence).padStart(2, '0')}x9`;
  const agents = [makeAgent(7, 10, grant('sites.list', 'sites.show', 'workspaces.list', 'workspaces.show', 'surveys.list'))];
  accounts.save(makeAccount(sid, { agents }));
  return { sid, user: makeUser({ agents }) };
}

const list = (rows: unknown[]) => () => ({ body: { data: rows, meta: { total: rows.length, has_more: false } } });
const one = (row: unknown) => () => ({ body: { data: row } });
const counter = { id: 5, site_id: 3, name: 'Guichet 2', code: 'G2', kind: 'counter', status: 'active', site: { id: 3, name: 'Agence Akwa' } };
const link = one({ name: 'Guichet 2', code: 'WKG2AKWA', path: '/m/wk/WKG2AKWA', url: 'http://localhost/m/wk/WKG2AKWA' });

function stubApi(user: unknown) {
  const api = fakeApi({
    'GET auth': one(user),
    'GET sites/3': one({ id: 3, company_id: 10, name: 'Agence Akwa', code: 'AKWA', status: 'active', latitude: null, longitude: null }),
    'GET sites/3/agents': list([]),
    'GET sites/3/workspaces': list([counter]),
    'GET sites/3/surveys': list([]),
    'GET workspaces': list([counter]),
    'GET workspaces/5': one(counter),
    'GET targets/workspace/5/link': link,
  });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

describe('per-counter QR codes are one click away (section 1)', { timeout: 60_000 }, () => {
  it('on the workspace page: a button in the header', async () => {
    const { sid, user } = signIn();
    stubApi(user);
    await renderRoute(`/${sid}/business/view/workspaces/5`);
    fireEvent.click(await screen.findByTestId('workspace-qr', {}, { timeout: 5000 }));
    expect((await screen.findByTestId('target-qr-code')).textContent).toBe('WKG2AKWA');
  });

  it("on the site page's counters tab: a button on each row", async () => {
    const { sid, user } = signIn();
    stubApi(user);
    await renderRoute(`/${sid}/business/view/sites/3?tab=workspaces`);
    const buttons = await screen.findAllByTestId('site-workspace-qr', {}, { timeout: 5000 });
    fireEvent.click(buttons[0]);
    expect((await screen.findByTestId('target-qr-code')).textContent).toBe('WKG2AKWA');
  });

  it('on the workspaces list: a button on each row', async () => {
    const { sid, user } = signIn();
    stubApi(user);
    await renderRoute(`/${sid}/business/view/workspaces`);
    const buttons = await screen.findAllByTestId('workspace-row-qr', {}, { timeout: 5000 });
    fireEvent.click(buttons[0]);
    expect((await screen.findByTestId('target-qr-code')).textContent).toBe('WKG2AKWA');
  });
});
