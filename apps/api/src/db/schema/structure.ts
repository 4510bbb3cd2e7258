import {
  type AnyPgColumn,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AudienceRule } from '@app/contracts/structure';
import { idColumn, timestamps } from './columns';
import { users } from './identity';
import { zones } from './reference';
import { surveys } from './surveys';
import { agents, companies } from './tenancy';

/** A place the company works at (shop, branch, health centre). `code` is public. */
export const sites = pgTable(
  'sites',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** A town; its region and country follow from the zone tree. */
    zone_id: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    geofence_radius_m: integer('geofence_radius_m'),
    photo: text('photo'),
    manager_agent_id: integer('manager_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sites_company_code_unique').on(t.company_id, t.code),
    index('sites_company_zone_idx').on(t.company_id, t.zone_id),
    index('sites_company_name_idx').on(t.company_id, t.name),
  ],
);

/** Agents (or partners) attached to a site. */
export const siteAgents = pgTable(
  'site_agents',
  {
    site_id: integer('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
    agent_id: integer('agent_id').notNull().references(() => agents.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.site_id, t.agent_id] }), index('site_agents_agent_idx').on(t.agent_id)],
);

/** A place of work inside a site (counter, desk, shop). */
export const workspaces = pgTable(
  'workspaces',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    site_id: integer('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    kind: text('kind').notNull().default('counter'),
    status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('workspaces_company_code_unique').on(t.company_id, t.code), index('workspaces_site_idx').on(t.site_id)],
);

/**
 * A set of people the company addresses. A top audience (parent null) takes a whole
 * population of the company (agents or contacts), optionally narrowed by its rule; a
 * sub-audience (parent set) narrows its parent by a static list or a rule.
 */
export const audiences = pgTable(
  'audiences',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    parent_id: integer('parent_id').references((): AnyPgColumn => audiences.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    population: text('population', { enum: ['agents', 'contacts'] }).notNull(),
    mode: text('mode', { enum: ['all', 'static', 'rule'] }).notNull().default('all'),
    rule: jsonb('rule').$type<AudienceRule>(),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('audiences_company_idx').on(t.company_id), index('audiences_parent_idx').on(t.parent_id)],
);

/** Members of a static sub-audience: ids in its population (agents.id or contacts.id). */
export const audienceMembers = pgTable(
  'audience_members',
  {
    audience_id: integer('audience_id').notNull().references(() => audiences.id, { onDelete: 'cascade' }),
    member_id: integer('member_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.audience_id, t.member_id] })],
);

/** An organisational pole of the company (`pointerests` in the API). */
export const pointerests = pgTable(
  'pointerests',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('pointerests_company_idx').on(t.company_id)],
);

/** A node of a pole's tree; siblings are ordered by `position`. */
export const nodes = pgTable(
  'nodes',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    pointerest_id: integer('pointerest_id').notNull().references(() => pointerests.id, { onDelete: 'cascade' }),
    parent_id: integer('parent_id').references((): AnyPgColumn => nodes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('nodes_pole_parent_idx').on(t.pointerest_id, t.parent_id, t.position)],
);

/** The company's contact records. */
export const contacts = pgTable(
  'contacts',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    organisation: text('organisation'),
    phone: text('phone'),
    email: text('email'),
    notes: text('notes'),
    zone_id: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('contacts_company_name_idx').on(t.company_id, t.name)],
);

/** Zones a company works in, picked from the reference zones. */
export const companyZones = pgTable(
  'company_zones',
  {
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    zone_id: integer('zone_id').notNull().references(() => zones.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.zone_id] })],
);

/** Surveys assigned to a site. */
export const siteSurveys = pgTable(
  'site_surveys',
  {
    site_id: integer('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
    survey_id: integer('survey_id').notNull().references(() => surveys.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.site_id, t.survey_id] })],
);

/** An object a user pinned, shown first in lists and on the dashboard. */
export const pins = pgTable(
  'pins',
  {
    id: idColumn(),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    pinnable_type: text('pinnable_type').notNull(),
    pinnable_id: integer('pinnable_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pins_user_object_unique').on(t.user_id, t.pinnable_type, t.pinnable_id)],
);

/** One accepted import file; its checksum makes a re-upload of the same file a no-op. */
export const structureImports = pgTable(
  'structure_imports',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['agents', 'workspaces'] }).notNull(),
    checksum: text('checksum').notNull(),
    file_name: text('file_name'),
    rows: integer('rows').notNull(),
    created: integer('created').notNull(),
    skipped: integer('skipped').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('structure_imports_company_idx').on(t.company_id, t.kind, t.checksum)],
);
