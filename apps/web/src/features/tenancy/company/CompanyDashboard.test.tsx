import '../../../test/dom-shims';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderUi, storeUiAgent, UI_SID } from '../../../test/render-ui';
import { CompanyDashboard } from './CompanyDashboard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('company dashboard (business home)', { timeout: 30_000 }, () => {
  it('asks the overview without the scorecard it does not show, and shows the figures', async () => {
    const api = fakeApi({
      'GET overview': () => ({
        body: { data: { company: { id: 10, name: 'Alpha', code: 'ALP123', logo: null }, surveys: { total: 4, by_status: { published: 4 } } } },
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const account = storeUiAgent('surveys.list');
    await renderUi(<CompanyDashboard account={account} />, `/${UI_SID}/business`);
    expect((await screen.findByTestId('figure-surveys')).textContent).toContain('4');
    const call = api.calls.find((c) => c.path === 'overview')!;
    expect(call.url.searchParams.get('scores')).toBe('0');
  });
});
