import { WEB_ROUTES } from '@app/contracts/routes';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { guard } from './guard-loader';
import { guarded } from './nav';

// Route names avoid the word "surveys": the ability rule would then ask for the company
// permission surveys.show, which a customer answering a survey does not hold.
const signedIn = (name: string, roles?: Array<'agent' | 'customer' | 'partner'>) => guard({ access: 'signedIn', name, roles });
const base = `${WEB_ROUTES.web}/surveys`;

/**
 * Section 2, web area and links: `web/surveys`, `web/surveys/{type}`,
 * `web/surveys/{type}/{id}` (the contribution page when type is contribution),
 * `web/surveys/{type}/{id}/participations`, and the signed-in link `/{sid}/m/{type}/{id}/{code}`.
 */
export const webSurveyRoutes: RouteObject[] = [
  {
    path: base,
    ...guarded({ access: 'signedIn', name: 'web.forms', roles: ['agent', 'customer'] }, { id: 'webSurveys', group: 'web', icon: 'forms' }),
    lazy: () => import('../pages/web/surveys/WebSurveysPage').then((m) => ({ Component: m.WebSurveysPage })),
  },
  {
    path: `${base}/:type`,
    loader: signedIn('web.forms.type'),
    lazy: () => import('../pages/web/surveys/WebSurveysPage').then((m) => ({ Component: m.WebSurveysPage })),
  },
  {
    path: `${base}/:type/:id`,
    // Section 2 names agent and customer; a partner is not an agent (section 6) but is invited
    // to contribute (the partner role holds contributions.create): the contribution page,
    // where the invitation's toast leads, must open for them too.
    loader: signedIn('web.forms.answer', ['agent', 'customer', 'partner']),
    lazy: () => import('../pages/web/surveys/WebSurveyAnswerPage').then((m) => ({ Component: m.WebSurveyAnswerPage })),
  },
  {
    path: `${base}/:type/:id/participations`,
    loader: signedIn('web.forms.participations', ['agent', 'customer']),
    lazy: () => import('../pages/web/surveys/WebSurveyParticipationsPage').then((m) => ({ Component: m.WebSurveyParticipationsPage })),
  },
  {
    path: WEB_ROUTES.sessionLink,
    loader: async (args: LoaderFunctionArgs) => {
      await signedIn('web.link')(args);
      const { sessionLinkLoader } = await import('../pages/web/surveys/session-link.route');
      return sessionLinkLoader(args);
    },
    lazy: () => import('../pages/web/surveys/session-link.route').then((m) => ({ Component: m.SessionLinkPage })),
  },
];
