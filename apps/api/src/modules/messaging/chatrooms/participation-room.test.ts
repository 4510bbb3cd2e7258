import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participations } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { createSurveyFixture } from '../../collection/participations/participations.test-support';
import { call, createOwner, createTestUser, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { bareAgent, joinCompany } from '../messaging.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let paul: Session;
let zoe: Session;
let surveyId: number;

beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Alpha Revue', { first_name: 'Awa' });
  b = await createOwner(t, 'Beta Revue');
  paul = await joinCompany(t, a.session, 'Paul');
  zoe = await joinCompany(t, a.session, 'Zoé');
  surveyId = (await createSurveyFixture(t, { companyId: a.company.id, title: 'Visite des étals', questions: [{ key: 'avis', type: 'short_text' }] })).id;
});
afterAll(() => t.close());

/** A participation of company A's survey, submitted by an agent or a person outside the company. */
async function submitted(by: { userId: number; agentId?: number | null }) {
  const [row] = await t.db.orm
    .insert(participations)
    .values({ survey_id: surveyId, company_id: a.company.id, user_id: by.userId, agent_id: by.agentId ?? null, client_uuid: `pr-${Date.now()}-${Math.random()}`, status: 'submitted', submitted_at: new Date() })
    .returning({ id: participations.id });
  return row.id;
}

describe('the conversation of a participation', () => {
  it('a reviewer opens it with the agent who submitted it; opening again is the same room; another reviewer joins it', async () => {
    const id = await submitted(paul);
    const before = await call(t, 'GET', `chatrooms/participation/${id}`, a.session);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ room: null, can_open: true, respondent: { user_id: paul.userId, agent_id: paul.agentId } });
    expect(before.body.data.respondent.name).toContain('Paul');

    const opened = await call(t, 'POST', `chatrooms/participation/${id}`, a.session);
    expect(opened.status).toBe(201);
    expect(opened.body.data).toMatchObject({ kind: 'survey', subject_type: 'participation', subject_id: id, company_id: a.company.id, name: `Participation n°${id} · Visite des étals` });
    expect(opened.body.data.members.map((m: any) => m.user_id).sort()).toEqual([a.user.id, paul.userId].sort());
    const again = await call(t, 'POST', `chatrooms/participation/${id}`, a.session);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(opened.body.data.id);

    // The agent who submitted it finds it and answers.
    const seen = await call(t, 'GET', `chatrooms/participation/${id}`, paul);
    expect(seen.body.data.room.id).toBe(opened.body.data.id);
    expect((await call(t, 'POST', `chatrooms/${opened.body.data.id}/messages`, paul, { body: 'La photo est floue, je repasse demain.' })).status).toBe(201);
    const history = await call(t, 'GET', `chatrooms/${opened.body.data.id}/messages`, a.session);
    expect(history.body.data.map((m: any) => m.body)).toEqual(['La photo est floue, je repasse demain.']);

    // Another reviewer sees that it exists without being in it, then joins it.
    expect((await call(t, 'GET', `chatrooms/participation/${id}`, zoe)).body.data).toMatchObject({ room: null, can_open: true });
    const joined = await call(t, 'POST', `chatrooms/participation/${id}`, zoe);
    expect(joined.status).toBe(200);
    expect(joined.body.data.id).toBe(opened.body.data.id);
    expect(joined.body.data.members).toHaveLength(3);
  });

  it('two reviewers opening it at the same moment meet in one room', async () => {
    const id = await submitted(zoe);
    const [one, two] = await Promise.all([call(t, 'POST', `chatrooms/participation/${id}`, a.session), call(t, 'POST', `chatrooms/participation/${id}`, paul)]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    expect(one.body.data.id).toBe(two.body.data.id);
    const members = (await call(t, 'GET', `chatrooms/${one.body.data.id}`, zoe)).body.data.members.map((m: any) => m.user_id);
    expect(members.sort()).toEqual([a.user.id, paul.userId, zoe.userId].sort());
  });

  it('a respondent outside the company is in it as themselves and reaches it whatever company is active', async () => {
    const user = await createTestUser(t, { first_name: 'Cliente' });
    const customer = await signIn(t, user);
    const id = await submitted({ userId: user.id });
    const opened = await call(t, 'POST', `chatrooms/participation/${id}`, a.session);
    expect(opened.status).toBe(201);
    const member = opened.body.data.members.find((m: any) => m.user_id === user.id);
    expect(member).toMatchObject({ agent_id: null });
    expect((await call(t, 'POST', `chatrooms/${opened.body.data.id}/messages`, customer, { body: 'Merci pour votre retour.' })).status).toBe(201);
  });

  it('answers 401 signed out, 403 without the permission, 404 for another company’s or an unknown participation', async () => {
    const id = await submitted(paul);
    for (const method of ['GET', 'POST'] as const) {
      expect((await call(t, method, `chatrooms/participation/${id}`, null)).status, method).toBe(401);
      expect((await call(t, method, `chatrooms/participation/${id}`, await bareAgent(t, a.company.id))).status, method).toBe(403);
      const foreign = await call(t, method, `chatrooms/participation/${id}`, b.session);
      expect(foreign.status, method).toBe(404);
      expect(foreign.body.message).toBe('Participation introuvable.');
      expect((await call(t, method, 'chatrooms/participation/999999', a.session)).status, method).toBe(404);
      expect((await call(t, method, 'chatrooms/participation/abc', a.session)).status, method).toBe(404);
      expect((await call(t, method, 'chatrooms/participation/0', a.session)).status, method).toBe(404);
    }
    // Nothing was opened by the refused calls.
    expect((await call(t, 'GET', `chatrooms/participation/${id}`, a.session)).body.data.room).toBeNull();
  });
});
