import { WEB_ROUTES } from '@app/contracts/routes';
import type { RouteObject } from 'react-router';
import { SURVEY_ROUTE_PATTERNS } from '../features/surveys/survey-paths';
import { guard } from './guard-loader';
import type { RouteRule } from './guards';
import { guarded } from './nav';

/** Loads a survey screen together with the survey texts, so it never renders untranslated keys. */
function surveyPage<T>(load: () => Promise<T>, pick: (module: T) => React.ComponentType) {
  return async () => {
    const [{ loadSurveysI18n }, module] = await Promise.all([import('../features/surveys/surveys-i18n'), load()]);
    await loadSurveysI18n();
    return { Component: pick(module) };
  };
}

const agentRule = (name: string): RouteRule => ({ access: 'signedIn', name, roles: ['agent'], company: true });
/** Section 2 names no role for the surveys: whoever acts for the company with the ability (partners read them). */
const memberRule = (name: string): RouteRule => ({ access: 'signedIn', name, company: true });

/**
 * The survey screens of the business area (section 2), children of `/:sessionID`. The
 * route names carry the resource so the guard adds the ability check of section 6
 * (`surveys`/`templates` with show, create for `new`, update for `edit`).
 */
export const businessSurveyRoutes: RouteObject[] = [
  {
    path: SURVEY_ROUTE_PATTERNS.surveys,
    ...guarded(memberRule('business.surveys'), { id: 'surveys', group: 'business', icon: 'surveys', params: { action: 'view' } }),
    lazy: surveyPage(() => import('../pages/business/surveys/SurveysPage'), (m) => m.SurveysPage),
  },
  {
    path: SURVEY_ROUTE_PATTERNS.surveysOfType,
    loader: guard(memberRule('business.surveys')),
    lazy: surveyPage(() => import('../pages/business/surveys/SurveysPage'), (m) => m.SurveysPage),
  },
  {
    path: SURVEY_ROUTE_PATTERNS.survey,
    loader: guard(memberRule('business.surveys')),
    lazy: surveyPage(() => import('../pages/business/surveys/SurveyDetailPage'), (m) => m.SurveyDetailPage),
  },
  {
    path: SURVEY_ROUTE_PATTERNS.questions,
    // The page lists the company's default questions: without questions.list it could only fail.
    ...guarded(
      { ...agentRule('business.questions'), permission: { objects: 'questions', action: 'list' } },
      { id: 'questions', group: 'business', icon: 'questions', params: { action: 'view' } },
    ),
    lazy: surveyPage(() => import('../pages/business/surveys/QuestionsPage'), (m) => m.QuestionsPage),
  },
  {
    path: SURVEY_ROUTE_PATTERNS.question,
    loader: guard(agentRule('business.questions')),
    lazy: surveyPage(() => import('../pages/business/surveys/QuestionsPage'), (m) => m.QuestionPage),
  },
  {
    path: SURVEY_ROUTE_PATTERNS.templates,
    ...guarded({ access: 'signedIn', name: 'business.templates' }, { id: 'templates', group: 'business', icon: 'templates', params: { action: 'view' } }),
    lazy: surveyPage(() => import('../pages/business/surveys/TemplatesPage'), (m) => m.TemplatesPage),
  },
  {
    path: SURVEY_ROUTE_PATTERNS.template,
    loader: guard(agentRule('business.templates')),
    lazy: surveyPage(() => import('../pages/business/surveys/TemplatesPage'), (m) => m.TemplatePage),
  },
  {
    // Only the survey kind of the conversations' participation details is ours; other
    // kinds (activity monitors) keep the generic conversations routes.
    path: SURVEY_ROUTE_PATTERNS.surveyParticipationDetails,
    loader: guard({ access: 'signedIn', name: 'conversations.survey' }),
    lazy: surveyPage(() => import('../pages/conversations/SurveyParticipationPage'), (m) => m.SurveyParticipationPage),
  },
];

/** `/qrcode-preview`: public, a QR code large enough to print. */
export const qrcodePreviewRoute: RouteObject = {
  path: WEB_ROUTES.qrcodePreview,
  lazy: surveyPage(() => import('../pages/platform/QrcodePreviewPage'), (m) => m.QrcodePreviewPage),
};
