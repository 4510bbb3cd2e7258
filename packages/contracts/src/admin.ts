import { z } from 'zod';

/** The platform back office (mnt): the query schemas and views both sides read. */

const optionalId = (label: string) =>
  z.coerce
    .number({ error: `${label} est un identifiant.` })
    .int(`${label} est un identifiant.`)
    .min(1, `${label} est un identifiant.`)
    .max(2147483647, `${label} est inconnu.`)
    .optional();

/** Pages count from 0, like every list of the API (API.md) and the admin/* lists. */
const page = z.coerce.number({ error: 'La page doit être un nombre.' }).int('La page doit être un nombre entier.').min(0, 'La page ne peut pas être négative.').max(100000, 'La page est trop grande.').default(0);
const limit = z.coerce.number({ error: 'La limite doit être un nombre.' }).int('La limite doit être un nombre entier.').min(1, 'La limite est d’au moins 1.').max(100, 'La limite est de 100 au plus.').default(20);
const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} s’écrit AAAA-MM-JJ.`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} n’est pas une date valide.`)
    .optional();

export const ADMIN_COMPANY_SORTS = ['name', '-name', 'created_at', '-created_at', 'code', '-code', '-agents', '-participations'] as const;
export const COMPANY_STATUSES = ['active', 'suspended'] as const;

/** GET mnt/companies and its xlsx export. */
export const adminCompaniesQuery = z.object({
  q: z.string().trim().max(100, 'La recherche fait 100 caractères au plus.').optional(),
  sector_id: optionalId('Le secteur'),
  /** A category of companies: its companies and those of its subcategories. */
  category_id: optionalId('La catégorie'),
  town_id: optionalId('La ville'),
  package_id: optionalId('La formule'),
  status: z.enum(COMPANY_STATUSES, { error: 'Le statut est active ou suspended.' }).optional(),
  sort: z.enum(ADMIN_COMPANY_SORTS, { error: 'Ce tri est inconnu.' }).default('name'),
  page,
  limit,
});
export type AdminCompaniesFilter = z.output<typeof adminCompaniesQuery>;

export interface AdminCompanyRow {
  id: number;
  name: string;
  code: string;
  email: string | null;
  phone: string | null;
  status: 'active' | 'suspended';
  created_at: string;
  sector_id: number | null;
  sector: string | null;
  category_id: number | null;
  category: string | null;
  town_id: number | null;
  town: string | null;
  package_id: number | null;
  package: string | null;
  agents: number;
  sites: number;
  surveys: number;
  participations: number;
}

export interface AdminCompanyDetail extends AdminCompanyRow {
  address: string | null;
  owner: { agent_id: number; user_id: number; name: string; email: string | null } | null;
  workspaces: number;
  invoices: number;
  transactions: number;
  templates: number;
  /** Each feature: in the package (`granted`, `limit`) and/or granted to this company alone (`company_grant`, `company_limit`; null: unlimited). */
  features: { id: number; slug: string; name: string; limit: number | null; granted: boolean; company_grant: boolean; company_limit: number | null }[];
}

/** The lists of a company the admin can open (mnt/companies/{action}/{company}/…). */
export const ADMIN_COMPANY_CHILDREN = ['agents', 'partners', 'customers', 'sites', 'workspaces', 'surveys', 'templates', 'invoices', 'transactions', 'questions'] as const;
export type AdminCompanyChild = (typeof ADMIN_COMPANY_CHILDREN)[number];

export const adminChildQuery = z.object({
  q: z.string().trim().max(100, 'La recherche fait 100 caractères au plus.').optional(),
  site_id: optionalId('Le site'),
  page,
  limit,
});
export type AdminChildFilter = z.output<typeof adminChildQuery>;

/** POST mnt/companies/{id}: the profile fields an admin corrects. */
export const adminCompanyProfileBody = z
  .object({
    name: z.string().trim().min(2, 'Le nom fait au moins 2 caractères.').max(120, 'Le nom fait 120 caractères au plus.').optional(),
    email: z.email({ error: "L'adresse e-mail n'est pas valide." }).max(200).nullable().optional(),
    phone: z.string().trim().max(30, 'Le téléphone fait 30 caractères au plus.').nullable().optional(),
    address: z.string().trim().max(300, "L'adresse fait 300 caractères au plus.").nullable().optional(),
    sector_id: z.number({ error: 'Le secteur est un identifiant.' }).int().min(1).max(2147483647).nullable().optional(),
    zone_id: z.number({ error: 'La ville est un identifiant.' }).int().min(1).max(2147483647).nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Indiquez au moins un champ à corriger.');
export type AdminCompanyProfileInput = z.output<typeof adminCompanyProfileBody>;

export const adminTransferOwnerBody = z.object({
  agent_id: z.number({ error: 'Choisissez le membre qui devient propriétaire.' }).int('Le membre est un identifiant.').min(1, 'Le membre est un identifiant.').max(2147483647, 'Membre inconnu.'),
});
export const adminChangePackageBody = z.object({
  package_id: z.number({ error: 'Choisissez une formule.' }).int('La formule est un identifiant.').min(1, 'La formule est un identifiant.').max(2147483647, 'Formule inconnue.'),
});
export const adminGrantFeatureBody = z.object({
  feature_id: z.number({ error: 'Choisissez une fonctionnalité.' }).int('La fonctionnalité est un identifiant.').min(1, 'La fonctionnalité est un identifiant.').max(2147483647, 'Fonctionnalité inconnue.'),
  limit: z.number({ error: 'La limite est un nombre.' }).int('La limite est un nombre entier.').min(0, 'La limite est positive.').max(2147483647, 'La limite est trop grande.').nullable(),
});
export const adminSuspendBody = z.object({
  reason: z.string().trim().min(3, 'Donnez la raison de la suspension (3 caractères au moins).').max(500, 'La raison fait 500 caractères au plus.'),
});

/** GET mnt/audit, GET audit (the company's own entries) and their xlsx exports. */
export const auditQuery = z.object({
  q: z.string().trim().max(100, 'La recherche fait 100 caractères au plus.').optional(),
  action: z.string().trim().max(60, "L'action fait 60 caractères au plus.").optional(),
  company_id: optionalId("L'entreprise"),
  actor_id: optionalId("L'auteur"),
  from: day('La date de début'),
  to: day('La date de fin'),
  page,
  limit,
});
export type AuditFilter = z.output<typeof auditQuery>;

export interface AuditEntryView {
  id: number;
  occurred_at: string;
  actor_user_id: number | null;
  actor_label: string | null;
  /** Platform view only: a company's own trail never carries anyone's address. */
  ip?: string | null;
  action: string;
  object_type: string;
  object_id: number | null;
  company_id: number | null;
  company_name: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AdminDashboard {
  companies: { active: number; suspended: number; new_30d: number; total: number };
  users: { admin: number; agent: number; customer: number; suspended: number };
  agents: number;
  per_day: { day: string; participations: number; evaluations: number }[];
  revenue_by_month: { month: string; currency: string; amount: number }[];
  payments: { provider: string; status: string; count: number; amount: number }[];
  busiest: { id: number; name: string; code: string; participations: number }[];
}
