import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app';
import { addMembership } from '../tenancy/agents/agents.repository';
import { call, createOwner, createTestUser, type Session, signIn } from '../tenancy/companies/tenancy.test-support';

/** Test helpers of the structure context: zones by name, bare agents, a seeded company. */

export async function zoneId(t: TestApp, name: string, type = 'town'): Promise<number> {
  const [row] = await t.db.rows<{ id: number }>(sql`SELECT id FROM zones WHERE name = ${name} AND type = ${type}`);
  if (!row) throw new Error(`no zone ${type} ${name}`);
  return row.id;
}

/** An agent of the company without any role: every permission is missing. */
export async function createBareAgent(t: TestApp, companyId: number): Promise<Session> {
  const user = await createTestUser(t, { first_name: 'Sansrôle', type: 'agent' });
  const agent = await t.db.transaction((tx) => addMembership(tx, { companyId, userId: user.id, withMemberRole: false }));
  const session = await signIn(t, user);
  session.agentId = agent.id;
  return session;
}

/** A member with the company's ordinary agent role. */
export async function createPlainMember(t: TestApp, companyId: number): Promise<{ session: Session; agentId: number }> {
  const user = await createTestUser(t, { first_name: 'Membre' });
  const agent = await t.db.transaction((tx) => addMembership(tx, { companyId, userId: user.id }));
  const session = await signIn(t, user);
  session.agentId = agent.id;
  return { session, agentId: agent.id };
}

export async function expectCreated(res: { status: number; body: any }, what: string) {
  if (res.status !== 201 && res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A company with one of everything, built through the API by its owner. */
export async function buildStructure(t: TestApp, name: string) {
  const owner = await createOwner(t, name);
  const s = owner.session;
  const douala = await zoneId(t, 'Douala');
  const site = await expectCreated(
    await call(t, 'POST', 'sites', s, { name: 'Agence Akwa', zone_id: douala, latitude: 4.0511, longitude: 9.7679, geofence_radius_m: 150 }),
    'site',
  );
  const workspace = await expectCreated(await call(t, 'POST', 'workspaces', s, { name: 'Guichet 1', code: 'G1', site_id: site.id }), 'workspace');
  const group = await expectCreated(await call(t, 'POST', 'groups', s, { name: 'Équipe Akwa', site_id: site.id }), 'group');
  const audience = await expectCreated(await call(t, 'POST', 'audiences', s, { name: 'Tous les agents', population: 'agents' }), 'audience');
  const sub = await expectCreated(
    await call(t, 'POST', `audiences/${audience.id}/sub/static`, s, { name: 'Liste fixe', member_ids: [owner.company.agent_id] }),
    'sub-audience',
  );
  const pole = await expectCreated(await call(t, 'POST', 'pointerests', s, { name: 'Commercial' }), 'pole');
  const node = await expectCreated(await call(t, 'POST', 'nodes', s, { pointerest_id: pole.id, name: 'Ventes' }), 'node');
  const contact = await expectCreated(await call(t, 'POST', 'contacts', s, { name: 'Paul Etoa', organisation: 'Mairie' }), 'contact');
  const survey = await expectCreated(await call(t, 'POST', 'surveys', s, { title: 'Visite de site' }), 'survey');
  return { ...owner, douala, site, workspace, group, audience, sub, pole, node, contact, survey };
}
