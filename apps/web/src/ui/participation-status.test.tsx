import '../test/dom-shims';
import { PARTICIPATION_STATUS_LABELS, PARTICIPATION_STATUSES } from '@app/contracts/participation-views';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompanyDashboard } from '../features/tenancy/company/CompanyDashboard';
import { ParticipationStatusBadge } from '../features/surveys/ui/SurveyStatusBadge';
import { deKit } from '../i18n/locales/de-kit';
import { enKit } from '../i18n/locales/en-kit';
import { esKit } from '../i18n/locales/es-kit';
import { esMXKit } from '../i18n/locales/es-mx-kit';
import { frKit } from '../i18n/locales/fr-kit';
import { zhCNKit } from '../i18n/locales/zh-cn-kit';
import { fakeApi } from '../test/fake-api';
import { renderUi, storeUiAgent, UI_SID } from '../test/render-ui';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('participation states: one name each, everywhere', { timeout: 30_000 }, () => {
  it('names every state once per language, French being the contracts’ map (files and screens alike)', () => {
    expect(frKit.kit.participationStatus).toEqual(PARTICIPATION_STATUS_LABELS);
    for (const kit of [deKit, enKit, esKit, esMXKit, zhCNKit]) {
      const names = PARTICIPATION_STATUSES.map((s) => kit.kit.participationStatus[s]);
      expect(names.every((n) => typeof n === 'string' && n.length > 0)).toBe(true);
      expect(new Set(names).size).toBe(PARTICIPATION_STATUSES.length);
    }
  });

  it('shows a sent participation as "Envoyée" on the survey’s list and on the company dashboard', async () => {
    const api = fakeApi({
      'GET overview': () => ({
        body: {
          data: {
            company: { id: 10, name: 'Alpha', code: 'ALP123', logo: null },
            participations: {
              this_week: 1,
              to_review: 1,
              latest: [{ id: 5, survey_id: 3, survey_title: 'Accueil', status: 'submitted', respondent: 'Awa', created_at: '2026-01-05T10:00:00Z' }],
            },
          },
        },
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const account = storeUiAgent('participations.list');
    await renderUi(
      <>
        <ParticipationStatusBadge status="submitted" />
        <CompanyDashboard account={account} />
      </>,
      `/${UI_SID}/business`,
    );
    const latest = await screen.findByTestId('latest-participations');
    expect(latest.textContent).toContain('Envoyée');
    expect(latest.textContent).not.toContain('À contrôler');
    expect(screen.getAllByText('Envoyée')).toHaveLength(2);
    expect(screen.queryByText('Soumise')).toBeNull();
  });
});
