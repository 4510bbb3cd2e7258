import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { addMember, createSurveyFixture, newUuid, type SurveyFixture } from './participations.test-support';

/**
 * Reads of one's own rows across companies (participations/mine, contributors/mine, the
 * respondent's or invitee's detail) must not carry the other company's people along.
 */
let t: TestApp;
let ownerB: Awaited<ReturnType<typeof createOwner>>;
let customer: Session;
let survey: SurveyFixture;
let participationId: number;
let contributorId: number;
let contributionId: number;

beforeAll(async () => {
  t = await openTestApp();
  ownerB = await createOwner(t, 'Entreprise B');
  await addMember(t, ownerB.company.id, 'Secret');
  survey = await createSurveyFixture(t, {
    companyId: ownerB.company.id,
    authorAgentId: ownerB.company.agent_id,
    type: 'contribution',
    settings: { collaborative: true },
    questions: [{ key: 'avis', type: 'short_text' }],
  });
  const user = await createTestUser(t, { first_name: 'Curieux' });
  customer = await signIn(t, user);
  const answered = await call(t, 'POST', 'participations', customer, {
    survey_code: survey.code,
    client_uuid: newUuid(),
    status: 'in_progress',
    answers: [{ question_id: survey.q.avis, value: 'Bien' }],
  });
  expect(answered.status).toBe(201);
  participationId = answered.body.data.id;
  const invited = await call(t, 'POST', 'contributors', ownerB.session, { participation_id: participationId, user_id: user.id });
  expect(invited.status).toBe(201);
  contributorId = invited.body.data.id;
  const contributed = await call(t, 'POST', 'contributions', customer, {
    participation_id: participationId,
    answers: [{ question_id: survey.q.avis, value: 'Très bien' }],
  });
  expect(contributed.status).toBe(201);
  contributionId = contributed.body.data.contribution.id;
});
afterAll(() => t.close());

const refused = async (url: string, relation: string) => {
  const res = await call(t, 'GET', url, customer);
  expect(res.status, url).toBe(400);
  expect(res.body.code).toBe('unknown_relation');
  expect(res.body.message).toContain(`« ${relation} »`);
  expect(JSON.stringify(res.body)).not.toContain('@test.cm');
};

describe("own rows never carry the other company's people", () => {
  it('participations/mine refuses the company, its agents and users at any depth', async () => {
    await refused('participations/mine?includes[]=survey.company.agents.user', 'company');
    await refused('participations/mine?includes[]=user', 'user');
    await refused('participations/mine?includes[]=agent', 'agent');
    await refused('participations/mine?includes[]=checker', 'checker');
    await refused('participations/mine?includes[]=validator', 'validator');
    await refused('participations/mine?includes[]=contributors.user', 'user');
    await refused('participations/mine?includes[]=survey.author', 'author');
  });

  it('the same on the plain list and the detail, in includes and wherehas alike', async () => {
    await refused('participations?includes[]=survey.company.agents', 'company');
    await refused(`participations/${participationId}?includes[]=agent`, 'agent');
    await refused(`participations/${participationId}?includes[]=checker`, 'checker');
    const wherehas = await call(t, 'POST', 'participations/search', customer, { wherehas: [{ relationship: 'agent', key: 'id', value: 1 }] });
    expect(wherehas.status).toBe(400);
  });

  it('keeps what the respondent needs: the survey and their answers', async () => {
    const res = await call(t, 'GET', 'participations/mine?includes[]=survey&includes[]=answers', customer);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].survey.id).toBe(survey.id);
    expect(res.body.data[0].answers.length).toBeGreaterThan(0);
  });

  it('contributors/mine and the invitee detail refuse the inviter, the user and the survey author', async () => {
    await refused('contributors/mine?includes[]=user', 'user');
    await refused('contributors/mine?includes[]=inviter', 'inviter');
    await refused('contributors/mine?includes[]=survey.author', 'author');
    await refused('contributors/mine?includes[]=participation', 'participation');
    await refused(`contributors/${contributorId}?includes[]=agent`, 'agent');
    const mine = await call(t, 'GET', 'contributors/mine?includes[]=survey', customer);
    expect(mine.status).toBe(200);
    expect(mine.body.data[0]).toMatchObject({ id: contributorId, survey: { id: survey.id } });
  });

  it("the contributor's own contribution refuses the user and agent relations", async () => {
    await refused(`contributions/${contributionId}?includes[]=user`, 'user');
    await refused(`contributions/${contributionId}?includes[]=participation`, 'participation');
    const own = await call(t, 'GET', `contributions/${contributionId}?includes[]=answers`, customer);
    expect(own.status).toBe(200);
  });

  it('company staff keep their includes on their own company', async () => {
    const res = await call(t, 'GET', `participations?includes[]=agent&includes[]=contributors.agent`, ownerB.session);
    expect(res.status).toBe(200);
    const detail = await call(t, 'GET', `contributors/${contributorId}?includes[]=inviter`, ownerB.session);
    expect(detail.status).toBe(200);
    expect(detail.body.data.inviter.id).toBe(ownerB.company.agent_id);
  });
});
