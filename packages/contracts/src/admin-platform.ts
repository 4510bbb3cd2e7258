import { z } from 'zod';
import { INT4_MAX } from './ids';

/**
 * The platform back office's users and cross-company lists (mnt): the query strings the
 * API validates (French messages, 422) and the rows both sides read.
 */

export const ADMIN_PAGE_SIZE = 20;
export const USER_TYPES = ['admin', 'agent', 'customer'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_STATUSES = ['active', 'pending', 'suspended'] as const;
/** "Last sign-in" filter: within the last 7 or 30 days, longer ago, or never. */
export const SIGNED_IN_FILTERS = ['7d', '30d', 'older', 'never'] as const;

const page = z.coerce.number({ error: 'La page doit être un nombre.' }).int('La page doit être un nombre entier.').min(0, 'La page ne peut pas être négative.').max(100_000, 'Page trop grande.').default(0);
const limit = z.coerce.number({ error: 'La taille de page doit être un nombre.' }).int('La taille de page doit être un nombre entier.').min(1, 'La taille de page doit être au moins 1.').max(100, 'La taille de page ne peut pas dépasser 100.').default(ADMIN_PAGE_SIZE);
const q = z.string().trim().max(200, 'La recherche ne peut pas dépasser 200 caractères.').optional();
const companyId = z.coerce.number({ error: "L'entreprise doit être un identifiant." }).int("L'entreprise doit être un identifiant.").positive("L'entreprise doit être un identifiant.").max(INT4_MAX, 'Identifiant inconnu.').optional();

/** The paging and search every admin list takes. */
export const adminListQuery = z.object({ page, limit, q, company_id: companyId });
export type AdminListQuery = z.infer<typeof adminListQuery>;

export const adminUsersQuery = adminListQuery.extend({
  type: z.enum(USER_TYPES, { error: 'Type de compte inconnu (admin, agent ou customer).' }).optional(),
  status: z.enum(USER_STATUSES, { error: 'Statut inconnu (active, pending ou suspended).' }).optional(),
  signed_in: z.enum(SIGNED_IN_FILTERS, { error: 'Filtre de dernière connexion inconnu (7d, 30d, older ou never).' }).optional(),
  phone_validated: z.enum(['yes', 'no'], { error: 'Téléphone validé : yes ou no.' }).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminValidateBody = z.object({
  channel: z.enum(['email', 'phone'], { error: 'Précisez ce qui est validé : email ou phone.' }),
});

export interface AdminUserRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  type: UserType;
  status: (typeof USER_STATUSES)[number];
  email_verified_at: string | null;
  phone_verified_at: string | null;
  last_sign_in_at: string | null;
  companies_count: number;
  created_at: string;
}

export interface AdminUserDetail extends AdminUserRow {
  username: string | null;
  locale: string;
  has_to_change_password: boolean;
  memberships: Array<{ agent_id: number; company_id: number; company_name: string; company_code: string; job: string | null; status: string; roles: string[] }>;
  roles: Array<{ id: number; slug: string; name: string }>;
  devices: Array<{ id: number; user_agent: string | null; ip: string | null; last_seen_at: string; open_sessions: number }>;
  activity: Array<{ id: number; kind: string; company_name: string; target_name: string | null; subject_name: string | null; created_at: string }>;
  /** What the admin may do to this account (never to themselves, never the last admin). */
  can: { suspend: boolean; reactivate: boolean; sign_out: boolean; reset_code: boolean; promote: boolean; demote: boolean };
}

/** The objects listed across companies, by their `mnt` segment. */
export const ACROSS_KINDS = ['sites', 'workspaces', 'groups', 'reports', 'audiences', 'contacts', 'surveys', 'articles'] as const;
export type AcrossKind = (typeof ACROSS_KINDS)[number];

/** One row of a cross-company list: the object, its company, a few facts. */
export interface AcrossRow {
  id: number;
  name: string;
  company_id: number;
  company_name: string;
  /** A second line (code, site, organisation, monitor…). */
  detail: string | null;
  /** A count (workspaces of a site, members of a group…) or a score (reports). */
  figure: number | null;
  status: string | null;
  created_at: string;
}

/** What an object's page shows besides its row: `key` is a text key of the screen (`across.fact.<key>`). */
export const ACROSS_FACT_KEYS = ['code', 'address', 'town', 'coordinates', 'manager', 'kind', 'site', 'members', 'survey', 'target', 'agent', 'score', 'comment', 'population', 'mode', 'parent', 'phone', 'email', 'organisation', 'notes', 'description', 'type', 'author', 'rejection', 'questions', 'published', 'template', 'category', 'price', 'stock', 'bookings'] as const;
export type AcrossFactKey = (typeof ACROSS_FACT_KEYS)[number];

export interface AcrossDetail extends AcrossRow {
  facts: Array<{ key: AcrossFactKey; value: string }>;
  /** Children (workspaces of a site, sub-audiences…). */
  children: Array<{ id: number; name: string; detail: string | null }>;
}

/** mnt/overview: the business scorecards across companies. */
export const adminOverviewQuery = z.object({
  from: z.iso.date({ error: 'Date de début invalide (AAAA-MM-JJ).' }).optional(),
  to: z.iso.date({ error: 'Date de fin invalide (AAAA-MM-JJ).' }).optional(),
  sector_id: companyId,
});
export type AdminOverviewQuery = z.infer<typeof adminOverviewQuery>;

export interface ScoreLine {
  id: number | null;
  /** Null: the companies without a sector or region. */
  name: string | null;
  evaluations: number;
  validated: number;
  average: number | null;
}

export interface AdminOverview {
  from: string;
  to: string;
  totals: { evaluations: number; validated: number; average: number | null; companies: number };
  bySector: ScoreLine[];
  byRegion: ScoreLine[];
  byCompany: ScoreLine[];
  trend: Array<{ day: string; evaluations: number; average: number | null }>;
}

/** mnt/broadcast: a platform broadcast to everyone, or to members of companies, sectors, user types. */
export const PLATFORM_AUDIENCES = ['all', 'companies', 'sectors', 'types'] as const;
export const platformBroadcastBody = z
  .object({
    title: z.string({ error: 'Le titre est obligatoire.' }).trim().min(1, 'Le titre est obligatoire.').max(200, 'Le titre ne peut pas dépasser 200 caractères.'),
    body: z.string({ error: 'Le message est obligatoire.' }).trim().min(1, 'Le message est obligatoire.').max(5000, 'Le message ne peut pas dépasser 5000 caractères.'),
    audience: z.enum(PLATFORM_AUDIENCES, { error: 'Destinataires inconnus (all, companies, sectors ou types).' }),
    ids: z.array(z.number({ error: 'Identifiant invalide.' }).int().positive(), { error: 'Liste invalide.' }).max(500, 'Trop de choix (500 au plus).').optional(),
    types: z.array(z.enum(USER_TYPES, { error: 'Type de compte inconnu.' })).max(3).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.audience === 'companies' || value.audience === 'sectors') && !value.ids?.length) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: value.audience === 'companies' ? 'Choisissez au moins une entreprise.' : 'Choisissez au moins un secteur.' });
    }
    if (value.audience === 'types' && !value.types?.length) ctx.addIssue({ code: 'custom', path: ['types'], message: 'Choisissez au moins un type de compte.' });
  });
export type PlatformBroadcastInput = z.infer<typeof platformBroadcastBody>;

/** Who a platform broadcast reaches, as stored with it. */
export interface PlatformAudience {
  audience: (typeof PLATFORM_AUDIENCES)[number];
  ids?: number[];
  types?: UserType[];
}

export interface PlatformBroadcastRow {
  id: number;
  title: string;
  body: string;
  audience: PlatformAudience | null;
  recipient_count: number;
  status: 'sending' | 'sent';
  published_at: string;
  author_name: string | null;
}
