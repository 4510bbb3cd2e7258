import { ADMIN_ROLE_SLUG, CUSTOMER_ROLE_SLUG, OWNER_ROLE_SLUG, PARTNER_ROLE_SLUG } from '@app/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../modules/identity/auth/password';
import { addMembership, findMembership } from '../modules/tenancy/agents/agents.repository';
import { createCompanyRoles } from '../modules/tenancy/companies/companies.repository';
import { createUser, grantGlobalRole } from '../modules/identity/users/users.repository';
import type { Database } from '../db/client';
import { agentRoles, companies, roles, sectors, users, zones } from '../db/schema';
import { seedDemoCategories } from './demo-categories';
import { seedDemoStructure } from './demo-structure';
import { seedDemoCommerce } from './demo-commerce';
import { seedDemoMessaging } from './demo-messaging';
import { seedDemoSurvey } from './demo-survey';
import { seedDemoEvaluations } from './demo-evaluations';
import { seedDemoSupervision } from './demo-supervision';
import { seedDemoScores } from './demo-scores';
import { seedDemoCatalogue } from './demo-catalogue';
import { seedDemoPlatform } from './demo-platform';

/** The password of every demo account (listed in README.md, "Comptes de démonstration"). */
export const DEMO_PASSWORD = 'Demo2026!';

export interface DemoAccount {
  email: string;
  first_name: string;
  last_name: string;
  type: 'admin' | 'agent' | 'customer';
}

export interface DemoCompany {
  code: string;
  name: string;
  town: string;
  sector: string;
}

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.cm', first_name: 'Aline', last_name: 'Administratrice', type: 'admin' },
  agent: { email: 'agent@demo.cm', first_name: 'Alain', last_name: 'Ndongo', type: 'agent' },
  partner: { email: 'partner@demo.cm', first_name: 'Patricia', last_name: 'Ekane', type: 'agent' },
  customer: { email: 'client@demo.cm', first_name: 'Claude', last_name: 'Mballa', type: 'customer' },
  otherAgent: { email: 'agent@autre.cm', first_name: 'Odile', last_name: 'Fotso', type: 'agent' },
} as const satisfies Record<string, DemoAccount>;

export const DEMO_COMPANIES = {
  demo: { code: 'DEMSRL', name: 'Démo SARL', town: 'Douala', sector: 'services' },
  other: { code: 'AUTRES', name: 'Autre Entreprise', town: 'Yaoundé', sector: 'retail' },
} as const satisfies Record<string, DemoCompany>;

export type Tx = Database;

/** The account with this e-mail, created with the demo password when absent (never reset). */
export async function ensureAccount(tx: Tx, account: DemoAccount, passwordHash: () => Promise<string>): Promise<number> {
  // Deleted accounts count too: their e-mail stays taken, and a deletion is respected.
  const [existing] = await tx.orm.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${account.email}`);
  if (existing) return existing.id;
  const user = await createUser(tx, {
    ...account,
    password_hash: await passwordHash(),
    email_verified_at: new Date(),
  });
  if (account.type === 'admin') await grantGlobalRole(tx, user.id, ADMIN_ROLE_SLUG);
  if (account.type === 'customer') await grantGlobalRole(tx, user.id, CUSTOMER_ROLE_SLUG);
  return user.id;
}

/** The company with this code, created (with its default roles) when absent. */
export async function ensureCompany(tx: Tx, company: DemoCompany, createdBy: number): Promise<number> {
  const [existing] = await tx.orm.select({ id: companies.id }).from(companies).where(eq(companies.code, company.code));
  if (existing) return existing.id;
  const [town] = await tx.orm
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.type, 'town'), eq(zones.name, company.town)));
  const [sector] = await tx.orm.select({ id: sectors.id }).from(sectors).where(eq(sectors.code, company.sector));
  const [created] = await tx.orm
    .insert(companies)
    .values({ name: company.name, code: company.code, zone_id: town?.id ?? null, sector_id: sector?.id ?? null, created_by: createdBy })
    .returning({ id: companies.id });
  await createCompanyRoles(tx, created.id);
  return created.id;
}

/** Makes the user an agent of the company holding `roleSlug` (company role first, else global). */
export async function ensureMember(tx: Tx, companyId: number, userId: number, roleSlug: string, job: string): Promise<void> {
  if (await findMembership(tx, companyId, userId)) return;
  const agent = await addMembership(tx, { companyId, userId, job, withMemberRole: roleSlug === OWNER_ROLE_SLUG });
  const [role] = await tx.orm
    .select({ id: roles.id })
    .from(roles)
    .where(
      roleSlug === PARTNER_ROLE_SLUG
        ? and(isNull(roles.company_id), eq(roles.slug, roleSlug))
        : and(eq(roles.company_id, companyId), eq(roles.slug, roleSlug)),
    );
  if (role) await tx.orm.insert(agentRoles).values({ agent_id: agent.id, role_id: role.id }).onConflictDoNothing();
}

/**
 * Demo data for trying the product: a platform admin, the company "Démo SARL" (Douala)
 * with its owner agent and a partner, a customer, and "Autre Entreprise" with its own
 * agent to show that companies do not see each other. Idempotent: existing accounts and
 * companies are left as they are (a changed password stays changed).
 */
export async function seedDemoData(db: Database): Promise<void> {
  let hash: Promise<string> | null = null;
  const passwordHash = () => (hash ??= hashPassword(DEMO_PASSWORD));
  await db.transaction(async (tx) => {
    // Several API processes may start together: one seeds, the others wait then find it done.
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtext('seed-demo-data'))`);
    const adminId = await ensureAccount(tx, DEMO_ACCOUNTS.admin, passwordHash);
    const agentId = await ensureAccount(tx, DEMO_ACCOUNTS.agent, passwordHash);
    const partnerId = await ensureAccount(tx, DEMO_ACCOUNTS.partner, passwordHash);
    await ensureAccount(tx, DEMO_ACCOUNTS.customer, passwordHash);
    const otherId = await ensureAccount(tx, DEMO_ACCOUNTS.otherAgent, passwordHash);

    const demoId = await ensureCompany(tx, DEMO_COMPANIES.demo, adminId);
    await ensureMember(tx, demoId, agentId, OWNER_ROLE_SLUG, 'Directeur');
    await ensureMember(tx, demoId, partnerId, PARTNER_ROLE_SLUG, 'Partenaire commercial');
    const otherCompanyId = await ensureCompany(tx, DEMO_COMPANIES.other, adminId);
    await ensureMember(tx, otherCompanyId, otherId, OWNER_ROLE_SLUG, 'Gérante');
  });
  await seedDemoSurvey(db, DEMO_COMPANIES.demo.code, DEMO_ACCOUNTS.agent.email);
  await seedDemoStructure(db, DEMO_COMPANIES.demo.code, DEMO_ACCOUNTS.agent.email, DEMO_PASSWORD);
  await seedDemoCommerce(db, DEMO_COMPANIES.demo.code, DEMO_ACCOUNTS.customer.email);
  await seedDemoEvaluations(db, DEMO_COMPANIES.demo.code, DEMO_ACCOUNTS.agent.email);
  await seedDemoSupervision(db, DEMO_COMPANIES.demo.code, DEMO_ACCOUNTS.agent.email);
  await seedDemoMessaging(db, DEMO_COMPANIES.demo.code, DEMO_ACCOUNTS.customer.email);
  await seedDemoScores(db, DEMO_COMPANIES.demo.code, DEMO_ACCOUNTS.agent.email, DEMO_ACCOUNTS.customer.email);
  // Last, so the ids of everything above stay what they were before it existed.
  await seedDemoPlatform(db, passwordHash);
  await seedDemoCatalogue(db, DEMO_COMPANIES.demo.code, DEMO_ACCOUNTS.customer.email);
  await seedDemoCategories(db);
}
