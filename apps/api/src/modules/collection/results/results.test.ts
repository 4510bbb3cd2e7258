import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, callIn, createOwner, createTestUser, headersOf, signIn } from '../../tenancy/companies/tenancy.test-support';
import { addMember, createSurveyFixture, newUuid, type SurveyFixture } from '../participations/participations.test-support';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;
let stranger: Awaited<ReturnType<typeof createOwner>>;
let s: SurveyFixture;

const matrix = { rows: [{ id: 'prix', label: 'Prix' }, { id: 'gout', label: 'Goût' }], columns: [{ id: 'ok', label: 'Bien' }, { id: 'ko', label: 'Mal' }] };

beforeAll(async () => {
  t = await openTestApp();
  owner = await createOwner(t, 'Restaurant Le Wouri');
  stranger = await createOwner(t, 'Autre Restaurant');
  s = await createSurveyFixture(t, {
    companyId: owner.company.id,
    questions: [
      { key: 'dish', type: 'single_choice', choices: [{ label: 'Ndolé', score: 2 }, { label: 'Poulet DG', score: 1 }, { label: 'Eru' }] },
      { key: 'extras', type: 'multiple_choice', choices: [{ label: 'Plantain' }, { label: 'Bâton' }] },
      { key: 'rank', type: 'ranking', choices: [{ label: 'Prix' }, { label: 'Goût' }, { label: 'Service' }] },
      { key: 'spent', type: 'number' },
      { key: 'stars', type: 'rating' },
      { key: 'nps', type: 'scale' },
      { key: 'back', type: 'yes_no' },
      { key: 'grid', type: 'matrix', settings: matrix },
      { key: 'day', type: 'date' },
      { key: 'note', type: 'short_text' },
    ],
  });
  const rows: Array<[number, number[], number[], number, number, number, boolean, Record<string, string>, string]> = [
    [0, [0, 1], [1, 0, 2], 5000, 5, 10, true, { prix: 'ok', gout: 'ok' }, '2026-01-10'],
    [0, [0], [1, 2, 0], 3000, 4, 9, true, { prix: 'ko', gout: 'ok' }, '2026-01-12'],
    [1, [1], [0, 1, 2], 2500, 2, 3, false, { prix: 'ko' }, '2026-01-15'],
    [2, [], [2, 1, 0], 1500, 3, 7, true, { gout: 'ko' }, '2026-01-20'],
  ];
  for (const [dish, extras, rank, spent, stars, nps, back, grid, day] of rows) {
    const res = await call(t, 'POST', 'participations', null, {
      survey_code: s.code,
      client_uuid: newUuid(),
      answers: [
        { question_id: s.q.dish, value: s.c.dish[dish] },
        { question_id: s.q.extras, value: extras.map((i) => s.c.extras[i]) },
        { question_id: s.q.rank, value: rank.map((i) => s.c.rank[i]) },
        { question_id: s.q.spent, value: spent },
        { question_id: s.q.stars, value: stars },
        { question_id: s.q.nps, value: nps },
        { question_id: s.q.back, value: back },
        { question_id: s.q.grid, value: grid },
        { question_id: s.q.day, value: day },
      ],
    });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  }
  // One partial save, excluded by default.
  await call(t, 'POST', 'participations', null, {
    survey_code: s.code,
    client_uuid: newUuid(),
    status: 'in_progress',
    answers: [{ question_id: s.q.dish, value: s.c.dish[2] }],
  });
});
afterAll(() => t.close());

const results = (query = '', session = owner.session) => call(t, 'GET', `surveys/${s.id}/results${query}`, session);
const question = (body: any, key: string) => body.data.questions.find((q: any) => q.question_id === s.q[key]);

describe('GET surveys/{id}/results', () => {
  it('summarises the submitted participations', async () => {
    const res = await results();
    expect(res.status).toBe(200);
    expect(res.body.data.participations).toMatchObject({
      total: 4,
      by_status: { submitted: 4, checked: 0, validated: 0 },
      average_score: 4.75,
    });
    expect(res.body.data.filters.status).toEqual(['submitted', 'checked', 'validated']);
  });

  it('counts choices with percentages of the answered', async () => {
    const { body } = await results();
    expect(question(body, 'dish')).toMatchObject({ answered: 4, answer_rate: 100 });
    expect(question(body, 'dish').choices.map((c: any) => [c.label, c.count, c.percent])).toEqual([
      ['Ndolé', 2, 50],
      ['Poulet DG', 1, 25],
      ['Eru', 1, 25],
    ]);
    expect(question(body, 'extras')).toMatchObject({ answered: 3 });
    expect(question(body, 'extras').choices.map((c: any) => [c.count, c.percent])).toEqual([
      [2, 66.7],
      [2, 66.7],
    ]);
  });

  it('ranks choices by mean position', async () => {
    const { body } = await results();
    expect(question(body, 'rank').choices.map((c: any) => [c.label, c.average_position, c.first])).toEqual([
      ['Prix', 2.25, 1],
      ['Goût', 1.5, 2],
      ['Service', 2.25, 1],
    ]);
  });

  it('averages numbers, ratings and scales, with distributions and the NPS', async () => {
    const { body } = await results();
    expect(question(body, 'spent').stats).toEqual({ average: 3000, min: 1500, max: 5000, sum: 12000 });
    expect(question(body, 'stars').stats.average).toBe(3.5);
    expect(question(body, 'stars').distribution.map((d: any) => d.count)).toEqual([0, 1, 1, 1, 1]);
    const nps = question(body, 'nps');
    expect(nps.distribution).toHaveLength(11);
    expect(nps.nps).toEqual({ promoters: 2, passives: 1, detractors: 1, score: 25 });
    expect(question(body, 'back').distribution).toEqual([
      { value: 1, label: 'Oui', count: 3, percent: 75 },
      { value: 0, label: 'Non', count: 1, percent: 25 },
    ]);
  });

  it('names yes and no in the request language (the value says which), French by default', async () => {
    const inLanguage = async (url: string, language: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v2/${url}`, headers: { ...headersOf(owner.session), 'accept-language': language } })).json();
    const labels = (body: any) => question(body, 'back').distribution.map((d: any) => [d.value, d.label]);
    expect(labels(await inLanguage(`surveys/${s.id}/results`, 'en-US,en;q=0.8'))).toEqual([[1, 'Yes'], [0, 'No']]);
    expect(labels(await inLanguage(`surveys/${s.id}/results`, 'de'))).toEqual([[1, 'Ja'], [0, 'Nein']]);
    expect(labels(await inLanguage(`surveys/${s.id}/results`, 'zh-CN'))).toEqual([[1, '是'], [0, '否']]);
    const answers = (language: string) => inLanguage(`surveys/${s.id}/results/questions/${s.q.back}/answers`, language);
    expect(new Set((await answers('en')).data.map((a: any) => a.display))).toEqual(new Set(['Yes', 'No']));
    expect(new Set((await answers('zh-CN')).data.map((a: any) => a.display))).toEqual(new Set(['是', '否']));
    expect(new Set((await answers('')).data.map((a: any) => a.display))).toEqual(new Set(['Oui', 'Non']));
  });

  it('counts matrix cells per row, dates and unanswered questions', async () => {
    const { body } = await results();
    expect(question(body, 'grid').rows).toEqual([
      { id: 'prix', label: 'Prix', answered: 3, columns: [{ id: 'ok', label: 'Bien', count: 1, percent: 33.3 }, { id: 'ko', label: 'Mal', count: 2, percent: 66.7 }] },
      { id: 'gout', label: 'Goût', answered: 3, columns: [{ id: 'ok', label: 'Bien', count: 2, percent: 66.7 }, { id: 'ko', label: 'Mal', count: 1, percent: 33.3 }] },
    ]);
    expect(question(body, 'day').dates).toEqual({ min: '2026-01-10', max: '2026-01-20' });
    expect(question(body, 'note')).toMatchObject({ answered: 0, answer_rate: 0 });
  });

  it('filters by status and by submission date', async () => {
    const withPartial = await results('?status=in_progress,submitted');
    expect(withPartial.body.data.participations.total).toBe(5);
    expect(question(withPartial.body, 'dish').choices[2].count).toBe(2);
    const future = await results('?from=2999-01-01');
    expect(future.body.data.participations.total).toBe(0);
    expect(question(future.body, 'dish').choices[0]).toMatchObject({ count: 0, percent: 0 });
    const [{ day }] = await t.db.rows<{ day: string }>(sql`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`);
    const today = await results(`?from=${day}&to=${day}`);
    expect(today.body.data.participations.total).toBe(4);
    const bad = await results('?status=lost&from=hier');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'status']);
    const badEn = await callIn(t, 'en', 'GET', `surveys/${s.id}/results?status=lost&from=yesterday`, owner.session);
    expect(badEn.body.errors).toEqual({
      status: ['Unknown status (in_progress, submitted, checked, validated).'],
      from: ['Date expected as YYYY-MM-DD or ISO 8601.'],
    });
    const badZh = await callIn(t, 'zh-CN', 'GET', `surveys/${s.id}/results?to=31/12/2026`, owner.session);
    expect(badZh.body.errors).toEqual({ to: ['日期格式应为 YYYY-MM-DD 或 ISO 8601。'] });
  });

  it('is the company’s: 401 anonymous, 404 elsewhere, 403 without the permission', async () => {
    expect((await call(t, 'GET', `surveys/${s.id}/results`)).status).toBe(401);
    expect((await results('', stranger.session)).status).toBe(404);
    const member = await addMember(t, owner.company.id);
    expect((await results('', member.session)).status).toBe(200);
    const customer = await signIn(t, await createTestUser(t));
    expect((await results('', customer)).status).toBe(403);
  });
});
