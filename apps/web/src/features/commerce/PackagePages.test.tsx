import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderUi, storeUiAgent, UI_SID } from '../../test/render-ui';
import { loadCommerceI18n } from './commerce-i18n';
import { PackageListPage } from './PackagePages';

beforeAll(async () => {
  await loadCommerceI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const usage = (agents: { used: number; pending_invitations: number }) => ({
  package: { id: 1, name: 'Découverte', slug: 'decouverte' },
  subscription_id: null,
  ends_at: null,
  in_grace: false,
  usage: [
    { slug: 'surveys', name: 'Enquêtes', limit: 10, used: 3 },
    { slug: 'agents', name: 'Agents', limit: 10, ...agents },
  ],
  subscriptions: [],
});

describe('the packages page’s usage', { timeout: 30_000 }, () => {
  it('shows the agents’ seats as the limit counts them, and how many pending invitations hold', async () => {
    storeUiAgent('features.list');
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET packages': () => ({ body: { data: [] } }),
        'GET features/usage': () => ({ body: { data: usage({ used: 10, pending_invitations: 9 }) } }),
      }).fetch,
    );
    await renderUi(<PackageListPage />, `/${UI_SID}/business/view/packages`);
    const agents = await screen.findByTestId('usage-agents');
    expect(agents.textContent).toContain('10 sur 10');
    expect(within(agents).getByText('dont 9 invitations en attente')).toBeTruthy();
    // No pending invitation line where the feature has none.
    expect(screen.getByTestId('usage-surveys').textContent).not.toContain('invitation');
  });

  it('says nothing of invitations when none is pending', async () => {
    storeUiAgent('features.list');
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET packages': () => ({ body: { data: [] } }),
        'GET features/usage': () => ({ body: { data: usage({ used: 1, pending_invitations: 0 }) } }),
      }).fetch,
    );
    await renderUi(<PackageListPage />, `/${UI_SID}/business/view/packages`);
    const agents = await screen.findByTestId('usage-agents');
    expect(agents.textContent).toContain('1 sur 10');
    expect(agents.textContent).not.toContain('invitation');
  });
});
