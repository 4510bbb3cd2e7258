import { PARTICIPATION_STATUSES } from '@app/contracts/participation-views';
import type { SurveyResults } from '@app/contracts/survey-results';
import { and, eq, isNull } from 'drizzle-orm';
import { surveys } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound, validationFailed } from '../../../http/errors';
import { requireCompany, requirePermission, seesAllCompanies } from '../../tenancy/companies/tenancy';
import { loadSurveyDefinition } from '../participations/survey-definition.repository';
import { buildQuestionResults } from './question-results';
import { resultsText } from './results.texts';
import type { Database } from '../../../db/client';
import type { DefinitionQuestion, SurveyDefinition } from '../participations/survey-definition.repository';
import { loadResultAggregates, type ResultAggregates } from './result-parts.repository';
import {
  loadChoiceCounts,
  loadMatrixCounts,
  loadQuestionStats,
  loadSummary,
  loadValueCounts,
  type ResultsFilter,
} from './results.repository';

const DEFAULT_STATUSES = ['submitted', 'checked', 'validated'];


function readInstant(raw: unknown, key: 'from' | 'to', errors: Record<string, string[]>, locale: string): Date | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const text = String(raw);
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const date = new Date(dateOnly ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(date.getTime())) {
    errors[key] = [resultsText(locale, 'dateFormat')];
    return null;
  }
  // A date alone as the upper bound means the whole day.
  if (dateOnly && key === 'to') date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

/** `from`, `to` (submitted_at) and `status` (a list or comma-separated) from the query string; refused in `locale`. */
export function readResultsFilter(surveyId: number, query: Record<string, unknown>, locale: string): ResultsFilter {
  const errors: Record<string, string[]> = {};
  const rawStatus = query.status;
  const statuses =
    rawStatus === undefined || rawStatus === ''
      ? DEFAULT_STATUSES
      : (Array.isArray(rawStatus) ? rawStatus : String(rawStatus).split(',')).map((s) => String(s).trim());
  if (statuses.some((s) => !(PARTICIPATION_STATUSES as readonly string[]).includes(s))) {
    errors.status = [resultsText(locale, 'unknownStatus', { statuses: PARTICIPATION_STATUSES.join(', ') })];
  }
  const from = readInstant(query.from, 'from', errors, locale);
  const to = readInstant(query.to, 'to', errors, locale);
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { surveyId, statuses: [...new Set(statuses)], from, to };
}

const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/**
 * GET surveys/{id}/results: per-question counts, percentages, averages, NPS and
 * distributions of the company's survey (permission participations.list).
 */
/** The survey whose results the caller may read (participations.list; the active company's, 404 otherwise). */
export async function findResultsSurvey(ctx: RequestContext, surveyId: number) {
  const actor = requirePermission(ctx, 'participations.list');
  const companyId = seesAllCompanies(actor) ? null : requireCompany(ctx).companyId;
  const [survey] = await ctx.db.orm
    .select()
    .from(surveys)
    .where(
      and(
        eq(surveys.id, surveyId),
        isNull(surveys.deleted_at),
        eq(surveys.is_template, false),
        companyId === null ? undefined : eq(surveys.company_id, companyId),
      ),
    );
  if (!survey) throw notFound();
  return survey;
}

/**
 * The aggregates of the filtered participations: summed from the per-day parts
 * (result-parts.repository.ts, the request path), or recounted from the answers
 * (results.repository.ts: the oracle the tests hold the parts equal to).
 */
export async function loadAggregates(
  db: Database,
  filter: ResultsFilter,
  questions: DefinitionQuestion[],
  source: 'parts' | 'unfolded parts' | 'recount' = 'parts',
): Promise<ResultAggregates> {
  const idsOf = (types: string[]) => questions.filter((q) => types.includes(q.type)).map((q) => q.id);
  if (source !== 'recount') {
    const needs = { distributions: idsOf(['rating', 'scale', 'yes_no']), numbers: idsOf(['number']), dates: idsOf(['date']) };
    return loadResultAggregates(db, filter, needs, source === 'parts');
  }
  const [summary, stats, choiceCounts, valueCounts, matrixCounts] = await Promise.all([
    loadSummary(db, filter),
    loadQuestionStats(db, filter),
    loadChoiceCounts(db, filter, idsOf(['single_choice', 'multiple_choice', 'dropdown', 'ranking'])),
    loadValueCounts(db, filter, idsOf(['rating', 'scale', 'yes_no'])),
    loadMatrixCounts(db, filter, idsOf(['matrix'])),
  ]);
  return { summary, stats, choiceCounts, valueCounts, matrixCounts };
}

export async function getSurveyResults(ctx: RequestContext, surveyId: number, query: Record<string, unknown> = {}): Promise<SurveyResults> {
  const survey = await findResultsSurvey(ctx, surveyId);
  const filter = readResultsFilter(survey.id, query, ctx.locale);
  const definition = await loadSurveyDefinition(ctx.db, survey);
  return summariseResults(survey, filter, definition, await loadAggregates(ctx.db, filter, definition.questions), ctx.locale);
}

/** The response from the aggregates, whichever way they were counted. */
export function summariseResults(
  survey: { id: number; code: string; title: string; type: string },
  filter: ResultsFilter,
  definition: SurveyDefinition,
  { summary, ...aggregates }: ResultAggregates,
  locale: string = 'fr',
): SurveyResults {
  const byStatus = Object.fromEntries(filter.statuses.map((s) => [s, 0]));
  let total = 0;
  let scored = 0;
  let scoreSum = 0;
  let first: string | null = null;
  let last: string | null = null;
  for (const row of summary) {
    byStatus[row.status] = Number(row.n);
    total += Number(row.n);
    scored += Number(row.scored);
    scoreSum += num(row.score_sum) ?? 0;
    const a = iso(row.first_at);
    const b = iso(row.last_at);
    if (a && (!first || a < first)) first = a;
    if (b && (!last || b > last)) last = b;
  }
  return {
    survey: { id: survey.id, code: survey.code, title: survey.title, type: survey.type },
    filters: { from: filter.from?.toISOString() ?? null, to: filter.to?.toISOString() ?? null, status: filter.statuses },
    participations: {
      total,
      by_status: byStatus,
      average_score: scored ? Math.round((scoreSum / scored) * 100) / 100 : null,
      first_submitted_at: first,
      last_submitted_at: last,
    },
    questions: buildQuestionResults(definition, total, aggregates, locale),
  };
}
