import { z } from 'zod';
import { adminListQuery } from './admin-platform';
import { INT4_MAX } from './ids';
import { SURVEY_STATUSES, SURVEY_TYPES, type SurveyStatus } from './surveys';

/**
 * The back office's catalogue (mnt/surveys, mnt/articles, default questions): the query
 * strings and bodies the API validates (French messages, 422) and the rows both sides read.
 */

const id = (what: string) =>
  z.coerce.number({ error: `${what} doit être un identifiant.` }).int(`${what} doit être un identifiant.`).positive(`${what} doit être un identifiant.`).max(INT4_MAX, 'Identifiant inconnu.');

/** mnt/surveys (and surveys/{action}/templates: `templates=yes`). */
export const adminSurveysQuery = adminListQuery.extend({
  type: z.enum(SURVEY_TYPES, { error: 'Type de formulaire inconnu (form, evaluation ou contribution).' }).optional(),
  status: z.enum(SURVEY_STATUSES, { error: 'Statut inconnu (draft, submitted, published, rejected ou closed).' }).optional(),
  templates: z.enum(['yes', 'no'], { error: 'Modèles : yes ou no.' }).optional(),
});
export type AdminSurveysQuery = z.infer<typeof adminSurveysQuery>;

/** mnt/articles/list. */
export const adminArticlesQuery = adminListQuery.extend({
  category_id: id('La catégorie').optional(),
  kind: z.enum(['good', 'service'], { error: 'Nature inconnue (good ou service).' }).optional(),
});
export type AdminArticlesQuery = z.infer<typeof adminArticlesQuery>;

/**
 * What the platform's team may do to a company's survey (section 4, moderation): reject
 * a survey waiting for publication or already published (it goes back to its author with
 * the reason), close a published one. Only these; the company keeps every other action.
 */
export const SURVEY_MODERATION = {
  reject: { from: ['submitted', 'published'] },
  close: { from: ['published'] },
} as const satisfies Record<string, { from: readonly SurveyStatus[] }>;
export type SurveyModeration = keyof typeof SURVEY_MODERATION;

export function canModerate(action: SurveyModeration, status: string): boolean {
  return (SURVEY_MODERATION[action].from as readonly string[]).includes(status);
}

/** The reason the owner reads on the survey's page and in the notification. */
export const adminRejectSurveyBody = z.object({
  comment: z
    .string({ error: 'Indiquez la raison du rejet : le propriétaire la verra.' })
    .trim()
    .min(3, 'Indiquez la raison du rejet (3 caractères au moins) : le propriétaire la verra.')
    .max(1000, 'La raison ne peut pas dépasser 1000 caractères.'),
});
export type AdminRejectSurveyInput = z.infer<typeof adminRejectSurveyBody>;

/** One category of articles with what is filed under it across companies (mnt/articles/categories). */
export interface AdminArticleCategoryRow {
  /** Null: the articles without a category. */
  id: number | null;
  name: string | null;
  code: string | null;
  parent_id: number | null;
  articles: number;
  companies: number;
  bookings: number;
}

export interface AdminArticleCategories {
  rows: AdminArticleCategoryRow[];
  totals: { articles: number; companies: number; bookings: number; pending: number; confirmed: number; cancelled: number };
}

/** What a company's new evaluation of a target kind starts with (default-questions.ts). */
export interface EffectiveDefaultQuestions {
  /** `company`: its own set overrides the platform's; `platform`: none of its own; `none`: neither has any. */
  source: 'company' | 'platform' | 'none';
  questions: Array<{ id: number; label: string; type: string; required: boolean; position: number; company_id: number | null }>;
}
