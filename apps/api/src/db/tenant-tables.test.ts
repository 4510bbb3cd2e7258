// Every table of a company's data carries company_id (docs/SCALING.md "Towards Citus"): it
// is the distribution column the day the schema is spread over several servers, and the
// key of tenant isolation today. A table without it must be named below, with the reason:
// platform or reference data (shared by every company), or a child row that reaches its
// company through its parent (a debt for the move to Citus, where it must get its own
// company_id to be co-located with its parent). A new table missing from both fails here.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { openTestDatabase } from '../test/test-db';

/** Platform and reference tables: one copy for the whole installation (Citus reference or local tables). */
const PLATFORM_TABLES: Record<string, string> = {
  companies: 'the tenants themselves: their id is the company_id of everything else',
  users: 'a person may belong to several companies (agents), or to none (respondents, customers)',
  devices: 'a user’s browsers and phones, across companies',
  sessions: 'sign-in sessions of a user, across companies',
  otps: 'one-time codes sent to a user',
  user_identities: 'social sign-in identities of a user',
  user_roles: 'platform-wide roles of a user (administrator, customer)',
  auth_throttles: 'brute-force counters per identifier and address, before any company is known',
  permissions: 'the catalogue of permissions, the same for every company',
  features: 'the catalogue of package features',
  packages: 'the packages the platform sells',
  package_features: 'what each package includes',
  category_features: 'the features a category of companies gets by default (the platform’s catalogue)',
  sectors: 'reference list of business sectors',
  categories: 'reference list of survey categories',
  zones: 'reference geography (countries, regions, towns)',
  outbox: 'e-mails and SMS waiting to be sent, for users as much as for companies',
  platform_invoice_counter: 'the platform’s own invoice numbering',
};

/**
 * Child tables whose company is their parent's, reached through the column named (a foreign
 * key, except for the result aggregates, which outlive nothing but are rebuilt from
 * participations). To get their own company_id before the move to Citus.
 */
const CHILD_TABLES: Record<string, { parent: string; via: string }> = {
  agent_roles: { parent: 'agents', via: 'agent_id' },
  role_permissions: { parent: 'roles', via: 'role_id' },
  group_members: { parent: 'groups', via: 'group_id' },
  audience_members: { parent: 'audiences', via: 'audience_id' },
  broadcast_recipients: { parent: 'broadcasts', via: 'broadcast_id' },
  chatroom_members: { parent: 'chatrooms', via: 'chatroom_id' },
  messages: { parent: 'chatrooms', via: 'chatroom_id' },
  invoice_lines: { parent: 'invoices', via: 'invoice_id' },
  site_agents: { parent: 'sites', via: 'site_id' },
  site_surveys: { parent: 'sites', via: 'site_id' },
  result_days: { parent: 'surveys', via: 'survey_id' },
  result_day_deltas: { parent: 'surveys', via: 'survey_id' },
  survey_structure_versions: { parent: 'surveys', via: 'survey_id' },
  survey_participation_counters: { parent: 'surveys', via: 'survey_id' },
};

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db?.close());

async function tablesWithCompany() {
  return db.rows<{ table_name: string; has_company: boolean }>(sql`
    SELECT t.table_name,
      EXISTS (SELECT 1 FROM information_schema.columns c
              WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.column_name = 'company_id') AS has_company
    FROM information_schema.tables t
    WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
    ORDER BY t.table_name`);
}

describe('tenant tables', () => {
  it('every table has company_id, or is a platform table or a child table named above', async () => {
    const tables = await tablesWithCompany();
    expect(tables.length).toBeGreaterThan(50);
    const without = tables.filter((t) => !t.has_company).map((t) => t.table_name);
    const unexplained = without.filter((t) => !(t in PLATFORM_TABLES) && !(t in CHILD_TABLES));
    expect(unexplained, 'a new table without company_id: add the column, or name it in PLATFORM_TABLES / CHILD_TABLES with the reason').toEqual([]);
  });

  it('the lists name only tables that exist and still lack company_id (no stale entry)', async () => {
    const tables = new Map((await tablesWithCompany()).map((t) => [t.table_name, t.has_company]));
    const stale = [...Object.keys(PLATFORM_TABLES), ...Object.keys(CHILD_TABLES)].filter((t) => tables.get(t) !== false);
    expect(stale).toEqual([]);
  });

  it('each child table has the column that leads to its parent, and that parent has company_id', async () => {
    const columns = await db.rows<{ table_name: string; column_name: string }>(sql`
      SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`);
    const has = (table: string, column: string) => columns.some((c) => c.table_name === table && c.column_name === column);
    for (const [child, { parent, via }] of Object.entries(CHILD_TABLES)) {
      expect(has(child, via), `${child}.${via}`).toBe(true);
      expect(has(parent, 'company_id'), `${parent}.company_id`).toBe(true);
    }
  });
});
