import { decodeQuery } from '@app/contracts/query-codec';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCan } from '../../surveys/survey-abilities';
import type { Participation, Survey } from '../../surveys/survey.types';
import { fakeApi, makeStep, makeSurvey } from '../../surveys/test/survey-fixtures';
import { renderSurveyUi, storeAgent } from '../../surveys/test/render-surveys';
import { ParticipationsPanel } from './ParticipationsPanel';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function Harness({ survey }: { survey: Survey }) {
  return <ParticipationsPanel survey={survey} can={useCan()} />;
}

const participation = (id: number, status: Participation['status'], name: string | null): Participation => ({
  id,
  survey_id: 1,
  user_id: null,
  agent_id: null,
  participant_id: name ? id * 10 : null,
  status,
  score: 7.5,
  latitude: null,
  longitude: null,
  ref: null,
  src: null,
  started_at: '2026-05-02T09:00:00.000Z',
  submitted_at: '2026-05-02T09:05:00.000Z',
  checked_at: null,
  checked_by: null,
  validated_at: null,
  validated_by: null,
  created_at: '2026-05-02T09:00:00.000Z',
  participant: name ? { id: id * 10, name, phone: '699000000', email: null } : null,
});

const rows = [participation(5, 'checked', 'Claude Mballa'), participation(4, 'submitted', null)];
const survey = makeSurvey({ status: 'published', steps: [makeStep(10, 0, { title: 'Votre visite' })] });

function serve() {
  return fakeApi({
    'GET participations': () => ({ body: { data: rows, meta: { limit: 20, page: 0, start: 0, has_more: false, total: 2 } } }),
    'GET participations/5/results': () => ({
      body: {
        data: {
          participation: { ...rows[0], survey: { id: 1, code: 'ABCD2345', title: 'Satisfaction', type: 'form' } },
          answers: [
            { question_id: 1, step_id: 10, label: 'Êtes-vous satisfait ?', type: 'yes_no', required: true, answered: true, value: true, display: 'Oui', contribution_id: null, media: null },
            { question_id: 2, step_id: 10, label: 'Un commentaire ?', type: 'long_text', required: false, answered: false, value: null, display: '', contribution_id: null, media: null },
          ],
        },
      },
    }),
    'GET participations/5': () => ({ body: { data: rows[0] } }),
    'POST participations/5/validate': () => ({ body: { data: { ...rows[0], status: 'validated' } } }),
  });
}

const listQueries = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.method === 'GET' && c.path === 'participations').map((c) => decodeQuery(c.url.search.slice(1)) as Record<string, unknown>);

describe('participations table', { timeout: 30_000 }, () => {
  it('lists the survey participations with their respondent, status and the total', async () => {
    storeAgent('participations.list');
    const api = serve();
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<Harness survey={survey} />);
    const table = await screen.findAllByTestId('participation-row');
    expect(table.map((row) => row.textContent)).toEqual([expect.stringContaining('Claude Mballa'), expect.stringContaining('Anonyme')]);
    expect(screen.getByTestId('participations-total').textContent).toBe('2 résultats');
    expect(listQueries(api)[0]).toMatchObject({ filter_groups: [{ filters: [{ key: 'survey_id', operator: 'eq', value: '1' }] }], page: '0', limit: '20' });
  });

  it('asks again with the chosen status and sort, back on the first page', async () => {
    storeAgent('participations.list');
    const api = serve();
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<Harness survey={survey} />);
    await screen.findAllByTestId('participation-row');
    fireEvent.click(within(screen.getByTestId('participation-filters')).getByLabelText('Statut', { selector: 'input' }));
    fireEvent.click(screen.getByRole('option', { name: 'Contrôlée' }));
    await waitFor(() => expect(listQueries(api)).toHaveLength(2));
    expect(listQueries(api)[1].filter_groups).toEqual([
      { filters: [{ key: 'survey_id', operator: 'eq', value: '1' }] },
      { filters: [{ key: 'status', operator: 'eq', value: 'checked' }] },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Trier par Score' }));
    await waitFor(() => expect(listQueries(api)).toHaveLength(3));
    expect(listQueries(api)[2].sort).toEqual([
      { key: 'score', direction: 'desc' },
      { key: 'id', direction: 'desc' },
    ]);
  });

  it('shows each participation’s number in the company ("N°"), not the platform’s id', async () => {
    storeAgent('participations.list');
    const numbered = [
      { ...participation(5, 'checked', 'Claude Mballa'), number: 2, survey_number: 7 },
      { ...participation(4, 'submitted', null), number: 1, survey_number: 6 },
    ];
    const api = fakeApi({
      'GET participations': () => ({ body: { data: numbered, meta: { limit: 20, page: 0, start: 0, has_more: false, total: 2 } } }),
      'GET participations/5': () => ({ body: { data: numbered[0] } }),
      'GET participations/5/results': () => ({ body: { data: { participation: numbered[0], answers: [] } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<Harness survey={survey} />);
    const table = await screen.findAllByTestId('participation-row');
    expect(table.map((row) => row.querySelector('button')?.textContent)).toEqual(['2', '1']);
    // The survey's own count is shown beside it, named as such.
    expect(screen.getAllByTestId('participation-survey-number').map((n) => n.textContent)).toEqual(['n° 7 de l’enquête', 'n° 6 de l’enquête']);
    fireEvent.click(screen.getByRole('button', { name: 'Voir la participation n° 2' }));
    expect(await screen.findByText('Participation n° 2')).toBeTruthy();
  });

  it('opens a participation with its answers and validates it when the account may', async () => {
    storeAgent('participations.list', 'participations.validate');
    const api = serve();
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<Harness survey={survey} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Voir la participation n° 5' }));
    const details = await screen.findByTestId('participation-details');
    expect(details.textContent).toContain('Claude Mballa');
    expect(details.textContent).toContain('699000000');
    const answers = within(details).getAllByTestId('answer-item').map((item) => item.textContent);
    expect(answers).toEqual(['Êtes-vous satisfait ?Oui', 'Un commentaire ?Sans réponse']);
    // Checked: validate is allowed by the machine and the permission; uncheck is not granted.
    expect(within(details).queryByTestId('review-uncheck')).toBeNull();
    expect(within(details).queryByTestId('export-pdf')).toBeNull();
    fireEvent.click(within(details).getByTestId('review-validate'));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === 'participations/5/validate')).toBe(true));
    expect(await screen.findByText('Participation n° 5 : validée.')).toBeTruthy();
  });

  it('validates every filtered participation after a confirmation naming the count (bulk)', async () => {
    storeAgent('participations.list', 'participations.validate');
    const bulk = { action: 'validate', matched: 45, eligible: 42, changed: 0, skipped: 3, dry_run: true };
    const api = fakeApi({
      'GET participations': () => ({ body: { data: rows, meta: { limit: 20, page: 0, start: 0, has_more: true, total: 45 } } }),
      'POST participations/bulk/validate': (request) => {
        const body = request.body as { dry_run?: boolean };
        return { body: { data: body?.dry_run ? bulk : { ...bulk, changed: 42, dry_run: false } } };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderSurveyUi(<Harness survey={survey} />);
    await screen.findAllByTestId('participation-row');
    // Only the granted action is offered.
    expect(screen.queryByTestId('bulk-check')).toBeNull();
    fireEvent.click(screen.getByTestId('bulk-validate'));
    expect((await screen.findByTestId('bulk-count')).textContent).toBe('42 participation(s) seront validées.');
    fireEvent.click(await screen.findByTestId('confirm-button'));
    expect(await screen.findByText('42 participation(s) validée(s).')).toBeTruthy();
    const posts = api.calls.filter((c) => c.method === 'POST' && c.path === 'participations/bulk/validate');
    expect(posts).toHaveLength(2);
    // The same filters as the table (the survey), never a page.
    const sent = posts.map((c) => c.body as Record<string, any>);
    expect(sent[0]).toMatchObject({ dry_run: true, filter_groups: [{ filters: [{ key: 'survey_id', operator: 'eq', value: 1 }] }] });
    expect(sent[1]).toMatchObject({ dry_run: false, filter_groups: sent[0].filter_groups });
    expect(sent[1].limit).toBeUndefined();
  });
});
