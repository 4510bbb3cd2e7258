import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomEvent } from '../../../events/event-bus';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, signIn } from '../../tenancy/companies/tenancy.test-support';
import { addMember, createSurveyFixture, newUuid, type SurveyFixture } from '../participations/participations.test-support';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;
let stranger: Awaited<ReturnType<typeof createOwner>>;
let member: Awaited<ReturnType<typeof addMember>>;
let survey: SurveyFixture;
let participationId: number;
const events: RoomEvent[] = [];
const settle = () => new Promise((r) => setTimeout(r, 10));

beforeAll(async () => {
  t = await openTestApp();
  t.app.events.subscribe((e) => events.push(e));
  owner = await createOwner(t, 'Cabinet Audit Plus', { first_name: 'Odile' });
  stranger = await createOwner(t, 'Cabinet Rival');
  member = await addMember(t, owner.company.id, 'Serge');
  survey = await createSurveyFixture(t, {
    companyId: owner.company.id,
    authorAgentId: owner.company.agent_id,
    title: 'Audit de site',
    type: 'contribution',
    settings: { collaborative: true },
    steps: 2,
    questions: [
      { key: 'site', type: 'short_text', required: true, step: 0 },
      { key: 'hygiene', type: 'rating', required: true, step: 1 },
      { key: 'remarks', type: 'long_text', step: 1 },
    ],
  });
  const started = await call(t, 'POST', 'participations', owner.session, { survey_id: survey.id, client_uuid: newUuid(), status: 'in_progress', answers: [] });
  participationId = started.body.data.id;
});
afterAll(() => t.close());

describe('contributors and contributions', () => {
  let contributorId: number;
  let contributionId: number;

  it('invites an agent to fill one step and tells them live', async () => {
    events.length = 0;
    const res = await call(t, 'POST', 'contributors', owner.session, {
      participation_id: participationId,
      agent_id: member.agent.id,
      step_ids: [survey.stepIds[1]],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ participation_id: participationId, agent_id: member.agent.id, user_id: member.user.id, status: 'invited', step_ids: [survey.stepIds[1]] });
    contributorId = res.body.data.id;
    await settle();
    const event = events.find((e) => e.name === 'contributor.created');
    expect(event).toEqual({
      name: 'contributor.created',
      room: `agents.${member.agent.id}`,
      data: { participation: { id: participationId, survey_code: survey.code, survey_title: 'Audit de site', agent_name: 'Odile Nom' } },
    });
    const again = await call(t, 'POST', 'contributors', owner.session, { participation_id: participationId, agent_id: member.agent.id });
    expect(again.status).toBe(409);
  });

  it('lets the contributor answer their step only (403 otherwise)', async () => {
    const outside = await call(t, 'POST', 'contributions', member.session, {
      participation_id: participationId,
      answers: [{ question_id: survey.q.site, value: 'Entrepôt Bonabéri' }],
    });
    expect(outside.status).toBe(403);
    expect(outside.body.errors[`answers.${survey.q.site}`]).toEqual(['Cette question ne fait pas partie de vos étapes.']);

    events.length = 0;
    const res = await call(t, 'POST', 'contributions', member.session, {
      participation_id: participationId,
      client_uuid: newUuid(),
      answers: [{ question_id: survey.q.hygiene, value: 4 }],
    });
    expect(res.status).toBe(201);
    contributionId = res.body.data.contribution.id;
    expect(res.body.data.contribution).toMatchObject({ participation_id: participationId, contributor_id: contributorId, agent_id: member.agent.id });
    expect(res.body.data.answers).toEqual([{ question_id: survey.q.hygiene, contribution_id: contributionId, value: 4 }]);
    await settle();
    expect(events.find((e) => e.name === 'contribution.created')).toEqual({
      name: 'contribution.created',
      room: `agents.${owner.company.agent_id}`,
      data: { participation: { id: participationId, survey_id: survey.id, agent_id: member.agent.id }, agent: { name: 'Serge Agent' }, survey: { title: 'Audit de site' } },
    });
  });

  it('updates the same contribution and enforces the contributor’s required questions when done', async () => {
    events.length = 0;
    const incomplete = await call(t, 'POST', 'contributions', member.session, {
      participation_id: participationId,
      answers: [{ question_id: survey.q.remarks, value: 'Sols propres' }],
      done: true,
    });
    expect(incomplete.status).toBe(422);
    expect(Object.keys(incomplete.body.errors)).toEqual([`answers.${survey.q.hygiene}`]);
    const res = await call(t, 'POST', 'contributions', member.session, {
      participation_id: participationId,
      answers: [{ question_id: survey.q.hygiene, value: 5 }, { question_id: survey.q.remarks, value: 'Sols propres' }],
      done: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.contribution.id).toBe(contributionId);
    expect(res.body.data.contribution.submitted_at).toEqual(expect.any(String));
    await settle();
    // With the author's notification (the bell) alongside.
    expect(events.map((e) => e.name)).toEqual(['contribution.updated', 'notification.created']);
    expect((await call(t, 'GET', `contributors/${contributorId}`, owner.session)).body.data.status).toBe('done');
  });

  it('lets the respondent submit with the contributors’ answers counted', async () => {
    const own = await call(t, 'GET', `participations/${participationId}`, owner.session);
    const res = await call(t, 'POST', 'participations', owner.session, {
      survey_id: survey.id,
      client_uuid: own.body.data.client_uuid,
      answers: [{ question_id: survey.q.site, value: 'Entrepôt Bonabéri' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('submitted');
    expect(res.body.data.score).toBe(5);
    expect(res.body.data.answers.map((a: any) => [a.question_id, a.contribution_id === null])).toEqual([
      [survey.q.site, true],
      [survey.q.hygiene, false],
      [survey.q.remarks, false],
    ]);
    const results = await call(t, 'GET', `participations/${participationId}/results`, owner.session);
    expect(results.body.data.answers.map((a: any) => a.display)).toEqual(['Entrepôt Bonabéri', '5/5', 'Sols propres']);
  });

  it('opens the contributor’s form with the answers already given in their steps only', async () => {
    const res = await call(t, 'GET', `contributions/participation/${participationId}`, member.session);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      participation_id: participationId,
      step_ids: [survey.stepIds[1]],
      answers: [
        { question_id: survey.q.hygiene, value: 5, media: null },
        { question_id: survey.q.remarks, value: 'Sols propres', media: null },
      ],
    });
    // The site (step 1, the respondent's) is not theirs to see.
    expect(JSON.stringify(res.body.data)).not.toContain('Bonabéri');
    expect((await call(t, 'GET', `contributions/participation/${participationId}`)).status).toBe(401);
    // Not invited, another company, the company itself (it has its review screens), an unknown id: 404.
    const outsider = await signIn(t, await createTestUser(t));
    expect((await call(t, 'GET', `contributions/participation/${participationId}`, outsider)).status).toBe(404);
    expect((await call(t, 'GET', `contributions/participation/${participationId}`, stranger.session)).status).toBe(404);
    expect((await call(t, 'GET', `contributions/participation/${participationId}`, owner.session)).status).toBe(404);
    expect((await call(t, 'GET', 'contributions/participation/2147483648', member.session)).status).toBe(404);
    expect((await call(t, 'GET', 'contributions/participation/abc', member.session)).status).toBe(404);
  });

  it('lists contributors and contributions of the company with relations', async () => {
    const contributors = await call(t, 'GET', 'contributors?includes[]=agent&includes[]=participation', owner.session);
    expect(contributors.body.data[0]).toMatchObject({ id: contributorId, agent: { id: member.agent.id }, participation: { id: participationId } });
    const list = await call(t, 'GET', 'contributions?includes[]=answers', owner.session);
    expect(list.body.data[0]).toMatchObject({ id: contributionId });
    expect(list.body.data[0].answers).toHaveLength(2);
    expect((await call(t, 'GET', 'contributions', stranger.session)).body.data).toEqual([]);
  });

  it('closes contributions once the participation is checked (409)', async () => {
    await call(t, 'POST', `participations/${participationId}/check`, owner.session);
    const res = await call(t, 'POST', 'contributions', member.session, { participation_id: participationId, answers: [] });
    expect(res.status).toBe(409);
  });

  it('404s someone who was not invited', async () => {
    const outsider = await signIn(t, await createTestUser(t));
    expect((await call(t, 'POST', 'contributions', outsider, { participation_id: participationId, answers: [] })).status).toBe(404);
    expect((await call(t, 'POST', 'contributions', stranger.session, { participation_id: participationId, answers: [] })).status).toBe(404);
  });
});

describe('inviting a user to a survey', () => {
  it('makes a participation for them, tells their user room, and they fill it', async () => {
    const user = await createTestUser(t, { first_name: 'Clarisse' });
    const session = await signIn(t, user);
    // Only accounts the company knows can be invited by user_id: Clarisse answered one of its surveys.
    const other = await createSurveyFixture(t, { companyId: owner.company.id, questions: [{ key: 'avis', type: 'short_text' }] });
    const earlier = await call(t, 'POST', 'participations', session, { survey_code: other.code, client_uuid: newUuid(), answers: [{ question_id: other.q.avis, value: 'Oui' }] });
    expect(earlier.status).toBe(201);
    events.length = 0;
    const res = await call(t, 'POST', 'contributors', owner.session, { survey_id: survey.id, user_id: user.id });
    expect(res.status).toBe(201);
    const made = res.body.data.participation_id;
    await settle();
    expect(events.find((e) => e.name === 'contributor.created')?.room).toBe(`users.${user.id}`);
    const mine = await call(t, 'GET', 'contributors/mine', session);
    expect(mine.body.data.map((c: any) => c.participation_id)).toEqual([made]);
    const participation = await call(t, 'GET', `participations/${made}`, session);
    expect(participation.body.data).toMatchObject({ user_id: user.id, status: 'in_progress' });
    const answered = await call(t, 'POST', 'contributions', session, {
      participation_id: made,
      answers: [{ question_id: survey.q.site, value: 'Agence Akwa' }, { question_id: survey.q.hygiene, value: 3 }],
      done: true,
    });
    expect(answered.status).toBe(201);
    const submitted = await call(t, 'POST', 'participations', session, { survey_code: survey.code, client_uuid: participation.body.data.client_uuid, answers: [] });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.status).toBe('submitted');
  });

  it('validates the invitee and the steps (422)', async () => {
    const foreignAgent = await call(t, 'POST', 'contributors', owner.session, { survey_id: survey.id, agent_id: stranger.company.agent_id });
    expect(foreignAgent.body.errors.agent_id).toBeDefined();
    const other = await createSurveyFixture(t, { companyId: owner.company.id, questions: [{ key: 'a', type: 'short_text' }] });
    const wrongStep = await call(t, 'POST', 'contributors', owner.session, { survey_id: survey.id, agent_id: member.agent.id, step_ids: [other.stepIds[0]] });
    expect(wrongStep.body.errors.step_ids).toBeDefined();
    const both = await call(t, 'POST', 'contributors', owner.session, { survey_id: survey.id, agent_id: member.agent.id, user_id: 1 });
    expect(both.status).toBe(422);
    expect((await call(t, 'POST', 'contributors', member.session, { survey_id: survey.id, agent_id: member.agent.id })).status).toBe(403);
    expect((await call(t, 'POST', 'contributors', stranger.session, { survey_id: survey.id, agent_id: stranger.company.agent_id })).status).toBe(422);
  });
});

describe('tenant isolation of {id} routes', () => {
  it('GET/DELETE contributors/{id} and GET contributions/{id}: 401 anonymous, 404 from another company', async () => {
    const contributor = (await call(t, 'GET', 'contributors', owner.session)).body.data[0];
    const contribution = (await call(t, 'GET', 'contributions', owner.session)).body.data[0];
    for (const [method, url] of [
      ['GET', `contributors/${contributor.id}`],
      ['DELETE', `contributors/${contributor.id}`],
      ['GET', `contributions/${contribution.id}`],
    ] as const) {
      expect((await call(t, method, url)).status).toBe(401);
      expect((await call(t, method, url, stranger.session)).status).toBe(404);
    }
    expect((await call(t, 'GET', `contributors/${contributor.id}`, owner.session)).status).toBe(200);
  });
});
