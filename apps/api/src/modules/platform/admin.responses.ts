import type { AdminArticleCategories } from '@app/contracts/admin-catalogue';
import {
  ACROSS_FACT_KEYS,
  type AdminOverview,
  PLATFORM_AUDIENCES,
  USER_STATUSES,
  USER_TYPES,
} from '@app/contracts/admin-platform';
import { z } from 'zod';

/**
 * The platform back office's answers (contracts admin-platform.ts) as zod schemas, typed
 * by the routes against what the services return (contracts' interfaces). Raw statements give instants as Date objects, which
 * the serialiser writes as ISO strings: `instant` takes either.
 */
const instant = z.union([z.date(), z.string()]).describe('Instant ISO 8601 en UTC');
const id = z.number().int();

export const adminUserRowShape = {
  id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  type: z.enum(USER_TYPES),
  status: z.enum(USER_STATUSES),
  email_verified_at: instant.nullable(),
  phone_verified_at: instant.nullable(),
  last_sign_in_at: instant.nullable(),
  companies_count: z.number().int(),
  created_at: instant,
};
export const adminUserRowSchema = z.object(adminUserRowShape);

export const adminUserDetailSchema = z.object({
  ...adminUserRowShape,
  username: z.string().nullable(),
  locale: z.string(),
  has_to_change_password: z.boolean(),
  memberships: z.array(
    z.object({
      agent_id: id,
      company_id: id,
      company_name: z.string(),
      company_code: z.string(),
      job: z.string().nullable(),
      status: z.string(),
      roles: z.array(z.string()),
    }),
  ),
  roles: z.array(z.object({ id, slug: z.string(), name: z.string() })),
  devices: z.array(z.object({ id, user_agent: z.string().nullable(), ip: z.string().nullable(), last_seen_at: instant, open_sessions: z.number().int() })),
  activity: z.array(
    z.object({ id, kind: z.string(), company_name: z.string(), target_name: z.string().nullable(), subject_name: z.string().nullable(), created_at: instant }),
  ),
  can: z.object({ suspend: z.boolean(), reactivate: z.boolean(), sign_out: z.boolean(), reset_code: z.boolean(), promote: z.boolean(), demote: z.boolean() }),
});

/** GET admin/roles: the platform roles an account may be given. */
export const platformRoleSchema = z.object({ id, slug: z.string(), name: z.string() });

/** POST admin/users/{id}/reset-code: where the code went. */
export const resetCodeSentSchema = z.object({ channel: z.string().describe('email ou sms'), destination: z.string() });

export const platformBroadcastSchema = z.object({
  id,
  title: z.string(),
  body: z.string(),
  audience: z
    .object({ audience: z.enum(PLATFORM_AUDIENCES), ids: z.array(id).optional(), types: z.array(z.enum(USER_TYPES)).optional() })
    .nullable(),
  recipient_count: z.number().int(),
  status: z.enum(['sending', 'sent']),
  published_at: instant,
  author_name: z.string().nullable(),
});

const acrossRowShape = {
  id,
  name: z.string(),
  company_id: id,
  company_name: z.string(),
  detail: z.string().nullable(),
  figure: z.number().nullable(),
  status: z.string().nullable(),
  created_at: instant,
};
export const acrossRowSchema = z.object(acrossRowShape);
export const acrossDetailSchema = z.object({
  ...acrossRowShape,
  facts: z.array(z.object({ key: z.enum(ACROSS_FACT_KEYS), value: z.string() })),
  children: z.array(z.object({ id, name: z.string(), detail: z.string().nullable() })),
});

const scoreLine = z.object({ id: id.nullable(), name: z.string().nullable(), evaluations: z.number().int(), validated: z.number().int(), average: z.number().nullable() });
export const adminOverviewSchema: z.ZodType<AdminOverview> = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({ evaluations: z.number().int(), validated: z.number().int(), average: z.number().nullable(), companies: z.number().int() }),
  bySector: z.array(scoreLine),
  byRegion: z.array(scoreLine),
  byCompany: z.array(scoreLine),
  trend: z.array(z.object({ day: z.string(), evaluations: z.number().int(), average: z.number().nullable() })),
});

/** GET admin/articles/categories: each article category with its articles, companies and bookings, and the totals. */
const articleCounts = { articles: z.number().int(), companies: z.number().int(), bookings: z.number().int() };
export const adminArticleCategoriesSchema = z.object({
  rows: z.array(
    z.object({
      id: id.nullable().describe('null : les articles sans catégorie'),
      name: z.string().nullable(),
      code: z.string().nullable(),
      parent_id: id.nullable(),
      ...articleCounts,
    }),
  ),
  totals: z.object({ ...articleCounts, pending: z.number().int(), confirmed: z.number().int(), cancelled: z.number().int() }),
}) satisfies z.ZodType<AdminArticleCategories>;
