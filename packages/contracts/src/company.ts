import type { Scorecard } from './scorecards';
import { z } from 'zod';
import { EMAIL_PATTERN } from './validation';
import { recordId } from './ids';
import { INVITATION_CODE_PAGE } from './routes';

/**
 * What the company screens and the API share: the kinds of people of a company (the
 * `{type}` of the business routes `{action}/{type}` and `{action}/{type}/{user}`), the
 * company dashboard and the live notice of a decided join request.
 */

/**
 * - agents: members of the company (an agent row) who do not hold the partner role;
 * - partners: members holding the global `partner` role;
 * - customers: accounts that answered one of the company's surveys signed in, and are
 *   not members.
 */
export const PEOPLE_TYPES = ['agents', 'partners', 'customers'] as const;
export type PeopleType = (typeof PEOPLE_TYPES)[number];

export function isPeopleType(value: string | undefined): value is PeopleType {
  return (PEOPLE_TYPES as readonly string[]).includes(value ?? '');
}

/** `GET overview`: each part present only when the caller may list what it counts. */
export interface CompanyOverview {
  company: { id: number; name: string; code: string; logo: string | null };
  surveys?: { total: number; by_status: Record<string, number> };
  participations?: {
    this_week: number;
    to_review: number;
    latest: Array<{
      id: number;
      survey_id: number;
      survey_title: string;
      status: string;
      respondent: string | null;
      created_at: string;
    }>;
  };
  agents?: { active: number; suspended: number; invited: number };
  approvals?: { pending: number };
  invitations?: { pending: number };
  /** Evaluation scorecards (with `participations.list`), filtered by the query (`scorecards.ts`). */
  scores?: Scorecard;
}

/** The in-session page where a person creates a company or asks to join one by code. */
export const COMPANY_JOIN_PAGE = '/business/join';

/**
 * What a company's QR code opens: sign-in (or the account already signed in), then the
 * join page with the code filled in.
 */
export function companyJoinLink(code: string): string {
  const back = `${COMPANY_JOIN_PAGE}?code=${encodeURIComponent(code)}`;
  return `/auth/login?${new URLSearchParams({ redirect: back }).toString()}`;
}


const companyName = z.string().trim().min(2, "Le nom doit contenir au moins 2 caractères").max(160, 'Le nom ne doit pas dépasser 160 caractères');
const optionalText = (max: number) => z.string().trim().max(max, `${max} caractères au plus`).nullable().optional();
const companyRef = recordId.nullable().optional();

/**
 * A company's details, as the API checks them and the forms validate them (one rule).
 * `status`, `code` and `created_by` are not accepted: unknown keys are dropped.
 */
export const companyInputSchema = z.object({
  name: companyName,
  sector_id: companyRef,
  zone_id: companyRef,
  address: optionalText(300),
  email: z.string().trim().regex(EMAIL_PATTERN, "L'adresse e-mail n'est pas valide").nullable().optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 .-]{6,20}$/, "Le numéro de téléphone n'est pas valide")
    .nullable()
    .optional(),
  logo: optionalText(500),
});

export const joinRequestSchema = z
  .object({
    message: optionalText(1000),
    job: optionalText(120),
  })
  .nullish();

const personText = (max: number) => z.string().trim().max(max, `${max} caractères au plus`).optional();

export const invitationDatasSchema = z.object({
  job: personText(120),
  first_name: personText(120),
  last_name: personText(120),
});

/**
 * Invite by e-mail or phone; the job and names go in `datas` (or at the top level, as
 * some forms send them). Status, company and host are not accepted.
 */
export const invitationInputSchema = z
  .object({
    email: z.string().trim().regex(EMAIL_PATTERN, "L'adresse e-mail n'est pas valide").optional(),
    phone: z.string().trim().max(30, '30 caractères au plus').optional(),
    datas: invitationDatasSchema.optional(),
    ...invitationDatasSchema.shape,
  })
  .refine((v) => Boolean(v.email || v.phone), {
    message: "L'adresse e-mail ou le numéro de téléphone de la personne invitée est obligatoire",
    path: ['email'],
  });

/**
 * An invitation's code (`invitations.code`): 16 hexadecimal digits, given in the
 * invitation's e-mail or SMS. People type it with spaces, dashes or lower case.
 */
export const INVITATION_CODE_LENGTH = 16;

/** The code as stored (upper case, nothing but its digits), or null when it cannot be one. */
export function normalizeInvitationCode(raw: string): string | null {
  const code = raw.replace(/[\s-]+/g, '').toUpperCase();
  return /^[0-9A-F]{16}$/.test(code) ? code : null;
}

/**
 * The link of an invitation's e-mail and SMS: sign-in (or the account already signed
 * in), then the invitation page with the code filled in.
 */
export function invitationLink(code: string): string {
  const back = `${INVITATION_CODE_PAGE}/${encodeURIComponent(code)}`;
  return `/auth/login?${new URLSearchParams({ redirect: back }).toString()}`;
}

const roleName = z.string().trim().min(2, 'Le nom doit contenir au moins 2 caractères').max(80, '80 caractères au plus');
const roleDescription = z.string().trim().max(500, '500 caractères au plus').nullable().optional();
const permissionRef = z.union([recordId, z.string().trim().min(3).max(80)]);

/** `is_owner`, `company_id` and `state` are not accepted: unknown keys are dropped. */
export const roleInputSchema = z.object({
  name: roleName,
  slug: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{1,59}$/, 'Le code du rôle commence par une lettre et ne contient que des minuscules, des chiffres et des tirets')
    .optional(),
  description: roleDescription,
  /** Initial permissions, by slug or id. */
  permissions: z.array(permissionRef).max(500).optional(),
});

export const roleUpdateSchema = z.object({ name: roleName.optional(), description: roleDescription });
