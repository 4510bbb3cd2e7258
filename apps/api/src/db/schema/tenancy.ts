import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { users } from './identity';
import { categories, sectors, zones } from './reference';
import { sites } from './structure';

/** A tenant: owns everything below it. `code` is public (company code, QR). */
export const companies = pgTable(
  'companies',
  {
    id: idColumn(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    sector_id: integer('sector_id').references(() => sectors.id, { onDelete: 'set null' }),
    /** Its category of company (kind `company`): brings the category's default features. */
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    zone_id: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    address: text('address'),
    email: text('email'),
    phone: text('phone'),
    logo: text('logo'),
    /** Joining needs an approval (request_to_join) unless the company is open. */
    status: text('status', { enum: ['active', 'suspended'] }).notNull().default('active'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('companies_code_unique').on(t.code), index('companies_category_idx').on(t.category_id)],
);

/** A user's membership of one company. */
export const agents = pgTable(
  'agents',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    job: text('job'),
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    status: text('status', { enum: ['active', 'invited', 'suspended'] }).notNull().default('active'),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agents_company_user_unique').on(t.company_id, t.user_id),
    index('agents_user_idx').on(t.user_id),
  ],
);

/** A team of agents inside a company, optionally attached to a site. */
export const groups = pgTable(
  'groups',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    site_id: integer('site_id').references((): AnyPgColumn => sites.id, { onDelete: 'set null' }),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('groups_company_idx').on(t.company_id), index('groups_site_idx').on(t.site_id)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    group_id: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    agent_id: integer('agent_id').notNull().references(() => agents.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.group_id, t.agent_id] }), index('group_members_agent_idx').on(t.agent_id)],
);

/** An invitation to join a company as an agent. */
export const invitations = pgTable(
  'invitations',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    host_agent_id: integer('host_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    guest_user_id: integer('guest_user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    phone: text('phone'),
    datas: jsonb('datas').$type<{ job?: string; first_name?: string; last_name?: string }>().notNull().default({}),
    status: text('status', { enum: ['pending', 'accepted', 'refused', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    guest_agent_id: integer('guest_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    /** Opens the invitation by `public/getobject/invitation/{code}` (section 7): 16 random hex digits. */
    code: text('code')
      .notNull()
      .default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 16))`),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    responded_at: timestamp('responded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('invitations_company_idx').on(t.company_id),
    index('invitations_guest_idx').on(t.guest_user_id),
    index('invitations_email_idx').on(t.email),
    uniqueIndex('invitations_code_unique').on(t.code),
  ],
);

/** Permission slugs `object.action`. */
export const permissions = pgTable(
  'permissions',
  {
    id: idColumn(),
    object: text('object').notNull(),
    action: text('action').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    ...timestamps,
  },
  (t) => [uniqueIndex('permissions_slug_unique').on(t.slug)],
);

/** Roles are global (company_id null: admin, customer, partner) or owned by one company. */
export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    state: text('state', { enum: ['active', 'inactive'] }).notNull().default('active'),
    /** Granted every permission (a company's owner role, the platform admin role). */
    is_owner: boolean('is_owner').notNull().default(false),
    ...timestamps,
  },
  (t) => [unique('roles_company_slug_unique').on(t.company_id, t.slug).nullsNotDistinct()],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role_id: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role_id] })],
);

export const agentRoles = pgTable(
  'agent_roles',
  {
    agent_id: integer('agent_id').notNull().references(() => agents.id, { onDelete: 'cascade' }),
    role_id: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.agent_id, t.role_id] })],
);

/** A request someone must decide on (join request, survey publication, ...). */
export const approvals = pgTable(
  'approvals',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    approvalable_type: text('approvalable_type').notNull(),
    approvalable_id: integer('approvalable_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    decided_by: integer('decided_by').references(() => agents.id, { onDelete: 'set null' }),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
    ...timestamps,
  },
  (t) => [
    index('approvals_company_status_idx').on(t.company_id, t.status, t.created_at),
    // One pending join request per person and company, even under concurrent requests.
    uniqueIndex('approvals_pending_join_unique')
      .on(t.company_id, t.user_id)
      .where(sql`${t.status} = 'pending' AND ${t.approvalable_type} = 'join_request'`),
  ],
);
