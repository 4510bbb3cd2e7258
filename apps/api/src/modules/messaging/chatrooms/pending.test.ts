import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, headersOf, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { joinCompany } from '../messaging.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Alpha Accueil', { first_name: 'Awa' });
});
afterAll(() => t.close());

const notifications = async (session: Session) => (await call(t, 'GET', 'notifications', session)).body.data as any[];

describe('asking a company to talk, as the customer and as the company', () => {
  it('the managers are told of a new request and count it; an agent without chatrooms.manage is not; the asker sees the company’s name', async () => {
    const paul = await joinCompany(t, a.session, 'Paul');
    const customer = await signIn(t, await createTestUser(t, { first_name: 'Claude', last_name: 'Mballa' }));
    const before = (await call(t, 'GET', 'chatrooms/overview/count', a.session)).body.data.pending;
    const asked = await call(t, 'POST', 'chatrooms/pending', customer, { company_id: a.company.id, body: 'Bonjour, ma commande est en retard.' });
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({ status: 'pending', company_name: 'Alpha Accueil' });
    const id = asked.body.data.id;

    const told = (await notifications(a.session)).find((n) => n.data?.pending_chatroom_id === id);
    expect(told).toMatchObject({ kind: 'notification', title: 'Claude Mballa demande à parler à Alpha Accueil' });
    expect((await notifications(paul)).some((n) => n.data?.pending_chatroom_id === id)).toBe(false);
    expect((await call(t, 'GET', 'chatrooms/overview/count', a.session)).body.data.pending).toBe(before + 1);
    expect((await call(t, 'GET', 'chatrooms/overview/count', paul)).body.data.pending).toBe(0);
    // A second message to the same request tells nobody again.
    await call(t, 'POST', 'chatrooms/pending', customer, { company_id: a.company.id, body: 'Vous êtes là ?' });
    expect((await notifications(a.session)).filter((n) => n.data?.pending_chatroom_id === id)).toHaveLength(1);

    // The customer's own view: waiting, with the company's name.
    const mine = await call(t, 'GET', 'chatrooms/status/pending', customer);
    expect(mine.body.data).toEqual([expect.objectContaining({ id, company_name: 'Alpha Accueil', messages: 2 })]);
    // Instants are ISO 8601 in UTC, like every other list's (the raw statement gives PostgreSQL's text form).
    expect(mine.body.data[0].last_message_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((await call(t, 'GET', `chatrooms/${id}`, customer)).body.data).toMatchObject({ status: 'pending', company_name: 'Alpha Accueil' });

    // Accepted: no longer counted; the customer is told.
    expect((await call(t, 'POST', `chatrooms/${id}/manage/accept`, a.session)).status).toBe(200);
    expect((await call(t, 'GET', 'chatrooms/overview/count', a.session)).body.data.pending).toBe(before);
    expect((await notifications(customer)).map((n) => n.title)).toContain('Alpha Accueil a accepté votre demande de conversation');
    expect((await call(t, 'GET', `chatrooms/${id}`, customer)).body.data.status).toBe('open');
  });

  it('tells each person in their own language (users.locale), whoever acts', async () => {
    const user = await createTestUser(t, { first_name: 'Jane', last_name: 'Doe' });
    await t.db.rows(sql`UPDATE users SET locale = 'en' WHERE id = ${user.id}`);
    const customer = await signIn(t, user);
    const asked = await call(t, 'POST', 'chatrooms/pending', customer, { company_id: a.company.id, body: 'Hello' });
    // The owner reads French (their account's language), the English asker's name inside.
    expect((await notifications(a.session)).find((n) => n.data?.pending_chatroom_id === asked.body.data.id)).toMatchObject({
      title: 'Jane Doe demande à parler à Alpha Accueil',
    });
    expect((await call(t, 'POST', `chatrooms/${asked.body.data.id}/manage/accept`, a.session)).status).toBe(200);
    expect((await notifications(customer)).map((n) => n.title)).toContain('Alpha Accueil accepted your conversation request');
  });

  it('closing a request nobody accepted declines it, and the asker is told so', async () => {
    const customer = await signIn(t, await createTestUser(t, { first_name: 'Bruno' }));
    const asked = await call(t, 'POST', 'chatrooms/pending', customer, { company_id: a.company.id, body: 'Bonjour' });
    expect((await call(t, 'POST', `chatrooms/${asked.body.data.id}/manage/close`, a.session)).status).toBe(200);
    expect((await notifications(customer)).map((n) => n.title)).toContain('Alpha Accueil a décliné votre demande de conversation');
    const refused = await call(t, 'POST', `chatrooms/${asked.body.data.id}/messages`, customer, { body: 'Encore moi' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'chatroom_closed', message: 'Cette conversation est close.' });
    // The same refusals in the caller's language (Accept-Language), same codes and statuses.
    const inEnglish = await t.app.inject({
      method: 'POST',
      url: `/api/v2/chatrooms/${asked.body.data.id}/messages`,
      headers: { ...headersOf(customer), 'accept-language': 'en' },
      payload: { body: 'Still me' },
    });
    expect(inEnglish.statusCode).toBe(409);
    expect(inEnglish.json()).toMatchObject({ code: 'chatroom_closed', message: 'This conversation is closed.' });
    const again = await t.app.inject({ method: 'POST', url: `/api/v2/chatrooms/${asked.body.data.id}/manage/close`, headers: { ...headersOf(a.session), 'accept-language': 'zh-CN' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'chatroom_closed', message: '此会话已经关闭。' });
  });
});
