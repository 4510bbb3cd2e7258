import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, groups, participations } from '../../../db/schema';
import { createSurveyFixture } from '../../collection/participations/participations.test-support';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { bareAgent, joinCompany, publishBroadcast } from '../messaging.test-support';
import { fanOutNextBatch } from './broadcast-fanout';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let paul: Session;
let zoe: Session;
let groupId: number;

beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Alpha Diffusion');
  b = await createOwner(t, 'Beta Diffusion');
  paul = await joinCompany(t, a.session, 'Paul');
  zoe = await joinCompany(t, a.session, 'Zoé');
  const [group] = await t.db.orm.insert(groups).values({ company_id: a.company.id, name: 'Nord' }).returning({ id: groups.id });
  groupId = group.id;
  await t.db.orm.insert(groupMembers).values({ group_id: groupId, agent_id: paul.agentId! });
});
afterAll(() => t.close());

const received = async (s: Session) => (await call(t, 'GET', 'broadcasts/received', s)).body.data.map((r: any) => r.title);

describe('broadcasts', () => {
  it('to a group: recipients resolved at publish and recorded; only they receive it', async () => {
    const sent = await publishBroadcast(t, a.session, { title: 'Groupe Nord', body: 'Réunion à 9 h', target: 'group', target_id: groupId });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ target: 'group', target_id: groupId, recipient_count: 1 });
    // Joining the group afterwards does not bring the broadcast.
    await t.db.orm.insert(groupMembers).values({ group_id: groupId, agent_id: zoe.agentId! });
    expect(await received(paul)).toContain('Groupe Nord');
    expect(await received(zoe)).not.toContain('Groupe Nord');
    const detail = await call(t, 'GET', `broadcasts/${sent.body.data.id}`, paul);
    expect(detail.status).toBe(200);
    expect((await call(t, 'GET', `broadcasts/${sent.body.data.id}`, b.session)).status).toBe(404);
    expect((await call(t, 'POST', `broadcasts/${sent.body.data.id}/read`, paul)).body.data).toEqual({ id: sent.body.data.id, read: true });
    const list = await call(t, 'GET', 'broadcasts/received', paul);
    expect(list.body.data.find((r: any) => r.title === 'Groupe Nord').read_at).not.toBeNull();
    expect((await call(t, 'POST', `broadcasts/${sent.body.data.id}/read`, zoe)).status).toBe(404);
  });

  it('to everyone: every active agent; to customers: those who answered or asked to talk', async () => {
    await publishBroadcast(t, a.session, { title: 'Tout le monde', body: 'Bonne année', target: 'everyone' });
    for (const s of [a.session, paul, zoe]) expect(await received(s)).toContain('Tout le monde');
    expect(await received(b.session)).not.toContain('Tout le monde');

    const customer = await signIn(t, await createTestUser(t, { first_name: 'Cliente' }));
    const stranger = await signIn(t, await createTestUser(t));
    await call(t, 'POST', 'chatrooms/pending', customer, { company_id: a.company.id, body: 'Bonjour' });
    const sent = await publishBroadcast(t, a.session, { title: 'Promo clients', body: '-10 %', target: 'customers' });
    expect(sent.body.data.recipient_count).toBe(1);
    expect(await received(customer)).toEqual(['Promo clients']);
    expect(await received(stranger)).toEqual([]);
    expect(await received(paul)).not.toContain('Promo clients');
  });

  it('to customers: not those who only answered an anonymous survey; those of a named survey are', async () => {
    const anonymous = await createSurveyFixture(t, { companyId: a.company.id, title: 'Anonyme', settings: { anonymous: true }, questions: [{ key: 'avis', type: 'short_text' }] });
    const named = await createSurveyFixture(t, { companyId: a.company.id, title: 'Nominatif', questions: [{ key: 'avis', type: 'short_text' }] });
    const hidden = await signIn(t, await createTestUser(t, { first_name: 'Anonyme' }));
    const known = await signIn(t, await createTestUser(t, { first_name: 'Connu' }));
    const answered = (surveyId: number, userId: number) =>
      t.db.orm.insert(participations).values({ survey_id: surveyId, company_id: a.company.id, user_id: userId, client_uuid: `bc-${surveyId}-${userId}`, status: 'submitted', submitted_at: new Date() });
    await answered(anonymous.id, hidden.userId);
    await answered(named.id, known.userId);
    await publishBroadcast(t, a.session, { title: 'Clients connus', body: 'x', target: 'customers' });
    expect(await received(known)).toContain('Clients connus');
    expect(await received(hidden)).toEqual([]);
  });

  it('to a contacts audience: only accounts already customers or members of the company, never any e-mail typed in', async () => {
    const outsider = await createTestUser(t, { first_name: 'Inconnu' });
    const client = await createTestUser(t, { first_name: 'Client' });
    const clientSession = await signIn(t, client);
    await call(t, 'POST', 'chatrooms/pending', clientSession, { company_id: a.company.id, body: 'Bonjour' });
    const paulEmail = (await t.db.rows<{ email: string }>(sql`SELECT email FROM users WHERE id = ${paul.userId}`))[0].email;
    for (const [name, email] of [
      ['Inconnu', outsider.email.toUpperCase()],
      ['Client', client.email],
      ['Paul', paulEmail],
    ]) {
      expect((await call(t, 'POST', 'contacts', a.session, { name, email })).status).toBe(201);
    }
    const audience = await call(t, 'POST', 'audiences', a.session, { name: 'Carnet', population: 'contacts' });
    const sent = await publishBroadcast(t, a.session, { title: 'Carnet', body: 'x', target: 'audience', target_id: audience.body.data.id });
    expect(sent.status).toBe(201);
    expect(sent.body.data.recipient_count).toBe(2);
    expect(await received(clientSession)).toContain('Carnet');
    expect(await received(paul)).toContain('Carnet');
    expect(await received(await signIn(t, outsider))).toEqual([]);
  });

  it('to a site (its agents and manager) and to an audience or sub-audience of the structure module', async () => {
    const zone = await t.db.rows<{ id: number }>(sql`SELECT id FROM zones WHERE type = 'town' LIMIT 1`);
    const site = await call(t, 'POST', 'sites', a.session, { name: 'Agence Akwa', zone_id: zone[0].id });
    expect(site.status).toBe(201);
    expect((await call(t, 'POST', `sites/${site.body.data.id}/agents`, a.session, { agent_id: zoe.agentId })).status).toBe(201);
    const toSite = await publishBroadcast(t, a.session, { title: 'Site Akwa', body: 'Inventaire', target: 'site', target_id: site.body.data.id });
    expect(toSite.body.data.recipient_count).toBe(1);
    expect(await received(zoe)).toContain('Site Akwa');
    expect(await received(paul)).not.toContain('Site Akwa');

    const audience = await call(t, 'POST', 'audiences', a.session, { name: 'Tous les agents', population: 'agents' });
    const toAll = await publishBroadcast(t, a.session, { title: 'Audience', body: 'x', target: 'audience', target_id: audience.body.data.id });
    expect(toAll.body.data.recipient_count).toBe(3);
    const sub = await call(t, 'POST', `audiences/${audience.body.data.id}/sub/static`, a.session, { name: 'Liste', member_ids: [paul.agentId] });
    expect(sub.status).toBe(201);
    const toSub = await publishBroadcast(t, a.session, { title: 'Sous-audience', body: 'x', target: 'audience', target_id: sub.body.data.id });
    expect(toSub.body.data.recipient_count).toBe(1);
    expect(await received(paul)).toContain('Sous-audience');
    expect(await received(zoe)).not.toContain('Sous-audience');
    // Another company's site or audience is not a target.
    expect((await publishBroadcast(t, b.session, { title: 't', body: 'b', target: 'site', target_id: site.body.data.id })).status).toBe(422);
    expect((await publishBroadcast(t, b.session, { title: 't', body: 'b', target: 'audience', target_id: audience.body.data.id })).status).toBe(422);
  });

  it('lists the company’s own broadcasts; pages received ones 20 at a time', async () => {
    for (let i = 0; i < 21; i++) await publishBroadcast(t, b.session, { title: `B${i}`, body: 'x', target: 'everyone' });
    const mine = await call(t, 'GET', 'broadcasts', b.session);
    expect(mine.body.data).toHaveLength(20);
    expect(mine.body.meta.has_more).toBe(true);
    expect((await call(t, 'GET', 'broadcasts', a.session)).body.data.map((r: any) => r.title)).not.toContain('B1');
    const page = await call(t, 'GET', 'broadcasts/received', b.session);
    expect(page.body.data).toHaveLength(20);
    expect(page.body.data[0].title).toBe('B20');
    expect((await call(t, 'GET', 'broadcasts/received?page=2', b.session)).body.data.map((r: any) => r.title)).toEqual(['B0']);
  });

  it('answers 401, 403, 404 (other company) and 422 in French', async () => {
    const bare = await bareAgent(t, a.company.id);
    const routes: ['GET' | 'POST', string, unknown?][] = [
      ['GET', 'broadcasts'],
      ['GET', 'broadcasts/received'],
      ['POST', 'broadcasts', { title: 't', body: 'b', target: 'everyone' }],
      ['GET', 'broadcasts/1'],
      ['POST', 'broadcasts/1/read'],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(t, method, url, null, payload)).status, url).toBe(401);
    }
    for (const [method, url, payload] of routes.slice(0, 3)) {
      expect((await call(t, method, url, bare, payload)).status, url).toBe(403);
    }
    // Another company's group is not a target.
    const foreign = await publishBroadcast(t, b.session, { title: 't', body: 'b', target: 'group', target_id: groupId });
    expect(foreign.status).toBe(422);
    expect(foreign.body.data.target_id[0]).toBe('Groupe introuvable dans votre entreprise.');
    const bad: [unknown, string][] = [
      [{ title: '', body: 'b', target: 'everyone' }, 'Le titre est obligatoire'],
      [{ title: 't', body: 'b', target: 'planet' }, 'La cible doit être'],
      [{ title: 't', body: 'b', target: 'group' }, 'Indiquez le groupe'],
      [{ title: 't', body: 'b', target: 'site', target_id: 999999 }, 'Site introuvable'],
      [{ title: 't', body: 'b', target: 'audience', target_id: 999999 }, 'Audience introuvable'],
      [{ title: 't', body: 'b', target: 'everyone', media_id: 999999 }, 'Fichier introuvable'],
    ];
    for (const [payload, message] of bad) {
      const res = await publishBroadcast(t, a.session, payload);
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await call(t, 'GET', 'broadcasts/received?limit=1000', a.session)).status).toBe(422);
  });
});

/** Its own app with the fan-out loop stopped: the test runs the batches one by one. */
describe('broadcast fan-out in the background', () => {
  let f: TestApp;
  beforeAll(async () => {
    f = await openTestApp();
    await f.app.messaging.broadcasts.stop();
  });
  afterAll(() => f.close());

  it('publish answers at once with status sending; the fan-out records recipients in batches, then sent with the count', async () => {
    const big = await createOwner(f, 'Grande Diffusion');
    // 250 more active agents (and one suspended, not reached), straight in the database.
    const made = await f.db.rows<{ id: number }>(sql`
      INSERT INTO users (username, first_name, last_name, type, email)
      SELECT 'fan-' || g || '-' || ${big.company.id}, 'Agent', g::text, 'agent', 'fan' || g || '.' || ${big.company.id} || '@test.cm'
        FROM generate_series(1, 251) g RETURNING id`);
    await f.db.rows(sql`INSERT INTO agents (company_id, user_id, status) SELECT ${big.company.id}, u, CASE WHEN u = ${made[0].id} THEN 'suspended' ELSE 'active' END
      FROM unnest(${`{${made.map((m) => m.id).join(',')}}`}::int[]) u`);
    const sent = await call(f, 'POST', 'broadcasts', big.session, { title: 'Assemblée', body: 'Samedi 10 h', target: 'everyone' });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ status: 'sending', recipient_count: 0, sent_at: null });
    const id = sent.body.data.id;
    const state = async () => (await call(f, 'GET', `broadcasts/${id}`, big.session)).body.data;
    const counts: number[] = [];
    const deps = { db: f.db, events: f.app.events };
    while (await fanOutNextBatch(deps, { batchSize: 100 })) {
      const now = await state();
      counts.push(now.recipient_count);
      if (now.status === 'sent') break;
      expect(now.status).toBe('sending');
    }
    // 251 reachable (250 + the owner): batches of 100, the last one short.
    expect(counts).toEqual([100, 200, 251]);
    const done = await state();
    expect(done).toMatchObject({ status: 'sent', recipient_count: 251 });
    expect(done.sent_at).not.toBeNull();
    const [{ recorded, notified }] = await f.db.rows<{ recorded: number; notified: number }>(sql`
      SELECT (SELECT count(*) FROM broadcast_recipients WHERE broadcast_id = ${id})::int AS recorded,
             (SELECT count(*) FROM notifications WHERE kind = 'broadcast' AND (data->>'broadcast_id')::int = ${id})::int AS notified`);
    expect({ recorded, notified }).toEqual({ recorded: 251, notified: 251 });
    expect((await call(f, 'GET', 'broadcasts/received', big.session)).body.data.map((r: any) => r.title)).toContain('Assemblée');
    // Nothing more to do: the next round finds no broadcast sending.
    expect(await fanOutNextBatch(deps, { batchSize: 100 })).toBe(false);
  });

  it('a broadcast whose group was deleted before its fan-out ends sent to nobody', async () => {
    const owner = await createOwner(f, 'Diffusion Orpheline');
    const [gone] = await f.db.orm.insert(groups).values({ company_id: owner.company.id, name: 'Éphémère' }).returning({ id: groups.id });
    const [row] = await f.db.rows<{ id: number }>(sql`
      INSERT INTO broadcasts (company_id, title, body, target, target_id, status) VALUES (${owner.company.id}, 'Orphelin', 'x', 'group', ${gone.id}, 'sending') RETURNING id`);
    await f.db.rows(sql`UPDATE groups SET deleted_at = now() WHERE id = ${gone.id}`);
    expect(await fanOutNextBatch({ db: f.db, events: f.app.events }, { batchSize: 100 })).toBe(true);
    expect((await call(f, 'GET', `broadcasts/${row.id}`, owner.session)).body.data).toMatchObject({ status: 'sent', recipient_count: 0 });
  });

});
