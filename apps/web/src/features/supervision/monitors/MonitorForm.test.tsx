import '../../../test/dom-shims';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderUi, storeUiAgent, UI_SID } from '../../../test/render-ui';
import { loadSupervisionI18n } from '../supervision-i18n';
import { MonitorForm } from './MonitorForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = (data: unknown[]) => ({ body: { data, meta: { limit: 100, page: 1, start: 0, has_more: false } } });

describe('monitor form', { timeout: 30_000 }, () => {
  it('offers the evaluation surveys that can supervise, never an anonymous one', async () => {
    const api = fakeApi({
      'GET surveys': () =>
        page([
          { id: 1, title: 'Visite de site', target_kind: 'site', settings: { anonymous: false } },
          { id: 2, title: 'Avis anonyme', target_kind: 'site', settings: { anonymous: true } },
          { id: 3, title: 'Visite libre', target_kind: null, settings: {} },
        ]),
      'GET agents': () => page([]),
      'GET sites': () => page([]),
    });
    vi.stubGlobal('fetch', api.fetch);
    storeUiAgent('monitors.create', 'surveys.list', 'agents.list', 'sites.list');
    await initI18n();
    await loadSupervisionI18n();
    await renderUi(<MonitorForm onDone={() => undefined} />, `/${UI_SID}/business/list/monitors`);
    await waitFor(() => expect(api.calls.some((c) => c.path === 'surveys')).toBe(true));
    fireEvent.click(screen.getByTestId('monitor-survey'));
    await screen.findByRole('option', { name: 'Visite de site' });
    expect(screen.getByRole('option', { name: 'Visite libre' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Avis anonyme' })).toBeNull();
  });
});
