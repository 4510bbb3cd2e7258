import type { ParticipationAnswerResult, ParticipationStatus } from '@app/contracts/participation-views';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/http-error';

export interface PublicSurveyBrief {
  id: number;
  code: string;
  title: string;
  description: string | null;
  type: string;
}

export interface PublicCompanyBrief {
  id: number;
  name: string;
  code: string;
  logo: string | null;
}

/** What a code typed by the respondent designates (GET public/getobject/{type}/{code}). */
export type CodeTarget =
  | { type: 'survey'; survey: PublicSurveyBrief; company: PublicCompanyBrief; accepts_participations: boolean; refusal: { message: string } | null }
  | { type: 'company'; company: PublicCompanyBrief; surveys: PublicSurveyBrief[] };

async function getObject(type: string, code: string): Promise<CodeTarget | null> {
  try {
    return await api.get<CodeTarget>(`public/getobject/${type}/${encodeURIComponent(code)}`);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** A survey code opens that survey; a company code lists the company's open surveys. */
export async function resolveCode(code: string): Promise<CodeTarget | null> {
  const clean = code.trim().toUpperCase();
  if (!clean) return null;
  return (await getObject('survey', clean)) ?? (await getObject('company', clean));
}

export interface MyParticipation {
  id: number;
  /** Its number in the survey's company ("N°"). */
  number?: number | null;
  survey_id: number;
  status: ParticipationStatus;
  started_at: string;
  submitted_at: string | null;
  survey?: { id: number; code: string; title: string; type: string } | null;
}

/** The account's own participations, newest first, with their survey (GET participations/mine). */
export async function fetchMyParticipations(surveyId?: number, signal?: AbortSignal): Promise<MyParticipation[]> {
  const filters = surveyId ? [{ filters: [{ key: 'survey_id', operator: 'eq' as const, value: surveyId }] }] : [];
  const { data } = await api.list<MyParticipation>(
    'participations/mine',
    { includes: ['survey'], sort: [{ key: 'id', direction: 'desc' }], limit: 50, filter_groups: filters },
    { signal },
  );
  return data;
}

/** One answer as `participations/{id}/results` gives it: the question and the answer as French text. */
export type AnswerResult = Pick<ParticipationAnswerResult, 'question_id' | 'label' | 'type' | 'answered' | 'display'>;

export interface MyParticipationResults {
  answers: AnswerResult[];
}

export function fetchParticipationResults(id: number, signal?: AbortSignal): Promise<MyParticipationResults> {
  return api.get<MyParticipationResults>(`participations/${id}/results`, { signal });
}
