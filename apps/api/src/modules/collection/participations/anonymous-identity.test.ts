import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, signIn } from '../../tenancy/companies/tenancy.test-support';
import { createSurveyFixture, newUuid, type SurveyFixture } from './participations.test-support';

/** An anonymous survey's respondents stay hidden from queries that group, filter or sort by them. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;
let survey: SurveyFixture;
let respondentId: number;
let respondentSession: Awaited<ReturnType<typeof signIn>>;
/** The phone the respondent answered from: it answers named surveys too. */
const PHONE = 'android-7f3a9c';
/** The referral tag of the respondent's link: one link per employee would name them. */
const REF = 'emp42';

const q = (query: string) => call(t, 'GET', `participations?filter_groups[0][filters][0][key]=survey_id&filter_groups[0][filters][0][value]=${survey.id}&${query}`, owner.session);

beforeAll(async () => {
  t = await openTestApp();
  owner = await createOwner(t, 'Ressources Humaines SA');
  survey = await createSurveyFixture(t, { companyId: owner.company.id, settings: { anonymous: true }, questions: [{ key: 'climat', type: 'short_text' }] });
  const user = await createTestUser(t, { first_name: 'Salarié' });
  respondentId = user.id;
  respondentSession = await signIn(t, user);
  const answered = await call(t, 'POST', 'participations', respondentSession, {
    survey_code: survey.code,
    client_uuid: newUuid(),
    answers: [{ question_id: survey.q.climat, value: 'Tendu' }],
    device_ref: PHONE,
    // The link the company sent this employee alone (`/m/su/CODE?ref=emp42`).
    ref: REF,
    src: 'link',
    geolocation: { latitude: 4.05, longitude: 9.7 },
  });
  expect(answered.status).toBe(201);
});
afterAll(() => t.close());

describe('anonymous surveys and identity queries', () => {
  it('group_by user_id does not list who answered', async () => {
    const res = await q('group_by[]=user_id');
    expect(res.status).toBe(200);
    expect(res.body.data.map((g: { user_id: number }) => g.user_id)).not.toContain(respondentId);
  });

  it('a filter on user_id is no oracle, nor a wherehas on the user or a sort by user_id', async () => {
    const filtered = await q(`filter_groups[1][filters][0][key]=user_id&filter_groups[1][filters][0][value]=${respondentId}`);
    expect(filtered.status).toBe(200);
    expect(filtered.body.data).toEqual([]);
    const wherehas = await q(`wherehas[0][relationship]=user&wherehas[0][key]=id&wherehas[0][value]=${respondentId}`);
    expect(wherehas.body.data).toEqual([]);
    const sorted = await q('sort[0][key]=user_id');
    expect(sorted.body.data).toEqual([]);
  });

  it('the plain list still shows the answers, with the respondent masked', async () => {
    const res = await q('includes[]=user&includes[]=contributors');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ user_id: null, user: null, contributors: null });
  });

  it('masks ids-only includes, nested participations and narrow selects alike', async () => {
    const ids = await q('includes[]=user:ids&includes[]=contributors:ids');
    expect(ids.body.data[0]).toMatchObject({ user_id: null, user_ids: null, contributors_ids: null });
    const nested = await q('includes[]=answers.participation.user');
    expect(nested.body.data[0].answers[0].participation).toMatchObject({ user_id: null, user: null });
    const narrow = await q('select[]=id&includes[]=user');
    expect(narrow.body.data[0]).toMatchObject({ survey_id: survey.id, user_id: null, user: null });
  });

  it('the respondent still sees their own participation whole', async () => {
    const mine = await call(t, 'GET', `participations?filter_groups[0][filters][0][key]=user_id&filter_groups[0][filters][0][value]=${respondentId}`, respondentSession);
    expect(mine.body.data).toEqual([expect.objectContaining({ survey_id: survey.id, user_id: respondentId, device_ref: PHONE })]);
  });

  it('hides the phone (device_ref) too: it would tie the answer to the same phone’s named ones', async () => {
    const named = await createSurveyFixture(t, { companyId: owner.company.id, questions: [{ key: 'nom', type: 'short_text' }] });
    const sent = await call(t, 'POST', 'participations', null, {
      survey_code: named.code,
      client_uuid: newUuid(),
      answers: [{ question_id: named.q.nom, value: 'Salarié' }],
      participant: { name: 'Jean Salarié' },
      device_ref: PHONE,
    });
    expect(sent.status).toBe(201);
    const list = await q('');
    expect(list.body.data).toEqual([expect.objectContaining({ device_ref: null })]);
    const one = await call(t, 'GET', `participations/${list.body.data[0].id}`, owner.session);
    expect(one.body.data.device_ref).toBeNull();
    const results = await call(t, 'GET', `participations/${list.body.data[0].id}/results`, owner.session);
    expect(results.body.data.participation.device_ref).toBeNull();
    // Nor can a filter, sort or group on it find the anonymous answer.
    const byPhone = `participations?filter_groups[0][filters][0][key]=device_ref&filter_groups[0][filters][0][value]=${PHONE}`;
    expect((await call(t, 'GET', byPhone, owner.session)).body.data.map((p: { survey_id: number }) => p.survey_id)).toEqual([named.id]);
    expect((await q('sort[0][key]=device_ref')).body.data).toEqual([]);
    const grouped = await call(t, 'GET', 'participations?group_by[]=device_ref', owner.session);
    expect(grouped.body.data).toEqual([expect.objectContaining({ device_ref: PHONE, count: 1 })]);
    // The named survey's participation still shows it.
    const shown = await call(t, 'GET', `participations/${sent.body.data.id}`, owner.session);
    expect(shown.body.data.device_ref).toBe(PHONE);
  });
});

describe('the link’s referral tag (ref) of an anonymous survey', () => {
  it('is masked like who answered, at every depth; the channel (src) and the position stay', async () => {
    const [row] = (await q('')).body.data;
    expect(row).toMatchObject({ ref: null, src: 'link', latitude: 4.05, longitude: 9.7 });
    const one = await call(t, 'GET', `participations/${row.id}?includes[]=answers.participation`, owner.session);
    expect(one.body.data).toMatchObject({ ref: null, src: 'link' });
    expect(one.body.data.answers[0].participation).toMatchObject({ ref: null, src: 'link' });
    expect((await call(t, 'GET', `participations/${row.id}/results`, owner.session)).body.data.participation.ref).toBeNull();
    expect(JSON.stringify((await q('includes[]=answers.participation')).body.data)).not.toContain(REF);
  });

  it('is no oracle either: a filter, sort, group or search on it leaves the anonymous answers out', async () => {
    expect((await q(`filter_groups[1][filters][0][key]=ref&filter_groups[1][filters][0][value]=${REF}`)).body.data).toEqual([]);
    expect((await q('filter_groups[1][filters][0][key]=ref&filter_groups[1][filters][0][operator]=sw&filter_groups[1][filters][0][value]=emp')).body.data).toEqual([]);
    expect((await q('sort[0][key]=ref')).body.data).toEqual([]);
    const grouped = await call(t, 'GET', 'participations?group_by[]=ref', owner.session);
    expect(grouped.status).toBe(200);
    expect(grouped.body.data.map((g: { ref: string | null }) => g.ref)).not.toContain(REF);
    const searched = await call(t, 'POST', 'participations/search', owner.session, { input: REF });
    expect(searched.status).toBe(200);
    expect(searched.body.data).toEqual([]);
  });

  it('stays with the respondent’s own rows and with named surveys', async () => {
    const mine = await call(t, 'GET', 'participations/mine', respondentSession);
    expect(mine.body.data).toEqual([expect.objectContaining({ survey_id: survey.id, ref: REF, src: 'link' })]);
    const named = await createSurveyFixture(t, { companyId: owner.company.id, questions: [{ key: 'nom', type: 'short_text' }] });
    const sent = await call(t, 'POST', 'participations', null, { survey_code: named.code, client_uuid: newUuid(), answers: [], ref: 'affiche-entree', src: 'qrcode' });
    expect((await call(t, 'GET', `participations/${sent.body.data.id}`, owner.session)).body.data).toMatchObject({ ref: 'affiche-entree', src: 'qrcode' });
    const searched = await call(t, 'POST', 'participations/search', owner.session, { input: 'affiche' });
    expect(searched.body.data.map((p: { id: number }) => p.id)).toEqual([sent.body.data.id]);
  });

  it('is masked when read back by the participation key, which the company’s list does not show', async () => {
    const key = newUuid();
    const sent = await call(t, 'POST', 'participations', null, {
      survey_code: survey.code,
      client_uuid: key,
      status: 'in_progress',
      answers: [{ question_id: survey.q.climat, value: 'Calme' }],
      ref: 'emp43',
      device_ref: PHONE,
    });
    expect(sent.status).toBe(201);
    const listed = (await q('')).body.data.find((p: { id: number }) => p.id === sent.body.data.id);
    expect(listed).not.toHaveProperty('client_uuid');
    const resumed = await call(t, 'GET', `participations/key/${key}`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ id: sent.body.data.id, ref: null, device_ref: null, participant_id: null, src: null });
    expect(resumed.body.data.answers).toEqual([expect.objectContaining({ question_id: survey.q.climat, value: 'Calme' })]);
  });
});
