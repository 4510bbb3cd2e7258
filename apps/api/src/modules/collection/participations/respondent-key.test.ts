import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, signIn } from '../../tenancy/companies/tenancy.test-support';
import { addMember, createSurveyFixture, newUuid, type SurveyFixture } from './participations.test-support';

/** A participation's client_uuid opens it to whoever holds it: the company's staff never get it. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;
let member: Awaited<ReturnType<typeof addMember>>;
let survey: SurveyFixture;
/** Answered without an account: the key is all that guards the unfinished participation. */
const STRANGER_KEY = newUuid();
const CUSTOMER_KEY = newUuid();
const OWNER_KEY = newUuid();
const CONTRIBUTION_KEY = newUuid();
let strangerId: number;
let customerId: number;
let ownerParticipationId: number;
let contributionId: number;
let customerSession: Awaited<ReturnType<typeof signIn>>;

const ofSurvey = `filter_groups[0][filters][0][key]=survey_id&filter_groups[0][filters][0][value]=`;
const staffList = (query = '') => call(t, 'GET', `participations?${ofSurvey}${survey.id}&${query}`, owner.session);

beforeAll(async () => {
  t = await openTestApp();
  owner = await createOwner(t, 'Clinique du Littoral');
  member = await addMember(t, owner.company.id, 'Serge');
  survey = await createSurveyFixture(t, {
    companyId: owner.company.id,
    authorAgentId: owner.company.agent_id,
    settings: { collaborative: true },
    questions: [{ key: 'avis', type: 'short_text' }],
  });
  const stranger = await call(t, 'POST', 'participations', null, { survey_code: survey.code, client_uuid: STRANGER_KEY, status: 'in_progress', answers: [{ question_id: survey.q.avis, value: 'Long' }] });
  expect(stranger.status).toBe(201);
  expect(stranger.body.data.client_uuid).toBe(STRANGER_KEY);
  strangerId = stranger.body.data.id;
  const customer = await createTestUser(t, { first_name: 'Client' });
  customerSession = await signIn(t, customer);
  customerId = (await call(t, 'POST', 'participations', customerSession, { survey_code: survey.code, client_uuid: CUSTOMER_KEY, answers: [] })).body.data.id;
  ownerParticipationId = (await call(t, 'POST', 'participations', owner.session, { survey_id: survey.id, client_uuid: OWNER_KEY, status: 'in_progress', answers: [] })).body.data.id;
  await call(t, 'POST', 'contributors', owner.session, { participation_id: ownerParticipationId, agent_id: member.agent.id });
  const contributed = await call(t, 'POST', 'contributions', member.session, { participation_id: ownerParticipationId, client_uuid: CONTRIBUTION_KEY, answers: [{ question_id: survey.q.avis, value: 'Propre' }] });
  expect(contributed.status).toBe(201);
  contributionId = contributed.body.data.contribution.id;
  expect(contributed.body.data.contribution.client_uuid).toBe(CONTRIBUTION_KEY);
});
afterAll(() => t.close());

describe('the respondent key (client_uuid)', () => {
  it('is on no staff list or detail but the staff member’s own rows, included rows too', async () => {
    const listed = await staffList();
    expect(listed.status).toBe(200);
    const keys = Object.fromEntries(listed.body.data.map((p: { id: number; client_uuid?: string }) => [p.id, p.client_uuid]));
    expect(keys).toEqual({ [strangerId]: undefined, [customerId]: undefined, [ownerParticipationId]: OWNER_KEY });
    const detail = await call(t, 'GET', `participations/${strangerId}`, owner.session);
    expect(detail.status).toBe(200);
    expect(detail.body.data).not.toHaveProperty('client_uuid');
    const results = await call(t, 'GET', `participations/${strangerId}/results`, owner.session);
    expect(results.body.data.participation).not.toHaveProperty('client_uuid');
    const contributions = await call(t, 'GET', 'contributions?includes[]=participation', owner.session);
    expect(contributions.body.data).toEqual([expect.objectContaining({ id: contributionId, participation: expect.objectContaining({ client_uuid: OWNER_KEY }) })]);
    expect(contributions.body.data[0]).not.toHaveProperty('client_uuid');
    const contribution = await call(t, 'GET', `contributions/${contributionId}`, owner.session);
    expect(contribution.body.data).not.toHaveProperty('client_uuid');
  });

  it('is no query key for staff: filter, sort, group_by, select, load and wherehas are refused, search ignores it', async () => {
    const refused = [
      `filter_groups[1][filters][0][key]=client_uuid&filter_groups[1][filters][0][value]=${STRANGER_KEY}`,
      'sort[0][key]=client_uuid',
      'group_by[]=client_uuid',
      'select[]=id&select[]=client_uuid',
      'load[0][relationship]=contributions&load[0][key]=client_uuid',
    ];
    for (const query of refused) {
      const res = await staffList(query);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('unknown_key');
    }
    const wherehas = await call(
      t,
      'GET',
      `contributors?wherehas[0][relationship]=participation&wherehas[0][key]=client_uuid&wherehas[0][value]=${STRANGER_KEY}`,
      owner.session,
    );
    expect(wherehas.status).toBe(400);
    expect(wherehas.body.code).toBe('unknown_key');
    const searched = await call(t, 'POST', 'participations/search', owner.session, { input: STRANGER_KEY.slice(0, 8) });
    expect(searched.status).toBe(200);
    expect(searched.body.data.map((p: { id: number }) => p.id)).not.toContain(strangerId);
    // Contributions have nothing searchable: `input` answers the same whatever the key looks like.
    const ids = async (input: string) => (await call(t, 'GET', `contributions?input=${input}`, owner.session)).body.data.map((c: { id: number }) => c.id);
    expect(await ids(CONTRIBUTION_KEY.slice(0, 8))).toEqual(await ids('zzzzzzzz'));
  });

  it('stays with the respondent and the contributor', async () => {
    const mine = await call(t, 'GET', 'participations/mine', customerSession);
    expect(mine.body.data).toEqual([expect.objectContaining({ id: customerId, client_uuid: CUSTOMER_KEY })]);
    expect((await call(t, 'GET', `participations/${customerId}`, customerSession)).body.data.client_uuid).toBe(CUSTOMER_KEY);
    expect((await call(t, 'GET', `participations/${ownerParticipationId}`, owner.session)).body.data.client_uuid).toBe(OWNER_KEY);
    expect((await call(t, 'GET', `contributions/${contributionId}`, member.session)).body.data.client_uuid).toBe(CONTRIBUTION_KEY);
  });

  it('still lets the respondent without an account read back and finish by the key', async () => {
    const resumed = await call(t, 'GET', `participations/key/${STRANGER_KEY}`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ id: strangerId, client_uuid: STRANGER_KEY, status: 'in_progress' });
    expect(resumed.body.data.answers).toEqual([expect.objectContaining({ question_id: survey.q.avis, value: 'Long' })]);
    const finished = await call(t, 'POST', 'participations', null, { survey_code: survey.code, client_uuid: STRANGER_KEY, answers: [{ question_id: survey.q.avis, value: 'Court' }] });
    expect(finished.status).toBe(200);
    expect(finished.body.data).toMatchObject({ id: strangerId, status: 'submitted', client_uuid: STRANGER_KEY });
  });
});
