/**
 * What the sign-in calls answer, as zod schemas: the server declares them as its routes'
 * responses (serialised through them, so nothing else leaves) and the OpenAPI document
 * shows them; the types below are what the web app reads.
 */
import { z } from 'zod';
import { notificationPreferencesSchema } from './auth';

const agentStatus = z.enum(['active', 'invited', 'suspended']);
const permissionMapSchema = z.record(z.string(), z.literal(true));
const companyBrief = z.object({ id: z.number().int(), name: z.string(), code: z.string(), logo: z.string().nullable() });

/** A company as the account sees it, with the membership (agent) as pivot. */
export const accountCompanySchema = companyBrief.extend({
  pivot: z.object({
    id: z.number().int(),
    company_id: z.number().int(),
    user_id: z.number().int(),
    job: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    name: z.string(),
    status: agentStatus,
  }),
});

export const accountAgentSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company: companyBrief,
  job: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  status: agentStatus,
  permissions: permissionMapSchema,
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /**
   * Platform roles this membership holds (`partner`): a partner of the company is not
   * its agent (section 6), so the web's role rules read them per active company.
   */
  roles: z.array(z.string()).optional(),
});

/** The signed-in user as GET auth returns it. */
export const accountUserSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  name: z.string(),
  photo: z.string().nullable(),
  type: z.enum(['admin', 'agent', 'customer']),
  has_to_change_password: z.union([z.literal(0), z.literal(1)]),
  email_verified_at: z.string().nullable(),
  phone_verified_at: z.string().nullable(),
  locale: z.string(),
  promotional_offers: z.boolean(),
  /** Always complete: defaults are applied to what the user stored. */
  notification_preferences: notificationPreferencesSchema,
  companies: z.array(accountCompanySchema),
  agents: z.array(accountAgentSchema),
  /** Slugs of the platform roles held by the user or one of its active agents (admin, partner, customer). */
  roles: z.array(z.string()),
  /** User-level permissions (global roles). */
  permissions: permissionMapSchema,
  chatrooms: z.array(z.object({ id: z.number().int(), name: z.string().nullable(), kind: z.string(), status: z.string() })),
});

/** POST auth/refresh answers a new pair (same family); the user is not resent. */
export const refreshResponseSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  /** Access token expiry, ISO 8601. */
  expires_at: z.string(),
  refresh_expires_at: z.string(),
});

export const loginResponseSchema = refreshResponseSchema.extend({ user: accountUserSchema });

export const authProvidersSchema = z.object({
  google: z.boolean(),
  facebook: z.boolean(),
  google_client_id: z.string().nullable(),
  facebook_app_id: z.string().nullable(),
});

/** GET devices: a device with a live session. */
export const deviceInfoSchema = z.object({
  id: z.number().int(),
  ref: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  last_seen_at: z.string(),
  created_at: z.string(),
  current: z.boolean(),
});

export type PermissionMap = z.output<typeof permissionMapSchema>;
export type AccountCompany = z.output<typeof accountCompanySchema>;
export type AccountAgent = z.output<typeof accountAgentSchema>;
export type AccountUser = z.output<typeof accountUserSchema>;
export type RefreshResponse = z.output<typeof refreshResponseSchema>;
export type LoginResponse = z.output<typeof loginResponseSchema>;
export type AuthProviders = z.output<typeof authProvidersSchema>;
export type DeviceInfo = z.output<typeof deviceInfoSchema>;
