import type { EffectiveDefaultQuestions } from '@app/contracts/admin-catalogue';
import { adminCompanyFeatureSchema } from '@app/contracts/admin-company-features';
import { z } from 'zod';
import { fileResponse } from '../../http/file-responses';
import { EXPORT_FORMATS } from '../collection/exports/export-sinks';

/**
 * The back office's answers (contracts admin.ts) as zod schemas, declared as the mnt and
 * audit routes' responses. Raw statements give instants as Date objects, which the
 * serialiser writes as ISO strings: `instant` takes either.
 */
const instant = z.union([z.date(), z.string()]).describe('Instant ISO 8601 en UTC');
const id = z.number().int();
const count = z.number().int();

/** The streamed spreadsheets (mnt/companies, audit exports). */
export const xlsxResponse = fileResponse(EXPORT_FORMATS.xlsx.contentType, 'Classeur xlsx');

const adminCompanyRowShape = {
  id,
  name: z.string(),
  code: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(['active', 'suspended']),
  created_at: instant,
  sector_id: id.nullable(),
  sector: z.string().nullable(),
  category_id: id.nullable(),
  category: z.string().nullable(),
  town_id: id.nullable(),
  town: z.string().nullable(),
  package_id: id.nullable(),
  package: z.string().nullable(),
  agents: count,
  sites: count,
  surveys: count,
  participations: count,
};
export const adminCompanyRowSchema = z.object(adminCompanyRowShape);

export const adminCompanyDetailSchema = z.object({
  ...adminCompanyRowShape,
  address: z.string().nullable(),
  owner: z.object({ agent_id: id, user_id: id, name: z.string(), email: z.string().nullable() }).nullable(),
  workspaces: count,
  invoices: count,
  transactions: count,
  templates: count,
  features: z.array(adminCompanyFeatureSchema),
});

/** GET mnt/companies/bycustomer: an owner and the companies they own. */
export const companiesByOwnerSchema = z.object({
  user_id: id,
  name: z.string(),
  email: z.string().nullable(),
  companies: z.array(z.object({ id, name: z.string(), code: z.string(), status: z.string() })),
});

const childRowShape = {
  id,
  name: z.string().nullable(),
  detail: z.string().nullable().describe('Seconde ligne (code, contact, montant…)'),
  status: z.string().nullable(),
  created_at: instant,
  user_id: id.optional().describe('agents, partners, customers : le compte'),
  site_id: id.optional().describe('workspaces : le site'),
  default_for: z.string().optional().describe('questions : le type de cible'),
};
/** A row of a company's list opened by the admin (mnt/companies/{id}/{child}): one shape for every list. */
export const childRowSchema = z.object(childRowShape);

/**
 * One element of such a list: the summary plus every column of its table (the table
 * depends on the list, so the rest is open), secrets of the payment callbacks removed.
 */
export const childDetailSchema = z.looseObject(childRowShape);

export const auditEntrySchema = z.object({
  id,
  occurred_at: instant,
  actor_user_id: id.nullable(),
  actor_label: z.string().nullable(),
  ip: z.string().nullable().optional().describe('Journal de la plateforme seulement'),
  action: z.string(),
  object_type: z.string(),
  object_id: id.nullable(),
  company_id: id.nullable(),
  company_name: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});

export const adminDashboardSchema = z.object({
  companies: z.object({ active: count, suspended: count, new_30d: count, total: count }),
  users: z.object({ admin: count, agent: count, customer: count, suspended: count }),
  agents: count,
  per_day: z.array(z.object({ day: z.string(), participations: count, evaluations: count })),
  revenue_by_month: z.array(z.object({ month: z.string(), currency: z.string(), amount: z.number() })),
  payments: z.array(z.object({ provider: z.string(), status: z.string(), count, amount: z.number() })),
  busiest: z.array(z.object({ id, name: z.string(), code: z.string(), participations: count })),
});

/** GET mnt/companies/{id}/default-questions/{type}: what a new evaluation of this target kind starts with. */
export const effectiveDefaultQuestionsSchema = z.object({
  source: z.enum(['company', 'platform', 'none']).describe('company : ses propres questions ; platform : celles de la plateforme ; none : aucune'),
  questions: z.array(
    z.object({ id, label: z.string(), type: z.string(), required: z.boolean(), position: z.number().int(), company_id: id.nullable().describe('null : question de la plateforme') }),
  ),
}) satisfies z.ZodType<EffectiveDefaultQuestions>;
