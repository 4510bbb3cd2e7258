import '../../../test/dom-shims';
import type { Scorecard, ScoreStats } from '@app/contracts/scorecards';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/render-ui';
import { ScorecardView } from './ScorecardView';

afterEach(cleanup);

const stats = (count: number, validated: number): ScoreStats => ({ count, validated, scored: count, average: 7.5, stddev: 1.2 });
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

function scorecard(): Scorecard {
  return {
    filters: { from: '2026-01-01', to: '2026-01-31', survey_id: null, zone_id: null, target_kind: null, granularity: 'day' },
    computed_at: '2026-01-31T10:00:00Z',
    last_change_at: null,
    totals: { ...stats(90, 25), targets: 3 },
    trend: [],
    distribution: [],
    top: [],
    bottom: [],
    by_kind: [{ ...stats(90, 25), kind: 'site' }],
    by_site: { rows: [{ ...stats(40, 10), id: 1, name: 'Akwa' }], total: 1 },
    by_town: { rows: [], total: 0 },
    by_region: { rows: [], total: 0 },
    surveys: [],
  };
}

describe('scorecard figures', { timeout: 30_000 }, () => {
  it('shows the validated share as a percentage of the evaluations (25 of 90 = 27,8 %), in the figure and every table', async () => {
    await renderUi(<ScorecardView scores={scorecard()} />);
    expect(plain((await screen.findByTestId('score-validated')).textContent)).toContain('27,8 %');
    const site = within(screen.getByTestId('score-sites')).getAllByTestId('score-sites-row')[0]!;
    expect(plain(site.textContent)).toContain('25 %');
    const kind = within(screen.getByTestId('score-kinds')).getAllByTestId('score-kinds-row')[0]!;
    expect(plain(kind.textContent)).toContain('27,8 %');
    expect(plain(screen.getByTestId('scorecard').textContent)).not.toContain('0,3 %');
  });
});
