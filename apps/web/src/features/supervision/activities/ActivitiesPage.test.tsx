import '../../../test/dom-shims';
import type { ActivityView } from '@app/contracts/supervision';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderUi, storeUiAgent, UI_SID } from '../../../test/render-ui';
import { loadSupervisionI18n } from '../supervision-i18n';
import { ActivitiesPage } from './ActivitiesPage';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const activity = (id: number, kind: ActivityView['kind'], extra: Partial<ActivityView> = {}): ActivityView => ({
  id,
  kind,
  agent_id: 3,
  user_id: 9,
  actor_name: 'Hervé Tchamba',
  target_kind: 'site',
  target_id: 4,
  target_name: 'Agence Bastos',
  subject_type: null,
  subject_id: null,
  subject_name: null,
  monitor_id: 12,
  data: {},
  created_at: '2026-05-04T08:30:00.000Z',
  ...extra,
});

describe('activities page', { timeout: 30_000 }, () => {
  it('lists the timeline, sends the filters of the aside, and pages on', async () => {
    const api = fakeApi({
      'GET activities': ({ url }) => ({
        body: {
          data:
            url.searchParams.get('kind') === 'report.created'
              ? [activity(2, 'report.created', { data: { score: 12 } })]
              : [activity(2, 'report.created', { data: { score: 12 } }), activity(1, 'participation.submitted', { subject_type: 'participations', subject_id: 40, subject_name: 'Visite de supervision', data: { survey_id: 5 } })],
          meta: { limit: 20, page: Number(url.searchParams.get('page')), start: 0, has_more: url.searchParams.get('page') === '1' },
        },
      }),
      'GET agents': () => ({ body: { data: [{ id: 3, first_name: 'Hervé', last_name: 'Tchamba' }], meta: { limit: 100, page: 1, start: 0, has_more: false } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    storeUiAgent('activities.list', 'activities.export', 'agents.list');
    await initI18n();
    await loadSupervisionI18n();
    await renderUi(<ActivitiesPage />, `/${UI_SID}/activities`);
    const items = await screen.findAllByTestId('activity-item');
    expect(items.map((i) => i.getAttribute('data-kind'))).toEqual(['report.created', 'participation.submitted']);
    expect(within(items[0]).getByText(/Hervé Tchamba sur Site Agence Bastos · Score 12/)).toBeTruthy();
    // The participation's line leads to its details.
    expect(within(items[1]).getByRole('link', { name: 'Consulter' }).getAttribute('href')).toBe(`/${UI_SID}/conversations/survey/5/40?multiple=1&tab=contributors`);
    expect(screen.getByTestId('activity-export')).toBeTruthy();

    fireEvent.click(screen.getByTestId('activity-filter-kind'));
    fireEvent.click(await screen.findByRole('option', { name: 'Rapport de supervision' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-item')).toHaveLength(1));
    const last = api.calls.filter((c) => c.path === 'activities').at(-1)!;
    expect(last.url.searchParams.get('kind')).toBe('report.created');
    expect(last.url.searchParams.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === 'activities').at(-1)!.url.searchParams.get('page')).toBe('2'));
  });

  it('says when nothing matches and offers no export without the permission', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET activities': () => ({ body: { data: [], meta: { limit: 20, page: 1, start: 0, has_more: false } } }), 'GET agents': () => ({ body: { data: [] } }) }).fetch);
    storeUiAgent('activities.list');
    await initI18n();
    await loadSupervisionI18n();
    await renderUi(<ActivitiesPage />, `/${UI_SID}/activities`);
    expect(await screen.findByTestId('activity-empty')).toBeTruthy();
    expect(screen.queryByTestId('activity-export')).toBeNull();
  });

  it('names each kind of activity in the reader’s language (German)', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET activities': () => ({ body: { data: [activity(2, 'report.created'), activity(1, 'participation.submitted')], meta: { limit: 20, page: 1, start: 0, has_more: false } } }),
        'GET agents': () => ({ body: { data: [] } }),
      }).fetch,
    );
    storeUiAgent('activities.list');
    await initI18n();
    await act(() => changeLanguage('de'));
    try {
      await loadSupervisionI18n();
      await renderUi(<ActivitiesPage />, `/${UI_SID}/activities`);
      const items = await screen.findAllByTestId('activity-item');
      expect(within(items[0]).getByText('Supervisionsbericht')).toBeTruthy();
      expect(within(items[1]).getByText('Teilnahme gesendet')).toBeTruthy();
      fireEvent.click(screen.getByTestId('activity-filter-kind'));
      expect(await screen.findByRole('option', { name: 'Rundsendung veröffentlicht' })).toBeTruthy();
      expect(screen.queryByText('Rapport de supervision')).toBeNull();
    } finally {
      await act(() => changeLanguage('fr'));
      localStorage.clear();
    }
  });
});
