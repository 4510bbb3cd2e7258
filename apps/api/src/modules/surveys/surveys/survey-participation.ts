import {
  readSurveySettings,
  type SurveyRefusal,
  type SurveySettings,
} from '@app/contracts/surveys';
import { and, count, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { companies, participations, surveyStructureVersions, surveys } from '../../../db/schema';
import { type DefinitionStep, surveyStructureAt } from './answering-structure';
import type { RequestContext } from '../../../http/actor';
import { AppError, notFound, unauthorized } from '../../../http/errors';
import { normalizeSurveyCode } from './survey-code';
import { surveyAnsweringText } from './survey-answering.texts';
import type { SurveyRow } from './surveys.repository';
import { isSurveyIdRef, type SurveyRef } from '@app/contracts/survey-ref';
import { recordIdOf } from '@app/contracts';

/** What anyone holding the code may read about a survey. */
export interface PublicSurvey {
  id: number;
  company_id: number;
  code: string;
  title: string;
  description: string | null;
  type: SurveyRow['type'];
  target_kind: SurveyRow['target_kind'];
  status: SurveyRow['status'];
  active: boolean;
  availability: SurveyRow['availability'];
  opens_at: Date | null;
  closes_at: Date | null;
  settings: SurveySettings;
  category_id: number | null;
}

export interface PublicCompanyBrief {
  id: number;
  name: string;
  code: string;
  logo: string | null;
}

/** Everything a respondent needs to answer: the survey, its company, active steps and questions in order. */
export interface ParticipationDefinition {
  survey: PublicSurvey;
  company: PublicCompanyBrief;
  steps: readonly DefinitionStep[];
}

export function toPublicSurvey(row: SurveyRow): PublicSurvey {
  return {
    id: row.id,
    company_id: row.company_id!,
    code: row.code,
    title: row.title,
    description: row.description,
    type: row.type,
    target_kind: row.target_kind,
    status: row.status,
    active: row.active,
    availability: row.availability,
    opens_at: row.opens_at,
    closes_at: row.closes_at,
    settings: readSurveySettings(row.settings),
    category_id: row.category_id,
  };
}

/**
 * Why the survey does not accept participations at `now` (null: it does). The quota
 * needs the number of submitted participations; without it the quota is not checked.
 */
export function surveyRefusal(
  survey: Pick<SurveyRow, 'status' | 'active' | 'availability' | 'opens_at' | 'closes_at' | 'settings'>,
  now: Date = new Date(),
  submittedCount?: number,
): SurveyRefusal | null {
  if (survey.status === 'closed') return 'closed';
  if (survey.status !== 'published') return 'not_published';
  if (!survey.active) return 'inactive';
  if (survey.availability !== 'available') return 'unavailable';
  if (survey.opens_at && survey.opens_at > now) return 'not_open_yet';
  if (survey.closes_at && survey.closes_at <= now) return 'expired';
  const quota = readSurveySettings(survey.settings).quota;
  if (quota != null && submittedCount !== undefined && submittedCount >= quota) return 'quota_reached';
  return null;
}

/**
 * Submitted (not deleted) participations of a survey, for its quota: the one count of the
 * public page and of a submission. `submitted_at IS NOT NULL` is the same set as
 * `status <> 'in_progress'`: a submission sets both at once, review moves only between
 * submitted, checked and validated, and nothing goes back to in_progress.
 */
export async function countSubmittedParticipations(db: Database, surveyId: number): Promise<number> {
  const [row] = await db.orm
    .select({ n: count() })
    .from(participations)
    .where(and(eq(participations.survey_id, surveyId), isNotNull(participations.submitted_at), isNull(participations.deleted_at)));
  return Number(row?.n ?? 0);
}


/**
 * The condition naming a live company survey (not a template, not deleted, company
 * active) by id or public code, whatever its status, over `surveys` joined to
 * `companies`; null when the ref can name no survey.
 */
export function liveSurveyByRef(ref: SurveyRef): SQL | null {
  const byId = isSurveyIdRef(ref);
  // An id no integer column can hold names no survey (and must not reach the database).
  const id = byId ? recordIdOf(String(ref).trim()) : null;
  if (byId && id === null) return null;
  return and(
    byId ? eq(surveys.id, id as number) : eq(surveys.code, normalizeSurveyCode(String(ref))),
    isNull(surveys.deleted_at),
    eq(surveys.is_template, false),
    isNull(companies.deleted_at),
    eq(companies.status, 'active'),
  )!;
}

/**
 * A live company survey (not a template, not deleted, company active) by id or public
 * code, whatever its status; null otherwise.
 */
export async function findSurveyByRef(db: Database, ref: SurveyRef): Promise<SurveyRow | null> {
  const where = liveSurveyByRef(ref);
  if (!where) return null;
  const [row] = await db.orm
    .select({ survey: surveys })
    .from(surveys)
    .innerJoin(companies, eq(companies.id, surveys.company_id))
    .where(where);
  return row?.survey ?? null;
}

/**
 * A survey of a suspended company by its public code (its links stay; they say the
 * company is unavailable), or null. Live surveys are read by findSurveyByRef.
 */
export async function findSuspendedCompanySurvey(db: Database, code: string): Promise<{ survey: SurveyRow; company: PublicCompanyBrief } | null> {
  const [row] = await db.orm
    .select({ survey: surveys, company: companyBrief })
    .from(surveys)
    .innerJoin(companies, eq(companies.id, surveys.company_id))
    .where(
      and(
        eq(surveys.code, normalizeSurveyCode(code)),
        isNull(surveys.deleted_at),
        eq(surveys.is_template, false),
        isNull(companies.deleted_at),
        eq(companies.status, 'suspended'),
        inArray(surveys.status, ['published', 'closed']),
      ),
    );
  return row ?? null;
}

/** The columns of a company's brief, read alone or with its survey. */
const companyBrief = { id: companies.id, name: companies.name, code: companies.code, logo: companies.logo };

export async function findCompanyBrief(db: Database, companyId: number): Promise<PublicCompanyBrief> {
  const [row] = await db.orm.select(companyBrief).from(companies).where(eq(companies.id, companyId));
  return row;
}

/** 409 with the reason, in the caller's language, when the survey does not accept participations now. */
export function refusalError(refusal: SurveyRefusal, locale: string): AppError {
  return new AppError(409, `survey_${refusal}`, surveyAnsweringText(locale, refusal));
}

/** A survey named for answering, with its company's brief and its structure version, read in one statement. */
interface SurveyToAnswer {
  survey: SurveyRow;
  company: PublicCompanyBrief;
  structureVersion: number;
}

async function findSurveyToAnswer(ctx: RequestContext, ref: SurveyRef): Promise<SurveyToAnswer | null> {
  const where = liveSurveyByRef(ref);
  if (!where) return null;
  const [row] = await ctx.db.orm
    .select({
      survey: surveys,
      company: companyBrief,
      structureVersion: sql<number>`coalesce(${surveyStructureVersions.version}, 0)`.mapWith(Number),
    })
    .from(surveys)
    .innerJoin(companies, eq(companies.id, surveys.company_id))
    .leftJoin(surveyStructureVersions, eq(surveyStructureVersions.survey_id, surveys.id))
    .where(where);
  return row && callerMayName(ctx, ref, row.survey) ? row : null;
}

/**
 * The full definition of a survey that accepts participations now (found by id or code):
 * 404 when it does not exist publicly (deleted, template, never published), 409 with
 * the reason when it is closed, inactive, unavailable, outside its window or full.
 * The structure comes from this process's memory while it is current (answering-structure.ts).
 */
async function loadSurveyForParticipation(db: Database, found: SurveyToAnswer | null, locale: string, now: Date = new Date()): Promise<ParticipationDefinition> {
  if (!found || !['published', 'closed'].includes(found.survey.status)) throw notFound();
  const { survey } = found;
  const quota = readSurveySettings(survey.settings).quota;
  const submitted = quota != null ? await countSubmittedParticipations(db, survey.id) : undefined;
  const refusal = surveyRefusal(survey, now, submitted);
  if (refusal) throw refusalError(refusal, locale);
  const structure = await surveyStructureAt(db, survey.id, found.structureVersion);
  return { survey: toPublicSurvey(survey), company: found.company, steps: structure.steps };
}

/**
 * The survey a respondent names to answer it (participate, participations, answer files):
 * anyone may name it by its public code, only agents of its company by its numeric id.
 * Ids follow each other, so anyone else trying them would list link-only surveys: for
 * them an id finds nothing, like an unknown code, and callers answer the same 404 before
 * any other answer (409, 401, 422) can tell the id exists.
 */
export async function findSurveyForCaller(ctx: RequestContext, ref: SurveyRef): Promise<SurveyRow | null> {
  const found = await findSurveyByRef(ctx.db, ref);
  return found && callerMayName(ctx, ref, found) ? found : null;
}

/** findSurveyForCaller's rule, for statements that read the survey with more: only its company's agents name it by id. */
export function callerMayName(ctx: RequestContext, ref: SurveyRef, found: Pick<SurveyRow, 'company_id'>): boolean {
  if (!isSurveyIdRef(ref)) return true;
  return ctx.actor?.companyId != null && found.company_id === ctx.actor.companyId;
}

/** GET surveys/{id}/participate: anyone holding the public code, unless the survey requires signing in. */
export async function getParticipationDefinition(ctx: RequestContext, ref: SurveyRef): Promise<ParticipationDefinition> {
  const definition = await loadSurveyForParticipation(ctx.db, await findSurveyToAnswer(ctx, ref), ctx.locale);
  if (definition.survey.settings.sign_in_required && !ctx.actor) {
    throw unauthorized(surveyAnsweringText(ctx.locale, 'signInRequired'), 'sign_in_required');
  }
  return definition;
}
