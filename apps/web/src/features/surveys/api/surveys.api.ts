import type { QueryObject } from '@app/contracts/query-object';
import type { SurveySettings, SurveyTargetKind, SurveyType } from '@app/contracts/surveys';
import { api } from '../../../lib/api-client';
import type { Survey } from '../survey.types';

/** The lifecycle routes of section 7: POST surveys/{id}/{action}. */
export type SurveyLifecycleAction = 'submit' | 'publish' | 'reject' | 'close' | 'active' | 'changeavailability';

export interface SurveyInput {
  title: string;
  description?: string | null;
  type?: SurveyType;
  target_kind?: SurveyTargetKind | null;
  opens_at?: string | null;
  closes_at?: string | null;
  settings?: Partial<SurveySettings>;
  active?: boolean;
  availability?: 'available' | 'unavailable';
}

/** Steps, questions and their choices in one call, for the builder. */
export const SURVEY_STRUCTURE_INCLUDES = ['steps', 'questions.choices'];

/**
 * A page of the company's surveys. With free text the list goes through
 * `POST surveys/search` (accent- and case-insensitive on title, code, description).
 */
export function listSurveys(query: QueryObject, signal?: AbortSignal) {
  const { input, ...rest } = query;
  if (input) return api.request<Survey[]>('POST', 'surveys/search', { body: { input, ...rest }, signal }).then(({ data, meta }) => ({ data, meta }));
  return api.list<Survey>('surveys', rest, { signal });
}

export function getSurvey(id: number | string, includes: string[] = SURVEY_STRUCTURE_INCLUDES, signal?: AbortSignal) {
  return api.get<Survey>(`surveys/${id}`, { query: { includes }, signal });
}

export function createSurvey(input: SurveyInput) {
  return api.post<Survey>('surveys', input);
}

export function updateSurvey(id: number, input: Partial<SurveyInput>) {
  return api.post<Survey>(`surveys/${id}`, input);
}

export function deleteSurvey(id: number) {
  return api.delete<null>(`surveys/${id}`);
}

export function duplicateSurvey(id: number) {
  return api.post<Survey>(`surveys/${id}/duplicate`);
}

/** Runs a lifecycle action; `reject` may carry a comment, the toggles a target value. */
/** The active company's survey rules (GET surveys/policy). */
export function getSurveyPolicy(signal?: AbortSignal) {
  return api.get<{ publication_requires_approval: boolean }>('surveys/policy', { signal });
}

export function runSurveyAction(id: number, action: SurveyLifecycleAction, body?: Record<string, unknown>) {
  return api.post<Survey>(`surveys/${id}/${action}`, body ?? {});
}

/** Templates usable by the company: its own and the platform's (GET surveys/type/template). */
export function listTemplates(query: QueryObject, signal?: AbortSignal) {
  const { input, ...rest } = query;
  if (input) {
    return api
      .request<Survey[]>('POST', 'surveys/type/template/search', { body: { input, ...rest }, signal })
      .then(({ data, meta }) => ({ data, meta }));
  }
  return api.list<Survey>('surveys/type/template', rest, { signal });
}

export function getTemplate(id: number | string, signal?: AbortSignal) {
  return api.get<Survey>(`templates/${id}`, { query: { includes: SURVEY_STRUCTURE_INCLUDES }, signal });
}

/** A new draft survey from a template (deep copy of its steps, questions and choices). */
export function createFromTemplate(
  templateId: number,
  input: { title?: string; type?: SurveyType; target_kind?: SurveyTargetKind | null } = {},
) {
  return api.post<Survey>(`surveys/${templateId}/createfromtemplate`, input);
}

/** Saves a survey as a template of the company, structure included (section 7 `copy`). */
export function copySurvey(id: number, title?: string) {
  return api.post<Survey>(`surveys/${id}/copy`, title ? { title } : {});
}

/** A survey's public link as the server publishes it (its PUBLIC_BASE_URL) and its QR code paths. */
export interface SurveyLink {
  code: string;
  path: string;
  url: string;
  qrcode: { png: string; svg: string };
  public_qrcode: { png: string; svg: string };
}

export function getSurveyLink(id: number, signal?: AbortSignal) {
  return api.get<SurveyLink>(`surveys/${id}/link`, { signal });
}
