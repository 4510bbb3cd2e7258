import { randomBytes } from 'node:crypto';
import { userRoom } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../../db/schema';
import { openSocketTestApp, type SocketTestApp } from '../../../test/socket-app';
import { joinCompany } from '../../messaging/messaging.test-support';
import { call, createOwner, createTestUser, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';

let t: SocketTestApp;
let admin: Session;
let alpha: Awaited<ReturnType<typeof createOwner>>;
let beta: Awaited<ReturnType<typeof createOwner>>;
let customer: Session;

beforeAll(async () => {
  t = await openSocketTestApp();
  admin = await signIn(t, await createTestUser(t, { type: 'admin' }));
  alpha = await createOwner(t, `Alpha ${randomBytes(3).toString('hex')}`);
  beta = await createOwner(t, `Beta ${randomBytes(3).toString('hex')}`);
  customer = await signIn(t, await createTestUser(t, { first_name: 'Cliente' }));
});
afterAll(() => t?.close());

/** POST admin/broadcasts, then lets the fan-out finish. */
async function send(body: unknown, session: Session | null = admin) {
  const res = await call(t, 'POST', 'admin/broadcasts', session, body);
  if (res.status === 201) {
    t.app.messaging.broadcasts.kick();
    await t.app.messaging.broadcasts.idle();
  }
  return res;
}
const received = async (s: Session) => (await call(t, 'GET', 'broadcasts/received', s)).body.data as Array<{ title: string; company_name: string | null; from_platform: boolean }>;

describe('platform broadcasts (mnt/broadcast)', () => {
  it('to everyone: a signed-in customer hears it live in their user room and finds it in their diffusions', async () => {
    const socket = await t.signedInClient(customer.token);
    const from = socket.events.length;
    const title = `Maintenance ${randomBytes(2).toString('hex')}`;
    const res = await send({ title, body: 'La plateforme sera indisponible dimanche de 2 h à 3 h.', audience: 'all' });
    expect(res.status).toBe(201);
    const live = await socket.next('broadcast.created', from);
    expect(live.room).toBe(userRoom(customer.userId));
    expect(live.data).toMatchObject({ id: res.body.data.id, title, company_id: null });
    expect((await received(customer)).find((b) => b.title === title)).toMatchObject({ company_name: null, from_platform: true });
    expect((await received(alpha.session)).map((b) => b.title)).toContain(title);
    expect((await call(t, 'GET', `broadcasts/${res.body.data.id}`, customer)).status).toBe(200);
    const history = await call(t, 'GET', 'admin/broadcasts', admin);
    expect(history.body.data.find((b: any) => b.id === res.body.data.id)).toMatchObject({ status: 'sent', audience: { audience: 'all' } });
    expect(history.body.data.find((b: any) => b.id === res.body.data.id).recipient_count).toBeGreaterThanOrEqual(4);
  });

  it('to the members of chosen companies or sectors, or to account types, nobody else', async () => {
    const paul = await joinCompany(t, alpha.session, 'Paul');
    const toAlpha = `Alpha seulement ${randomBytes(2).toString('hex')}`;
    expect((await send({ title: toAlpha, body: 'Message', audience: 'companies', ids: [alpha.company.id] })).status).toBe(201);
    expect((await received(paul)).map((b) => b.title)).toContain(toAlpha);
    expect((await received(beta.session)).map((b) => b.title)).not.toContain(toAlpha);
    expect((await received(customer)).map((b) => b.title)).not.toContain(toAlpha);

    const [sector] = await t.db.rows<{ id: number }>(sql`INSERT INTO sectors (name, code) VALUES ('Banque test', ${`BQ${randomBytes(3).toString('hex')}`}) RETURNING id`);
    await t.db.orm.update(companies).set({ sector_id: sector.id }).where(eq(companies.id, beta.company.id));
    const toSector = `Secteur banque ${randomBytes(2).toString('hex')}`;
    expect((await send({ title: toSector, body: 'Message', audience: 'sectors', ids: [sector.id] })).status).toBe(201);
    expect((await received(beta.session)).map((b) => b.title)).toContain(toSector);
    expect((await received(paul)).map((b) => b.title)).not.toContain(toSector);

    const toCustomers = `Clients ${randomBytes(2).toString('hex')}`;
    expect((await send({ title: toCustomers, body: 'Message', audience: 'types', types: ['customer'] })).status).toBe(201);
    expect((await received(customer)).map((b) => b.title)).toContain(toCustomers);
    expect((await received(admin)).map((b) => b.title)).not.toContain(toCustomers);
  });

  it('401 signed out, 403 for a non-admin, 422 in French for bad input', async () => {
    const body = { title: 'X', body: 'Y', audience: 'all' };
    expect((await send(body, null)).status).toBe(401);
    expect((await send(body, alpha.session)).status).toBe(403);
    expect((await call(t, 'GET', 'admin/broadcasts', alpha.session)).status).toBe(403);
    const empty = await send({ title: '', body: '', audience: 'companies' });
    expect(empty.status).toBe(422);
    expect(empty.body.data.title[0]).toMatch(/obligatoire/);
    expect(empty.body.data.ids[0]).toMatch(/au moins une entreprise/);
    const unknown = await send({ title: 'X', body: 'Y', audience: 'companies', ids: [99999999] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.ids[0]).toMatch(/introuvable/);
    expect((await send({ title: 'X', body: 'Y', audience: 'planets' })).body.data.audience[0]).toMatch(/Destinataires inconnus/);
  });
});
