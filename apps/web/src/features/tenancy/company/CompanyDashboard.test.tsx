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

  it('shows what sits below it (the pinned card) only once the figures are in, so nothing is pushed down', async () => {
    let answer: (value: unknown) => void = () => {};
    const overview = new Promise((resolve) => {
      answer = resolve;
    });
    const api = fakeApi({
      'GET overview': () => ({ body: { data: { company: { id: 10, name: 'Alpha', code: 'ALP123', logo: null }, surveys: { total: 2, by_status: {} } } } }),
    });
    // The overview answers only when the test says so.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await overview;
      return api.fetch(input, init);
    });
    const account = storeUiAgent('surveys.list');
    await renderUi(<CompanyDashboard account={account} below={<p data-testid="below">pins</p>} />, `/${UI_SID}/business`);
    await screen.findByTestId('company-dashboard');
    expect(screen.queryByTestId('below')).toBeNull();
    answer(null);
    await screen.findByTestId('figure-surveys');
    expect(screen.getByTestId('below').textContent).toBe('pins');
  });
});
