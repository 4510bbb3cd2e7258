import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../modules/identity/auth/password';
import { createUser } from '../modules/identity/users/users.repository';
import { addMembership } from '../modules/tenancy/agents/agents.repository';
import type { Database } from '../db/client';
import {
  agents,
  audienceMembers,
  audiences,
  companies,
  companyZones,
  contacts,
  groupMembers,
  groups,
  nodes,
  pins,
  pointerests,
  siteAgents,
  sites,
  siteSurveys,
  surveys,
  users,
  workspaces,
  zones,
} from '../db/schema';

/** Field agents of Démo SARL (password: the demo password). */
export const DEMO_FIELD_AGENTS = [
  { email: 'mireille.ngo@demo.cm', first_name: 'Mireille', last_name: 'Ngo Bayiha', job: 'Enquêtrice', site: 'AKWA' },
  { email: 'samuel.eto@demo.cm', first_name: 'Samuel', last_name: 'Eto’o Mbarga', job: 'Enquêteur', site: 'AKWA' },
  { email: 'grace.ndzie@demo.cm', first_name: 'Grâce', last_name: 'Ndzie', job: 'Caissière', site: 'BNJ' },
  { email: 'herve.tchamba@demo.cm', first_name: 'Hervé', last_name: 'Tchamba', job: 'Superviseur', site: 'BSTS' },
  { email: 'carine.abena@demo.cm', first_name: 'Carine', last_name: 'Abena', job: 'Enquêtrice', site: 'BSTS' },
  { email: 'yves.kamga@demo.cm', first_name: 'Yves', last_name: 'Kamga', job: 'Magasinier', site: 'BNB' },
] as const;

/** Sites of Démo SARL: real places of Douala and Yaoundé, with a geofence each. */
const DEMO_SITES = [
  { code: 'AKWA', name: 'Agence Akwa', town: 'Douala', address: 'Boulevard de la Liberté, Akwa', lat: 4.0511, lng: 9.7679, radius: 150 },
  { code: 'BNJ', name: 'Agence Bonanjo', town: 'Douala', address: 'Rue Joss, Bonanjo', lat: 4.0435, lng: 9.6966, radius: 120 },
  { code: 'BNB', name: 'Dépôt de Bonabéri', town: 'Douala', address: 'Zone industrielle de Bonabéri', lat: 4.0727, lng: 9.6622, radius: 300 },
  { code: 'BSTS', name: 'Agence Bastos', town: 'Yaoundé', address: 'Avenue Valéry Giscard d’Estaing, Bastos', lat: 3.886, lng: 11.509, radius: 150 },
  { code: 'MVGB', name: 'Agence Mvog-Mbi', town: 'Yaoundé', address: 'Carrefour Mvog-Mbi', lat: 3.8517, lng: 11.5208, radius: 100 },
] as const;

const DEMO_WORKSPACES = [
  { site: 'AKWA', code: 'AKWA-G1', name: 'Guichet 1', kind: 'counter' },
  { site: 'AKWA', code: 'AKWA-G2', name: 'Guichet 2', kind: 'counter' },
  { site: 'AKWA', code: 'AKWA-B1', name: 'Bureau du chef d’agence', kind: 'desk' },
  { site: 'BNJ', code: 'BNJ-G1', name: 'Guichet principal', kind: 'counter' },
  { site: 'BNB', code: 'BNB-M1', name: 'Magasin', kind: 'room' },
  { site: 'BSTS', code: 'BSTS-G1', name: 'Guichet 1', kind: 'counter' },
  { site: 'BSTS', code: 'BSTS-S1', name: 'Boutique', kind: 'shop' },
] as const;

const DEMO_CONTACTS = [
  { name: 'Jean-Marc Essomba', organisation: 'Communauté urbaine de Douala', phone: '+237699112233', email: 'jm.essomba@exemple.cm', town: 'Douala' },
  { name: 'Florence Mbida', organisation: 'Chambre de commerce', phone: '+237677445566', email: 'f.mbida@exemple.cm', town: 'Yaoundé' },
  { name: 'Ibrahim Oumarou', organisation: 'Transports Oumarou', phone: '+237655778899', email: null, town: 'Douala' },
  { name: 'Sandrine Nkolo', organisation: 'Chambre de commerce', phone: null, email: 's.nkolo@exemple.cm', town: 'Douala' },
  { name: 'Paul Biyong', organisation: 'Cabinet Biyong', phone: '+237690001122', email: 'p.biyong@exemple.cm', town: 'Yaoundé' },
] as const;

/** Pole → tree of nodes (name → children). */
const DEMO_POLES: Record<string, Record<string, string[]>> = {
  'Direction commerciale': { 'Région Littoral': ['Douala Centre', 'Douala Nord'], 'Région Centre': ['Yaoundé'] },
  Opérations: { Logistique: ['Dépôts', 'Livraisons'], Qualité: [] },
};

async function townId(tx: Database, name: string): Promise<number | null> {
  const [row] = await tx.orm.select({ id: zones.id }).from(zones).where(and(eq(zones.type, 'town'), eq(zones.name, name)));
  return row?.id ?? null;
}

async function regionId(tx: Database, name: string): Promise<number | null> {
  const [row] = await tx.orm.select({ id: zones.id }).from(zones).where(and(eq(zones.type, 'region'), eq(zones.name, name)));
  return row?.id ?? null;
}

/** The field agents' accounts and memberships (created once; existing rows untouched). */
async function ensureFieldAgents(tx: Database, companyId: number, passwordHash: string): Promise<Map<string, number>> {
  const agentIdByEmail = new Map<string, number>();
  for (const person of DEMO_FIELD_AGENTS) {
    let [user] = await tx.orm.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${person.email}`);
    user ??= await createUser(tx, { ...person, type: 'agent', password_hash: passwordHash, email_verified_at: new Date() });
    const [existing] = await tx.orm
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.company_id, companyId), eq(agents.user_id, user.id)));
    const agentId = existing?.id ?? (await addMembership(tx, { companyId, userId: user.id, job: person.job })).id;
    agentIdByEmail.set(person.email, agentId);
  }
  return agentIdByEmail;
}

/**
 * The structure of Démo SARL: sites in Douala and Yaoundé with coordinates and geofences,
 * their workspaces and agents, groups, an audience with two sub-audiences, a tree of
 * poles and nodes, contacts and the company's zones. Runs once: a company that already
 * has sites is left as it is.
 */
export async function seedDemoStructure(db: Database, companyCode: string, ownerEmail: string, password: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtext('seed-demo-structure'))`);
    const [company] = await tx.orm.select({ id: companies.id }).from(companies).where(and(eq(companies.code, companyCode), isNull(companies.deleted_at)));
    if (!company) return;
    const companyId = company.id;
    const [anySite] = await tx.orm.select({ id: sites.id }).from(sites).where(eq(sites.company_id, companyId)).limit(1);
    if (anySite) return;
    const [owner] = await tx.orm
      .select({ id: agents.id, userId: agents.user_id })
      .from(agents)
      .innerJoin(users, eq(users.id, agents.user_id))
      .where(and(eq(agents.company_id, companyId), sql`lower(${users.email}) = ${ownerEmail}`));
    const fieldAgents = await ensureFieldAgents(tx, companyId, await hashPassword(password));

    const siteIds = new Map<string, number>();
    for (const site of DEMO_SITES) {
      const [row] = await tx.orm
        .insert(sites)
        .values({
          company_id: companyId,
          name: site.name,
          code: site.code,
          zone_id: await townId(tx, site.town),
          address: site.address,
          latitude: site.lat,
          longitude: site.lng,
          geofence_radius_m: site.radius,
          manager_agent_id: owner?.id ?? null,
        })
        .returning({ id: sites.id });
      siteIds.set(site.code, row.id);
    }
    await tx.orm.insert(workspaces).values(DEMO_WORKSPACES.map((w) => ({ company_id: companyId, site_id: siteIds.get(w.site)!, name: w.name, code: w.code, kind: w.kind })));
    await tx.orm
      .insert(siteAgents)
      .values(DEMO_FIELD_AGENTS.map((p) => ({ site_id: siteIds.get(p.site)!, agent_id: fieldAgents.get(p.email)! })))
      .onConflictDoNothing();

    const agentsOf = (...emails: string[]) => emails.map((e) => fieldAgents.get(e)!);
    const groupSpecs = [
      { name: 'Équipe Douala', description: 'Enquêteurs des agences de Douala', site: 'AKWA', members: agentsOf('mireille.ngo@demo.cm', 'samuel.eto@demo.cm', 'grace.ndzie@demo.cm') },
      { name: 'Équipe Yaoundé', description: 'Enquêteurs des agences de Yaoundé', site: 'BSTS', members: agentsOf('herve.tchamba@demo.cm', 'carine.abena@demo.cm') },
      { name: 'Superviseurs', description: 'Contrôle qualité sur le terrain', site: null, members: [...agentsOf('herve.tchamba@demo.cm'), ...(owner ? [owner.id] : [])] },
    ];
    const groupIds = new Map<string, number>();
    for (const spec of groupSpecs) {
      const [group] = await tx.orm
        .insert(groups)
        .values({ company_id: companyId, name: spec.name, description: spec.description, site_id: spec.site ? siteIds.get(spec.site)! : null })
        .returning({ id: groups.id });
      await tx.orm.insert(groupMembers).values(spec.members.map((agent_id) => ({ group_id: group.id, agent_id })));
      groupIds.set(spec.name, group.id);
    }

    const littoral = await regionId(tx, 'Littoral');
    const [all] = await tx.orm
      .insert(audiences)
      .values({ company_id: companyId, name: 'Tous les agents', description: 'Toute l’équipe de Démo SARL', population: 'agents' })
      .returning({ id: audiences.id });
    if (littoral) {
      await tx.orm.insert(audiences).values({
        company_id: companyId,
        parent_id: all.id,
        name: 'Agents du Littoral',
        description: 'Agents rattachés à un site de la région du Littoral',
        population: 'agents',
        mode: 'rule',
        rule: { match: 'all', conditions: [{ field: 'zone', operator: 'in', values: [littoral] }] },
      });
    }
    const [chosen] = await tx.orm
      .insert(audiences)
      .values({ company_id: companyId, parent_id: all.id, name: 'Référents qualité', population: 'agents', mode: 'static' })
      .returning({ id: audiences.id });
    await tx.orm.insert(audienceMembers).values(agentsOf('herve.tchamba@demo.cm', 'mireille.ngo@demo.cm').map((member_id) => ({ audience_id: chosen.id, member_id })));
    await tx.orm.insert(audiences).values({ company_id: companyId, name: 'Partenaires institutionnels', population: 'contacts' });

    for (const [poleName, tree] of Object.entries(DEMO_POLES)) {
      const [pole] = await tx.orm.insert(pointerests).values({ company_id: companyId, name: poleName }).returning({ id: pointerests.id });
      for (const [position, [branch, leaves]] of Object.entries(tree).entries()) {
        const [parent] = await tx.orm
          .insert(nodes)
          .values({ company_id: companyId, pointerest_id: pole.id, name: branch, position })
          .returning({ id: nodes.id });
        if (leaves.length) {
          await tx.orm.insert(nodes).values(leaves.map((name, i) => ({ company_id: companyId, pointerest_id: pole.id, parent_id: parent.id, name, position: i })));
        }
      }
    }

    for (const contact of DEMO_CONTACTS) {
      const { town, ...values } = contact;
      await tx.orm.insert(contacts).values({ company_id: companyId, ...values, zone_id: await townId(tx, town) });
    }
    for (const region of ['Littoral', 'Centre']) {
      const id = await regionId(tx, region);
      if (id) await tx.orm.insert(companyZones).values({ company_id: companyId, zone_id: id }).onConflictDoNothing();
    }
    // The owner's "Épinglés" card and pinned-first lists have something to show.
    if (owner) {
      await tx.orm
        .insert(pins)
        .values([
          { user_id: owner.userId, company_id: companyId, pinnable_type: 'sites', pinnable_id: siteIds.get('AKWA')! },
          { user_id: owner.userId, company_id: companyId, pinnable_type: 'groups', pinnable_id: groupIds.get('Superviseurs')! },
        ])
        .onConflictDoNothing();
    }
    const [survey] = await tx.orm.select({ id: surveys.id }).from(surveys).where(and(eq(surveys.company_id, companyId), isNull(surveys.deleted_at))).limit(1);
    if (survey) {
      await tx.orm.insert(siteSurveys).values(['AKWA', 'BSTS'].map((code) => ({ site_id: siteIds.get(code)!, survey_id: survey.id })));
    }
  });
}

