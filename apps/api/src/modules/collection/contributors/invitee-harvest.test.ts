import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, signIn } from '../../tenancy/companies/tenancy.test-support';
import { createSurveyFixture, newUuid, type SurveyFixture } from '../participations/participations.test-support';

/** A company owner must not reach (nor name) accounts the company has never dealt with. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOwner>>;
let survey: SurveyFixture;
let victimId: number;
let respondentId: number;

beforeAll(async () => {
  t = await openTestApp();
  owner = await createOwner(t, 'Société Opportuniste');
  survey = await createSurveyFixture(t, {
    companyId: owner.company.id,
    authorAgentId: owner.company.agent_id,
    type: 'contribution',
    settings: { collaborative: true },
    questions: [{ key: 'avis', type: 'short_text' }],
  });
  victimId = (await createTestUser(t, { first_name: 'Victime', phone: '+237690000001' })).id;
  const respondent = await createTestUser(t, { first_name: 'Répondant', phone: '+237690000002' });
  respondentId = respondent.id;
  const answered = await call(t, 'POST', 'participations', await signIn(t, respondent), {
    survey_code: survey.code,
    client_uuid: newUuid(),
    status: 'in_progress',
    answers: [{ question_id: survey.q.avis, value: 'Oui' }],
  });
  expect(answered.status).toBe(201);
});
afterAll(() => t.close());

describe('contributors: no harvesting of platform accounts', () => {
  it('refuses a user_id the company does not know, like an unknown id', async () => {
    const stranger = await call(t, 'POST', 'contributors', owner.session, { survey_id: survey.id, user_id: victimId });
    expect(stranger.status).toBe(422);
    const unknown = await call(t, 'POST', 'contributors', owner.session, { survey_id: survey.id, user_id: 99_999_999 });
    expect(unknown.status).toBe(422);
    expect(stranger.body.errors).toEqual(unknown.body.errors);
    const listed = await call(t, 'GET', 'participations?filter_groups[0][filters][0][key]=user_id&filter_groups[0][filters][0][value]=' + victimId, owner.session);
    expect(listed.body.data).toEqual([]);
  });

  it('accepts an earlier respondent of its surveys', async () => {
    const res = await call(t, 'POST', 'contributors', owner.session, { survey_id: survey.id, user_id: respondentId });
    expect(res.status).toBe(201);
  });

  it('the user relation shows names only, never e-mail, phone, type or status', async () => {
    const urls = ['participations?includes[]=user', 'contributors?includes[]=user'];
    for (const url of urls) {
      const res = await call(t, 'GET', url, owner.session);
      expect(res.status, url).toBe(200);
      const users = res.body.data.map((row: { user: unknown }) => row.user).filter(Boolean);
      expect(users.length, url).toBeGreaterThan(0);
      for (const user of users) expect(Object.keys(user).sort()).toEqual(['first_name', 'id', 'last_name', 'photo']);
      expect(JSON.stringify(res.body), url).not.toContain('@test.cm');
      expect(JSON.stringify(res.body), url).not.toContain('+23769');
    }
    const filtered = await call(t, 'GET', 'participations?wherehas[0][relationship]=user&wherehas[0][key]=email&wherehas[0][value]=x', owner.session);
    expect(filtered.status).toBe(400);
  });
});
