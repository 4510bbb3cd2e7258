import { WEB_ROUTES } from '@app/contracts/routes';
import type { RouteObject } from 'react-router';
import { guard, sessionAuthIndexLoader, sessionIndexLoader } from './guard-loader';
import { businessSurveyRoutes } from './survey-routes';

const profileChildren = (base: string, rule: Parameters<typeof guard>[0]): RouteObject[] =>
  [base, `${base}/:action`, `${base}/:action/:section`].map((path) => ({
    path,
    loader: guard(rule),
    lazy: () => import('../pages/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
  }));

/**
 * Everything under `/{sessionID}`: the account's pages, each behind the guard with the
 * role rules of section 2. Static first segments (auth, error, platform...) rank above
 * this dynamic one, and an unknown deeper path still falls to the catch-all.
 */
export const sessionRoutes: RouteObject = {
  path: '/:sessionID',
  lazy: () => import('../pages/session/SessionLayout').then((m) => ({ Component: m.SessionLayout })),
  children: [
    { index: true, loader: sessionIndexLoader },
    { path: WEB_ROUTES.sessionAuth, loader: sessionAuthIndexLoader },
    {
      path: WEB_ROUTES.sessionLogout,
      lazy: () => import('../pages/auth/LogoutPage').then((m) => ({ Component: m.LogoutPage })),
    },
    {
      path: WEB_ROUTES.sessionPasswordReset,
      loader: guard({ access: 'signedIn', page: 'passwordReset', name: 'auth.passwordReset' }),
      lazy: () => import('../pages/session/PasswordResetPage').then((m) => ({ Component: m.PasswordResetPage })),
    },
    {
      path: WEB_ROUTES.sessionValidatePhone,
      loader: guard({ access: 'signedIn', page: 'validatePhone', name: 'auth.validatePhone' }),
      lazy: () => import('../pages/session/ValidatePhonePage').then((m) => ({ Component: m.ValidatePhonePage })),
    },
    {
      path: WEB_ROUTES.switchCompany,
      lazy: () => import('../pages/session/switch-company.loader').then((m) => ({ loader: m.switchCompanyLoader })),
    },
    {
      path: WEB_ROUTES.business,
      loader: guard({ access: 'signedIn', name: 'business', roles: ['agent', 'customer'] }),
      lazy: () => import('../pages/business/BusinessHomePage').then((m) => ({ Component: m.BusinessHomePage })),
    },
    {
      path: WEB_ROUTES.admin,
      loader: guard({ access: 'signedIn', name: 'mnt', roles: ['admin'] }),
      lazy: () => import('../pages/mnt/AdminHomePage').then((m) => ({ Component: m.AdminHomePage })),
    },
    {
      path: WEB_ROUTES.web,
      loader: guard({ access: 'signedIn', name: 'web' }),
      lazy: () => import('../pages/web/WebHomePage').then((m) => ({ Component: m.WebHomePage })),
    },
    ...businessSurveyRoutes,
    ...profileChildren(`${WEB_ROUTES.web}/profile`, { access: 'signedIn', name: 'web.profile', roles: ['customer'] }),
    ...profileChildren(WEB_ROUTES.profile, { access: 'signedIn', name: 'profile', roles: ['admin', 'agent'] }),
  ],
};
