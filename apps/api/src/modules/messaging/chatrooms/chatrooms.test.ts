import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { bareAgent, joinCompany } from '../messaging.test-support';
import { createSurveyFixture } from '../../collection/participations/participations.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let paul: Session;
let zoe: Session;

beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Alpha Chat', { first_name: 'Awa' });
  b = await createOwner(t, 'Beta Chat');
  paul = await joinCompany(t, a.session, 'Paul');
  zoe = await joinCompany(t, a.session, 'Zoé');
});
afterAll(() => t.close());

async function groupRoom(members: Session[], by: Session = a.session) {
  const res = await call(t, 'POST', 'chatrooms', by, { kind: 'group', name: 'Équipe terrain', agent_ids: members.map((m) => m.agentId) });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

describe('chatrooms and messages', () => {
  it('a group room: members, messages, history backwards, unread counts and read receipts', async () => {
    const id = await groupRoom([paul]);
    const room = await call(t, 'GET', `chatrooms/${id}`, paul);
    expect(room.status).toBe(200);
    expect(room.body.data.members.map((m: any) => m.user_id).sort()).toEqual([a.user.id, paul.userId].sort());
    for (let i = 1; i <= 5; i++) expect((await call(t, 'POST', `chatrooms/${id}/messages`, a.session, { body: `Message ${i}` })).status).toBe(201);

    const unread = await call(t, 'GET', 'chatrooms/overview/count', paul);
    expect(unread.body.data.total).toBe(5);
    expect(unread.body.data.by_kind.group).toBe(5);
    expect(unread.body.data.rooms).toContainEqual({ id, unread: 5 });
    // The sender has read their own messages.
    expect((await call(t, 'GET', 'chatrooms/overview/count', a.session)).body.data.total).toBe(0);

    const last = await call(t, 'GET', `chatrooms/${id}/messages?limit=2`, paul);
    expect(last.body.data.map((m: any) => m.body)).toEqual(['Message 4', 'Message 5']);
    expect(last.body.meta.has_more).toBe(true);
    expect(last.body.data[0].sender_name).toContain('Awa');
    const older = await call(t, 'GET', `chatrooms/${id}/messages?limit=10&before=${last.body.data[0].id}`, paul);
    expect(older.body.data.map((m: any) => m.body)).toEqual(['Message 1', 'Message 2', 'Message 3']);
    expect(older.body.meta.has_more).toBe(false);

    const receipt = await call(t, 'POST', `chatrooms/${id}/read`, paul, { message_id: last.body.data[1].id });
    expect(receipt.body.data).toMatchObject({ chatroom_id: id, user_id: paul.userId, message_id: last.body.data[1].id });
    expect((await call(t, 'GET', 'chatrooms/overview/count', paul)).body.data.total).toBe(0);
    const members = (await call(t, 'GET', `chatrooms/${id}`, a.session)).body.data.members;
    expect(members.find((m: any) => m.user_id === paul.userId).last_read_message_id).toBe(last.body.data[1].id);

    const list = await call(t, 'GET', 'chatrooms?kind=group', paul);
    expect(list.body.data.find((r: any) => r.id === id)).toMatchObject({ unread: 0, title: 'Équipe terrain', last_message: { body: 'Message 5' } });
  });

  it('stores a message sent five times with one client key once', async () => {
    const id = await groupRoom([paul]);
    const key = 'k-0123456789abcdef';
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(t, 'POST', `chatrooms/${id}/messages`, paul, { body: 'Une fois', client_key: key })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.body.data.id)).size).toBe(1);
    const [{ n }] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages WHERE chatroom_id = ${id}`);
    expect(n).toBe(1);
  });

  it('a direct conversation with the same agent is the same room', async () => {
    const first = await call(t, 'POST', 'chatrooms', a.session, { kind: 'direct', agent_ids: [zoe.agentId] });
    const again = await call(t, 'POST', 'chatrooms', zoe, { kind: 'direct', agent_ids: [a.session.agentId] });
    expect(again.body.data.id).toBe(first.body.data.id);
  });

  it('survey rooms name a participation of the company; activity rooms a monitor of the company', async () => {
    const survey = await call(t, 'POST', 'chatrooms', a.session, { kind: 'survey', subject_id: 999999, agent_ids: [] });
    expect(survey.status).toBe(422);
    expect(JSON.stringify(survey.body)).toContain('Participation introuvable');
    const unknown = await call(t, 'POST', 'chatrooms', a.session, { kind: 'activity', subject_id: 999999, agent_ids: [paul.agentId] });
    expect(unknown.body.errors.subject_id).toEqual(['Supervision introuvable dans votre entreprise.']);
    const evaluation = await createSurveyFixture(t, { companyId: a.company.id, type: 'evaluation', questions: [{ key: 'note', type: 'rating' }] });
    const site = (await call(t, 'POST', 'sites', a.session, { name: 'Agence Bonanjo' })).body.data;
    const monitor = (await call(t, 'POST', 'monitors', a.session, { survey_id: evaluation.id, target_kind: 'site', target_id: site.id, agent_id: paul.agentId })).body.data;
    const activity = await call(t, 'POST', 'chatrooms', a.session, { kind: 'activity', subject_id: monitor.id, agent_ids: [paul.agentId] });
    expect(activity.body.data).toMatchObject({ kind: 'activity', subject_type: 'monitor', subject_id: monitor.id });
  });

  it('nobody reads or writes outside their rooms and company', async () => {
    const id = await groupRoom([paul]);
    // Zoé is of the company but not a member; Beta's owner is of another company.
    for (const outsider of [zoe, b.session]) {
      expect((await call(t, 'GET', `chatrooms/${id}`, outsider)).status).toBe(404);
      expect((await call(t, 'GET', `chatrooms/${id}/messages`, outsider)).status).toBe(404);
      expect((await call(t, 'POST', `chatrooms/${id}/messages`, outsider, { body: 'intrus' })).status).toBe(404);
      expect((await call(t, 'POST', `chatrooms/${id}/read`, outsider, { message_id: 1 })).status).toBe(404);
      expect((await call(t, 'POST', `chatrooms/${id}/members`, outsider, { agent_ids: [zoe.agentId] })).status).toBe(404);
      expect((await call(t, 'GET', 'chatrooms', outsider)).body.data.map((r: any) => r.id)).not.toContain(id);
    }
    // Another company's agents cannot be added.
    const foreign = await call(t, 'POST', `chatrooms/${id}/members`, a.session, { agent_ids: [b.session.agentId] });
    expect(foreign.status).toBe(422);
    // Paul as a member of Beta too: with Beta active, Alpha's room is out of reach.
    const invited = await call(t, 'POST', 'invitations', b.session, { email: (paul as any).email });
    const accepted = await call(t, 'POST', `invitations/${invited.body.data.id}/accept`, paul);
    const paulAtBeta = { ...paul, agentId: accepted.body.data.guest_agent_id };
    expect((await call(t, 'GET', `chatrooms/${id}/messages`, paulAtBeta)).status).toBe(404);
    expect((await call(t, 'GET', `chatrooms/${id}/messages`, paul)).status).toBe(200);
  });

  it('members leave; a closed room takes no message', async () => {
    const id = await groupRoom([paul, zoe]);
    expect((await call(t, 'DELETE', `chatrooms/${id}/members/${zoe.userId}`, paul)).status).toBe(404);
    expect((await call(t, 'DELETE', `chatrooms/${id}/members/${zoe.userId}`, zoe)).status).toBe(200);
    expect((await call(t, 'GET', `chatrooms/${id}`, zoe)).status).toBe(404);
    expect((await call(t, 'POST', `chatrooms/${id}/manage/close`, a.session)).status).toBe(200);
    const refused = await call(t, 'POST', `chatrooms/${id}/messages`, paul, { body: 'encore ?' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Cette conversation est close.');
  });

  it('answers 401, 403 and 422 (French) on every route', async () => {
    const id = await groupRoom([paul]);
    const routes: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
      ['GET', 'chatrooms'],
      ['GET', 'chatrooms/overview/count'],
      ['POST', 'chatrooms', { kind: 'group', agent_ids: [] }],
      ['GET', `chatrooms/${id}`],
      ['POST', `chatrooms/${id}/members`, { agent_ids: [paul.agentId] }],
      ['DELETE', `chatrooms/${id}/members/${paul.userId}`],
      ['GET', `chatrooms/${id}/messages`],
      ['POST', `chatrooms/${id}/messages`, { body: 'x' }],
      ['POST', `chatrooms/${id}/read`, { message_id: 1 }],
      ['POST', `chatrooms/${id}/manage/close`, {}],
      ['POST', 'chatrooms/pending', { company_id: a.company.id, body: 'Bonjour' }],
      ['GET', 'chatrooms/status/pending'],
    ];
    const bare = await bareAgent(t, a.company.id);
    for (const [method, url, payload] of routes) {
      expect((await call(t, method, url, null, payload)).status, `${method} ${url} signed out`).toBe(401);
      expect((await call(t, method, url, bare, payload)).status, `${method} ${url} without permission`).toBe(403);
    }
    const bad: [string, unknown, string][] = [
      ['chatrooms', { kind: 'planet' }, 'Le type de salon doit être'],
      ['chatrooms', { kind: 'direct', agent_ids: [] }, 'exactement un agent'],
      [`chatrooms/${id}/messages`, { body: '   ' }, 'Le message est vide'],
      [`chatrooms/${id}/messages`, { body: 'x', client_key: 'a b' }, 'La clé du message'],
      [`chatrooms/${id}/messages`, { body: 'x', attachments: [123456] }, 'Pièce jointe introuvable'],
      [`chatrooms/${id}/read`, {}, 'Indiquez le dernier message lu'],
      [`chatrooms/${id}/manage/reassign`, {}, 'Indiquez l’agent'],
      ['chatrooms/pending', { company_id: a.company.id, body: '' }, 'Écrivez votre message'],
    ];
    for (const [url, payload, message] of bad) {
      const res = await call(t, 'POST', url, a.session, payload);
      expect(res.status, url).toBe(422);
      expect(JSON.stringify(res.body), url).toContain(message);
    }
    expect((await call(t, 'GET', `chatrooms/${id}/messages?before=abc`, a.session)).status).toBe(422);
    // A path that names no action is a page that does not exist (path rule of API.md "Bad input").
    expect((await call(t, 'POST', `chatrooms/${id}/manage/explode`, a.session, {})).status).toBe(404);
  });
});

describe('pending conversations', () => {
  it('a customer asks, the company sees it, accepts, talks, reassigns and closes', async () => {
    const customerUser = await createTestUser(t, { first_name: 'Cliente' });
    const customer = await signIn(t, customerUser);
    const asked = await call(t, 'POST', 'chatrooms/pending', customer, { company_id: a.company.id, body: 'Bonjour, une question sur ma facture', client_key: 'pending-key-1' });
    expect(asked.status).toBe(201);
    const id = asked.body.data.id;
    expect(asked.body.data).toMatchObject({ kind: 'support', status: 'pending', company_id: a.company.id });
    // Asking again adds to the same request.
    const again = await call(t, 'POST', 'chatrooms/pending', customer, { company_id: a.company.id, body: 'Vous êtes là ?' });
    expect(again.body.data.id).toBe(id);
    expect((await call(t, 'GET', 'chatrooms/status/pending', customer)).body.data.map((r: any) => r.id)).toEqual([id]);

    const waiting = await call(t, 'GET', 'chatrooms/status/pending', a.session);
    expect(waiting.body.data).toContainEqual(expect.objectContaining({ id, requester_name: 'Cliente Nom', first_message: 'Bonjour, une question sur ma facture', messages: 2 }));
    // Not another company's, nor an agent's without chatrooms.manage.
    expect((await call(t, 'GET', 'chatrooms/status/pending', b.session)).body.data.map((r: any) => r.id)).not.toContain(id);
    expect((await call(t, 'POST', `chatrooms/${id}/manage/accept`, b.session)).status).toBe(404);
    expect((await call(t, 'POST', `chatrooms/${id}/manage/accept`, paul)).status).toBe(403);

    const accepted = await call(t, 'POST', `chatrooms/${id}/manage/accept`, a.session);
    expect(accepted.body.data).toMatchObject({ status: 'open', assigned_agent_id: a.session.agentId });
    expect((await call(t, 'POST', `chatrooms/${id}/manage/accept`, a.session)).status).toBe(409);
    const told = await call(t, 'GET', 'notifications', customer);
    expect(told.body.data[0]).toMatchObject({ kind: 'notification', title: 'Alpha Chat a accepté votre demande de conversation', data: { chatroom_id: id } });
    expect((await call(t, 'POST', `chatrooms/${id}/messages`, a.session, { body: 'Bonjour, je regarde.' })).status).toBe(201);
    expect((await call(t, 'GET', 'chatrooms/overview/count', customer)).body.data.total).toBe(1);

    const reassigned = await call(t, 'POST', `chatrooms/${id}/manage/reassign`, a.session, { agent_id: zoe.agentId });
    expect(reassigned.body.data.assigned_agent_id).toBe(zoe.agentId);
    expect((await call(t, 'GET', `chatrooms/${id}/messages`, zoe)).body.data).toHaveLength(3);
    expect((await call(t, 'GET', `chatrooms/${id}`, a.session)).status).toBe(404);
    expect((await call(t, 'POST', `chatrooms/${id}/manage/reassign`, a.session, { agent_id: b.session.agentId })).status).toBe(422);

    expect((await call(t, 'POST', `chatrooms/${id}/manage/close`, a.session)).body.data.status).toBe('closed');
    expect((await call(t, 'POST', `chatrooms/${id}/messages`, customer, { body: 'Merci' })).status).toBe(409);
  });
});
