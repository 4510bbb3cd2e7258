import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, signIn } from '../../tenancy/companies/tenancy.test-support';
import { bareAgent, joinCompany, publishBroadcast } from '../messaging.test-support';
import { sendDueDigests } from './notification-digest';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  t = await openTestApp({ NOTIFICATION_DIGEST_INTERVAL_S: '0' });
  a = await createOwner(t, 'Alpha Notif');
  b = await createOwner(t, 'Beta Notif');
});
afterAll(() => t.close());

const outboxTo = (email: string) => t.db.rows<{ subject: string; body: string }>(sql`SELECT subject, body FROM outbox WHERE destination = ${email} ORDER BY id`);

describe('notifications', () => {
  it('an invitation to a company is a notification of the user (never an agent), listed, counted, marked read', async () => {
    const user = await createTestUser(t, { first_name: 'Nadia' });
    const res = await call(t, 'POST', 'invitations', a.session, { email: user.email });
    expect(res.status).toBe(201);
    const session = await signIn(t, user);
    const list = await call(t, 'GET', 'notifications', session);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ kind: 'invitation', agent_id: null, read_at: null, data: { invitation_id: res.body.data.id } });
    expect(list.body.data[0].title).toContain('vous invite à rejoindre l’entreprise Alpha Notif');
    expect((await call(t, 'GET', 'notifications/unread/count', session)).body.data).toEqual({ count: 1 });

    const id = list.body.data[0].id;
    const read = await call(t, 'POST', `notifications/${id}/read`, session);
    expect(read.status).toBe(200);
    expect(read.body.data.read_at).not.toBeNull();
    expect((await call(t, 'GET', 'notifications/unread/count', session)).body.data).toEqual({ count: 0 });
    // Someone else's notification is not found.
    expect((await call(t, 'POST', `notifications/${id}/read`, a.session)).status).toBe(404);
    // Stored in each recipient's language: a guest who reads German gets the German title.
    const german = await createTestUser(t, { first_name: 'Greta' });
    await t.db.rows(sql`UPDATE users SET locale = 'de' WHERE id = ${german.id}`);
    expect((await call(t, 'POST', 'invitations', a.session, { email: german.email })).status).toBe(201);
    const inGerman = await call(t, 'GET', 'notifications', await signIn(t, german));
    expect(inGerman.body.data[0].title).toMatch(/^.+ lädt Sie ein, dem Unternehmen Alpha Notif beizutreten\.$/);
  });

  it('an agent notification shows only while that agent is active (section 6); mark all read', async () => {
    const agent = await joinCompany(t, a.session, 'Paul');
    const sent = await publishBroadcast(t, a.session, { title: 'Réunion', body: 'Demain 8 h', target: 'everyone' });
    expect(sent.status).toBe(201);
    const asAgent = await call(t, 'GET', 'notifications?unread=1', agent);
    // The user's own notifications (the invitation) show whatever the agent.
    expect(asAgent.body.data.map((n: any) => n.kind)).toEqual(['broadcast', 'invitation']);
    expect(asAgent.body.data[0]).toMatchObject({ agent_id: agent.agentId, title: 'Réunion', data: { broadcast_id: sent.body.data.id } });
    // With another membership active (Beta), Alpha's agent notification stays hidden.
    const invited = await call(t, 'POST', 'invitations', b.session, { email: agent.email });
    const accepted = await call(t, 'POST', `invitations/${invited.body.data.id}/accept`, agent);
    const asBeta = await call(t, 'GET', 'notifications', { ...agent, agentId: accepted.body.data.guest_agent_id });
    expect(asBeta.status).toBe(200);
    expect(asBeta.body.data.map((n: any) => n.kind)).toEqual(['invitation', 'invitation']);
    const all = await call(t, 'POST', 'notifications/read', agent);
    expect(all.body.data.updated).toBe(3);
    expect((await call(t, 'GET', 'notifications/unread/count', agent)).body.data.count).toBe(0);
  });

  it('pages 20 at a time', async () => {
    const agent = await joinCompany(t, b.session);
    for (let i = 0; i < 21; i++) await publishBroadcast(t, b.session, { title: `Info ${i}`, body: 'x', target: 'everyone' });
    const first = await call(t, 'GET', 'notifications', agent);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.meta).toMatchObject({ page: 1, has_more: true });
    expect(first.body.data[0].title).toBe('Info 20');
    const second = await call(t, 'GET', 'notifications?page=2', agent);
    expect(second.body.data.map((n: any) => n.kind)).toEqual(['broadcast', 'invitation']);
    expect(second.body.data[0].title).toBe('Info 0');
    expect(second.body.meta.has_more).toBe(false);
  });

  it('e-mails one digest for many notifications, only to those who chose e-mail for the kind', async () => {
    const keen = await joinCompany(t, a.session, 'Keen');
    const quiet = await joinCompany(t, a.session, 'Quiet');
    const off = await call(t, 'POST', 'profile/update', quiet, { notification_preferences: { events: { broadcasts: false } } });
    expect(off.status).toBe(200);
    // Earlier digests (other tests' notifications) go first, so only this test's count below.
    await sendDueDigests(t.db, { delayMs: 0 });
    const before = (await outboxTo(keen.email)).length;
    for (let i = 0; i < 5; i++) await publishBroadcast(t, a.session, { title: `Alerte ${i}`, body: 'Pluie', target: 'everyone' });
    // Not due yet: the window is still open.
    await sendDueDigests(t.db, { delayMs: 3_600_000 });
    expect(await outboxTo(keen.email)).toHaveLength(before);
    await sendDueDigests(t.db, { delayMs: 0 });
    const mails = (await outboxTo(keen.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('5 nouvelles notifications');
    for (let i = 0; i < 5; i++) expect(mails[0].body).toContain(`Alerte ${i}`);
    expect((await outboxTo(quiet.email)).filter((m) => m.body.includes('Alerte'))).toHaveLength(0);
    // Sent once: a second round has nothing.
    await sendDueDigests(t.db, { delayMs: 0 });
    expect((await outboxTo(keen.email)).slice(before)).toHaveLength(1);
  });

  it('a partner (no notifications.update) marks what it received read, one or all; not what it did not receive', async () => {
    const partner = await joinCompany(t, a.session, 'Pia');
    expect((await call(t, 'POST', `agents/${partner.agentId}/assignrole`, a.session, { role: 'partner' })).status).toBe(200);
    expect((await call(t, 'POST', `agents/${partner.agentId}/removerole`, a.session, { role: 'agent' })).status).toBe(200);
    expect((await publishBroadcast(t, a.session, { title: 'Inventaire', body: 'Vendredi', target: 'everyone' })).status).toBe(201);
    const list = await call(t, 'GET', 'notifications?unread=1', partner);
    expect(list.status).toBe(200);
    const received = list.body.data.find((n: any) => n.title === 'Inventaire');
    expect(received).toBeDefined();
    const read = await call(t, 'POST', `notifications/${received.id}/read`, partner);
    expect(read.status).toBe(200);
    expect(read.body.data.read_at).not.toBeNull();
    const all = await call(t, 'POST', 'notifications/read', partner);
    expect(all.status).toBe(200);
    expect((await call(t, 'GET', 'notifications/unread/count', partner)).body.data.count).toBe(0);
    // The owner's own notifications are not the partner's to mark.
    const ownerList = await call(t, 'GET', 'notifications', a.session);
    for (const n of ownerList.body.data) expect((await call(t, 'POST', `notifications/${n.id}/read`, partner)).status).toBe(404);
  });

  it('answers 401 signed out, 403 without the permission, 422 in French on bad input', async () => {
    expect((await call(t, 'GET', 'notifications', null)).status).toBe(401);
    expect((await call(t, 'GET', 'notifications/unread/count', null)).status).toBe(401);
    expect((await call(t, 'POST', 'notifications/read', null)).status).toBe(401);
    const bare = await bareAgent(t, a.company.id);
    expect((await call(t, 'GET', 'notifications', bare)).status).toBe(403);
    expect((await call(t, 'GET', 'notifications/unread/count', bare)).status).toBe(403);
    // Marking read needs no permission: only what one received can be marked (section 6).
    expect((await call(t, 'POST', 'notifications/1/read', null)).status).toBe(401);
    expect((await call(t, 'POST', 'notifications/1/read', bare)).status).toBe(404);
    expect((await call(t, 'POST', 'notifications/read', bare)).body.data).toEqual({ updated: 0 });
    const bad = await call(t, 'GET', 'notifications?page=zero', a.session);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('La page doit être un nombre');
    expect((await call(t, 'POST', 'notifications/abc/read', a.session)).status).toBe(404);
  });
});
