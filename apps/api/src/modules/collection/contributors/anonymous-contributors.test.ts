import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomEvent } from '../../../events/event-bus';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, signIn } from '../../tenancy/companies/tenancy.test-support';
import { addMember, createSurveyFixture, newUuid, type SurveyFixture } from '../participations/participations.test-support';

/** Who helped fill an anonymous survey's participation stays hidden from the company, not from themself. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;
let member: Awaited<ReturnType<typeof addMember>>;
let survey: SurveyFixture;
let respondentId: number;
let respondentSession: Awaited<ReturnType<typeof signIn>>;
let participationId: number;
let contributorId: number;
let contributionId: number;
const events: RoomEvent[] = [];
const settle = () => new Promise((r) => setTimeout(r, 10));
const asOwner = (path: string) => call(t, 'GET', path, owner.session);
const filterBy = (key: string, value: number) => `filter_groups[0][filters][0][key]=${key}&filter_groups[0][filters][0][value]=${value}`;

beforeAll(async () => {
  t = await openTestApp();
  t.app.events.subscribe((e) => events.push(e));
  owner = await createOwner(t, 'Climat Social SA', { first_name: 'Odile' });
  member = await addMember(t, owner.company.id, 'Serge');
  survey = await createSurveyFixture(t, {
    companyId: owner.company.id,
    authorAgentId: owner.company.agent_id,
    type: 'contribution',
    settings: { anonymous: true, collaborative: true },
    steps: 2,
    questions: [
      { key: 'climat', type: 'short_text', step: 0 },
      { key: 'remarques', type: 'long_text', step: 1 },
    ],
  });
  const respondent = await createTestUser(t, { first_name: 'Salariée' });
  respondentId = respondent.id;
  respondentSession = await signIn(t, respondent);
  const started = await call(t, 'POST', 'participations', respondentSession, {
    survey_code: survey.code,
    client_uuid: newUuid(),
    status: 'in_progress',
    answers: [{ question_id: survey.q.climat, value: 'Tendu' }],
  });
  participationId = started.body.data.id;
  const invited = await call(t, 'POST', 'contributors', owner.session, { participation_id: participationId, agent_id: member.agent.id, step_ids: [survey.stepIds[1]] });
  expect(invited.status).toBe(201);
  contributorId = invited.body.data.id;
  events.length = 0;
  const contributed = await call(t, 'POST', 'contributions', member.session, {
    participation_id: participationId,
    answers: [{ question_id: survey.q.remarques, value: 'Réunions trop longues' }],
  });
  expect(contributed.status).toBe(201);
  contributionId = contributed.body.data.contribution.id;
  await settle();
});
afterAll(() => t.close());

describe('contributors of anonymous surveys', () => {
  it('are masked for the company, in lists, details and includes', async () => {
    const list = await asOwner(`contributors?${filterBy('survey_id', survey.id)}&includes[]=user&includes[]=agent:ids&includes[]=participation.user`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ id: contributorId, user_id: null, agent_id: null, user: null, agent_ids: null });
    expect(list.body.data[0].participation).toMatchObject({ id: participationId, user_id: null, user: null });
    const detail = await asOwner(`contributors/${contributorId}?includes[]=agent&includes[]=contributions.user`);
    expect(detail.body.data).toMatchObject({ user_id: null, agent_id: null, agent: null });
    expect(detail.body.data.contributions).toEqual([expect.objectContaining({ id: contributionId, user_id: null, agent_id: null, user: null })]);
  });

  it('are left out of queries about who contributed', async () => {
    expect((await asOwner(`contributors?${filterBy('agent_id', member.agent.id)}`)).body.data).toEqual([]);
    const grouped = await asOwner(`contributors?${filterBy('survey_id', survey.id)}&group_by[]=user_id`);
    expect(grouped.body.data.map((g: { user_id: number }) => g.user_id)).not.toContain(member.user.id);
    const byRespondent = `wherehas[0][relationship]=participation&wherehas[0][key]=user_id&wherehas[0][value]=${respondentId}`;
    expect((await asOwner(`contributors?${byRespondent}`)).body.data).toEqual([]);
  });

  it('see their own invitation unmasked', async () => {
    const mine = await call(t, 'GET', 'contributors/mine', member.session);
    expect(mine.body.data).toEqual([expect.objectContaining({ id: contributorId, user_id: member.user.id, agent_id: member.agent.id })]);
    const detail = await call(t, 'GET', `contributors/${contributorId}`, member.session);
    expect(detail.body.data).toMatchObject({ user_id: member.user.id, agent_id: member.agent.id });
  });
});

describe('contributions to anonymous surveys', () => {
  it('are masked for the company, nested ones too', async () => {
    const list = await asOwner(`contributions?${filterBy('participation_id', participationId)}&includes[]=user&includes[]=contributor.agent&includes[]=participation`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ id: contributionId, user_id: null, agent_id: null, user: null });
    expect(list.body.data[0].contributor).toMatchObject({ id: contributorId, user_id: null, agent_id: null, agent: null });
    expect(list.body.data[0].participation).toMatchObject({ user_id: null, agent_id: null, participant_id: null });
    const selected = await asOwner(`contributions?${filterBy('participation_id', participationId)}&select[]=id&includes[]=agent`);
    expect(selected.body.data[0]).toMatchObject({ agent_id: null, agent: null });
    expect((await asOwner(`contributions/${contributionId}?includes[]=user`)).body.data).toMatchObject({ user_id: null, agent_id: null, user: null });
  });

  it('are left out of queries about who contributed or who answered', async () => {
    expect((await asOwner(`contributions?${filterBy('user_id', member.user.id)}`)).body.data).toEqual([]);
    expect((await asOwner('contributions?sort[0][key]=agent_id')).body.data).toEqual([]);
    const byRespondent = `wherehas[0][relationship]=participation&wherehas[0][key]=user_id&wherehas[0][value]=${respondentId}`;
    expect((await asOwner(`contributions?${byRespondent}`)).body.data).toEqual([]);
    expect((await asOwner(`contributions?${filterBy('participation_id', participationId)}`)).body.data).toHaveLength(1);
  });

  it('are shown unmasked to the contributor', async () => {
    const own = await call(t, 'GET', `contributions/${contributionId}?includes[]=contributor`, member.session);
    expect(own.body.data).toMatchObject({ user_id: member.user.id, agent_id: member.agent.id, contributor: { user_id: member.user.id } });
  });

  it('do not name the contributor to the survey author in the live event', () => {
    expect(events.find((e) => e.name === 'contribution.created')).toEqual({
      name: 'contribution.created',
      room: `agents.${owner.company.agent_id}`,
      data: { participation: { id: participationId, survey_id: survey.id, agent_id: owner.company.agent_id }, agent: { name: 'Un participant anonyme' }, survey: { title: 'Satisfaction client' } },
    });
  });
});

describe('answers of anonymous surveys', () => {
  it('do not name their contribution’s author, nor their participation’s respondent', async () => {
    const res = await asOwner(`participations/${participationId}?includes[]=answers.contribution.user&includes[]=answers.participation.user`);
    expect(res.status).toBe(200);
    const contributed = res.body.data.answers.find((a: { question_id: number }) => a.question_id === survey.q.remarques);
    expect(contributed.contribution).toMatchObject({ id: contributionId, user_id: null, agent_id: null, user: null });
    for (const answer of res.body.data.answers) expect(answer.participation).toMatchObject({ user_id: null, user: null });
    const listed = await asOwner(`participations?${filterBy('survey_id', survey.id)}&includes[]=answers.contribution`);
    const listedContribution = listed.body.data[0].answers.find((a: { question_id: number }) => a.question_id === survey.q.remarques).contribution;
    expect(listedContribution).toMatchObject({ id: contributionId, contributor_id: contributorId, user_id: null, agent_id: null });
  });

  it('still show the respondent their own participation, with its contributors masked', async () => {
    const mine = await call(t, 'GET', 'participations/mine?includes[]=contributors', respondentSession);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ id: participationId, user_id: respondentId });
    expect(mine.body.data[0].contributors).toEqual([expect.objectContaining({ id: contributorId, user_id: null, agent_id: null })]);
  });
});
