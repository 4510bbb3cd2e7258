import { OWNER_ROLE_SLUG } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies, participations, sites, surveys, zones } from '../db/schema';
import { type DemoAccount, type DemoCompany, ensureAccount, ensureCompany, ensureMember } from './demo';

/**
 * More companies for the back office to look at (issue 19): several sectors and towns,
 * one suspended, each with its owner, geolocated sites, a published form and
 * participations over the last weeks. Seeded after every other demo row, so the ids the
 * other demo data and tests rely on do not move; idempotent (a company already there is
 * left as it is).
 */
interface PlatformCompany extends DemoCompany {
  owner: DemoAccount;
  status: 'active' | 'suspended';
  sites: { name: string; lat: number; lng: number }[];
  participations: number;
}

const owner = (email: string, first_name: string, last_name: string): DemoAccount => ({ email, first_name, last_name, type: 'agent' });

export const DEMO_PLATFORM_COMPANIES: readonly PlatformCompany[] = [
  {
    code: 'BKWURE',
    name: 'Boulangerie du Wouri',
    town: 'Douala',
    sector: 'hospitality',
    owner: owner('proprio.wouri@demo.cm', 'Jeanne', 'Ebogo'),
    status: 'active',
    sites: [
      { name: 'Boutique Akwa', lat: 4.0511, lng: 9.7043 },
      { name: 'Boutique Bonamoussadi', lat: 4.0889, lng: 9.7425 },
    ],
    participations: 42,
  },
  {
    code: 'CMWEST',
    name: 'Crédit Mutuel de l’Ouest',
    town: 'Bafoussam',
    sector: 'bank',
    owner: owner('proprio.cmwest@demo.cm', 'Paul', 'Kamdem'),
    status: 'active',
    sites: [
      { name: 'Agence Bafoussam centre', lat: 5.4781, lng: 10.4176 },
      { name: 'Agence Dschang', lat: 5.4443, lng: 10.0534 },
      { name: 'Agence Mbouda', lat: 5.6261, lng: 10.2546 },
    ],
    participations: 64,
  },
  {
    code: 'AGRSHL',
    name: 'Agro Sahel',
    town: 'Garoua',
    sector: 'agri',
    owner: owner('proprio.agrosahel@demo.cm', 'Aïssatou', 'Bello'),
    status: 'active',
    sites: [{ name: 'Entrepôt de Garoua', lat: 9.3017, lng: 13.3921 }],
    participations: 23,
  },
  {
    code: 'CLNQSP',
    name: 'Clinique de l’Espoir',
    town: 'Yaoundé',
    sector: 'health',
    owner: owner('proprio.espoir@demo.cm', 'Martin', 'Owona'),
    status: 'active',
    sites: [
      { name: 'Clinique Bastos', lat: 3.8967, lng: 11.5156 },
      { name: 'Antenne Mvog-Mbi', lat: 3.8480, lng: 11.5180 },
    ],
    participations: 31,
  },
  {
    code: 'KRBLGX',
    name: 'Kribi Logistique',
    town: 'Kribi',
    sector: 'transport',
    owner: owner('proprio.kribi@demo.cm', 'Samuel', 'Ngono'),
    status: 'suspended',
    sites: [{ name: 'Dépôt du port', lat: 2.9391, lng: 9.9101 }],
    participations: 9,
  },
  {
    code: 'BMDNST',
    name: 'Institut de Bamenda',
    town: 'Bamenda',
    sector: 'education',
    owner: owner('proprio.bamenda@demo.cm', 'Grace', 'Ndifor'),
    status: 'active',
    sites: [{ name: 'Campus de Nkwen', lat: 5.9631, lng: 10.1591 }],
    participations: 15,
  },
];

const DAY = 86_400_000;

async function seedOne(tx: Database, company: PlatformCompany, adminId: number, passwordHash: () => Promise<string>) {
  const [existing] = await tx.orm.select({ id: companies.id }).from(companies).where(eq(companies.code, company.code));
  if (existing) return;
  const ownerId = await ensureAccount(tx, company.owner, passwordHash);
  const companyId = await ensureCompany(tx, company, adminId);
  await ensureMember(tx, companyId, ownerId, OWNER_ROLE_SLUG, 'Gérant(e)');
  if (company.status === 'suspended') await tx.orm.update(companies).set({ status: 'suspended' }).where(eq(companies.id, companyId));
  const [town] = await tx.orm.select({ id: zones.id }).from(zones).where(sql`${zones.type} = 'town' AND ${zones.name} = ${company.town}`);
  const siteRows = await tx.orm
    .insert(sites)
    .values(company.sites.map((s, i) => ({ company_id: companyId, name: s.name, code: `S${i + 1}`, zone_id: town?.id ?? null, latitude: s.lat, longitude: s.lng, geofence_radius_m: 300 })))
    .returning({ id: sites.id });
  const [survey] = await tx.orm
    .insert(surveys)
    .values({ company_id: companyId, code: `${company.code}F1`, title: `Satisfaction — ${company.name}`, type: 'form', status: 'published', published_at: new Date(), author_user_id: ownerId })
    .returning({ id: surveys.id });
  await tx.rows(sql`INSERT INTO site_surveys (site_id, survey_id) SELECT s, ${survey.id} FROM unnest(${`{${siteRows.map((r) => r.id).join(',')}}`}::int[]) AS s`);
  const now = Date.now();
  const rows = Array.from({ length: company.participations }, (_, i) => {
    const site = company.sites[i % company.sites.length];
    const at = new Date(now - ((i * 7) % 28) * DAY - (i % 9) * 3_600_000);
    return {
      survey_id: survey.id,
      company_id: companyId,
      status: 'submitted' as const,
      latitude: site.lat + ((i % 5) - 2) * 0.001,
      longitude: site.lng + ((i % 3) - 1) * 0.001,
      client_uuid: `demo-${company.code.toLowerCase()}-${String(i + 1).padStart(4, '0')}`,
      started_at: at,
      submitted_at: at,
      created_at: at,
      updated_at: at,
    };
  });
  if (rows.length) await tx.orm.insert(participations).values(rows);
}

export async function seedDemoPlatform(db: Database, passwordHash: () => Promise<string>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtext('seed-demo-platform'))`);
    const [admin] = await tx.rows<{ id: number }>(sql`SELECT id FROM users WHERE lower(email) = 'admin@demo.cm'`);
    if (!admin) return;
    for (const company of DEMO_PLATFORM_COMPANIES) await seedOne(tx, company, admin.id, passwordHash);
  });
}
