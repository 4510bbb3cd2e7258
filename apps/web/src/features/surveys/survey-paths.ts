import { inSession } from '../../lib/session/session-id';

/**
 * Addresses of the survey screens (section 2): business pages take an `{action}`
 * segment (`view`, `new`, `edit`) that the guards turn into an ability check.
 */
export const SURVEY_ROUTE_PATTERNS = {
  surveys: '/:sessionID/business/:action/surveys',
  surveysOfType: '/:sessionID/business/:action/surveys/:type',
  survey: '/:sessionID/business/:action/surveys/:type/:survey',
  questions: '/:sessionID/business/:action/questions',
  question: '/:sessionID/business/:action/questions/:question',
  templates: '/:sessionID/business/:action/templates',
  template: '/:sessionID/business/:action/templates/:template',
  surveyParticipationDetails: '/:sessionID/conversations/survey/:id/:participation',
} as const;

export type SurveyTab = 'builder' | 'share' | 'participations' | 'results';
export const SURVEY_TABS: readonly SurveyTab[] = ['builder', 'share', 'participations', 'results'];

export function isSurveyTab(value: string | null | undefined): value is SurveyTab {
  return typeof value === 'string' && (SURVEY_TABS as readonly string[]).includes(value);
}

export function surveysPath(sid: string, type?: string | null, action = 'view'): string {
  return inSession(sid, `/business/${action}/surveys${type ? `/${type}` : ''}`);
}

export function surveyPath(sid: string, survey: { id: number; type: string }, tab?: SurveyTab, action = 'view'): string {
  const path = inSession(sid, `/business/${action}/surveys/${survey.type}/${survey.id}`);
  return tab ? `${path}?tab=${tab}` : path;
}

export function templatesPath(sid: string, action = 'view'): string {
  return inSession(sid, `/business/${action}/templates`);
}

export function templatePath(sid: string, id: number, action = 'view'): string {
  return inSession(sid, `/business/${action}/templates/${id}`);
}

export function questionsPath(sid: string, action = 'view'): string {
  return inSession(sid, `/business/${action}/questions`);
}

export function questionPath(sid: string, id: number, action = 'view'): string {
  return inSession(sid, `/business/${action}/questions/${id}`);
}

/** Section 2: a contributor's participation details (conversations, contributors tab). */
export function participationDetailsPath(sid: string, surveyId: number, participationId: number): string {
  return `${inSession(sid, `/conversations/survey/${surveyId}/${participationId}`)}?multiple=1&tab=contributors`;
}

/** Section 2: the contribution page (web/surveys, type contribution, id = survey code). */
export function contributionPath(sid: string, surveyCode: string, participationId: number): string {
  return `${inSession(sid, `/web/surveys/contribution/${encodeURIComponent(surveyCode)}`)}?participation=${participationId}`;
}
