import { WEB_ROUTES } from '@app/contracts/routes';
import type { RouteObject } from 'react-router';
import { guard, sessionAuthIndexLoader, sessionIndexLoader, sessionLogoutLoader } from './guard-loader';
import type { RouteRule } from './guards';
import { guarded, type NavDeclaration } from './nav';
import { adminRoutes } from './admin-routes';
import { adminPlatformRoutes } from './admin-platform-routes';
import { commerceRoutes } from './commerce-routes';
import { companyRoutes } from './company-routes';
import { businessStructureRoutes } from './structure-routes';
import { businessSurveyRoutes } from './survey-routes';
import { supervisionRoutes } from './supervision-routes';

const businessHome = async () => {
  const [{ BusinessHomePage }] = await Promise.all([import('../pages/business/BusinessHomePage'), import('../features/tenancy/company-i18n')]);
  return { Component: BusinessHomePage };
};

const profileChildren = (base: string, rule: RouteRule, nav: NavDeclaration): RouteObject[] =>
  [base, `${base}/:action`, `${base}/:action/:section`].map((path) => ({
    path,
    ...guarded(rule, path === base ? nav : undefined),
    lazy: () => import('../pages/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
  }));

/**
 * Everything under `/{sessionID}`: the account's pages, each behind the guard with the
 * role rules of section 2. Static first segments (auth, error, platform...) rank above
 * this dynamic one, and an unknown deeper path still falls to the catch-all.
 */
export const sessionRoutes: RouteObject = {
  path: '/:sessionID',
  lazy: () => import('./shell/SessionLayout').then((m) => ({ Component: m.SessionLayout })),
  children: [
    { index: true, loader: sessionIndexLoader },
    { path: WEB_ROUTES.sessionAuth, loader: sessionAuthIndexLoader },
    {
      path: WEB_ROUTES.sessionLogout,
      loader: sessionLogoutLoader,
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
      lazy: () => import('./switch-company.loader').then((m) => ({ loader: m.switchCompanyLoader })),
    },
    {
      path: WEB_ROUTES.business,
      ...guarded({ access: 'signedIn', name: 'business', roles: ['agent', 'customer'] }, { id: 'businessHome', group: 'business', icon: 'home' }),
      lazy: businessHome,
    },
    // Section 2's bare `business/{action}` (sign-in, roles not shown): the same home, the
    // static business routes (`articles`, `users`, `roles`...) ranking above it.
    { path: `${WEB_ROUTES.business}/:action`, ...guarded({ access: 'signedIn', name: 'business', roles: ['agent', 'customer'] }), lazy: businessHome },
    {
      path: WEB_ROUTES.web,
      ...guarded({ access: 'signedIn', name: 'web' }, { id: 'webHome', group: 'web', icon: 'web' }),
      lazy: () => import('../pages/web/WebHomePage').then((m) => ({ Component: m.WebHomePage })),
    },
    {
      path: `${WEB_ROUTES.business}/webhooks`,
      ...guarded({ access: 'signedIn', name: 'business.webhooks', roles: ['agent'], company: true, permission: { objects: 'webhooks', action: 'list' } }, { id: 'webhooks', group: 'business', icon: 'admin' }),
      lazy: () => import('../pages/business/WebhooksPage').then((m) => ({ Component: m.WebhooksPage })),
    },
    {
      path: `${WEB_ROUTES.web}/reports`,
      ...guarded({ access: 'signedIn', name: 'web.reports', roles: ['agent', 'customer'] }, { id: 'reports', group: 'web', icon: 'reports' }),
      lazy: () => import('../pages/web/ReportsPage').then((m) => ({ Component: m.ReportsPage })),
    },
    {
      path: `${WEB_ROUTES.web}/diffusions`,
      ...guarded({ access: 'signedIn', name: 'web.diffusions', roles: ['agent', 'customer'] }, { id: 'diffusions', group: 'web', icon: 'broadcasts' }),
      lazy: () => import('../pages/web/DiffusionsPage').then((m) => ({ Component: m.DiffusionsPage })),
    },
    ...['', '/:id'].map((rest) => ({
      path: `${WEB_ROUTES.web}/contact${rest}`,
      ...guarded(
        { access: 'signedIn', name: 'web.contact', roles: ['customer', 'agent'] },
        rest === '' ? { id: 'contactCompany', group: 'web', icon: 'conversations' } : undefined,
      ),
      lazy: () => import('../pages/web/ContactCompanyPage').then((m) => ({ Component: m.ContactCompanyPage })),
    })),
    ...['', '/:id', '/:id/:details'].map((rest) => ({
      path: `${WEB_ROUTES.conversations}/:type${rest}`,
      ...guarded({ access: 'signedIn', name: 'conversations' }, rest === '' ? { id: 'conversations', group: 'web', icon: 'conversations', params: { type: 'all' } } : undefined),
      lazy: () => import('../pages/conversations/ConversationsPage').then((m) => ({ Component: m.ConversationsPage })),
    })),
    // "J'ai un code d'invitation" (the invitation e-mail's link adds the code): any account.
    ...[WEB_ROUTES.sessionInvitation, `${WEB_ROUTES.sessionInvitation}/:code`].map((path) => ({
      path,
      loader: guard({ access: 'signedIn', name: 'invitationCode' }),
      lazy: () => import('../pages/session/InvitationCodePage').then((m) => ({ Component: m.InvitationCodePage })),
    })),
    {
      path: WEB_ROUTES.sessionMedia,
      loader: guard({ access: 'signedIn', name: 'media' }),
      lazy: () => import('../pages/session/MediaPage').then((m) => ({ Component: m.MediaPage })),
    },
    ...adminRoutes,
    ...businessSurveyRoutes,
    ...commerceRoutes,
    ...companyRoutes,
    ...businessStructureRoutes,
    ...supervisionRoutes,
    ...adminPlatformRoutes,
    ...profileChildren(`${WEB_ROUTES.web}/profile`, { access: 'signedIn', name: 'web.profile', roles: ['customer'] }, { id: 'webProfile', group: 'account', icon: 'profile' }),
    ...profileChildren(WEB_ROUTES.profile, { access: 'signedIn', name: 'profile', roles: ['admin', 'agent'] }, { id: 'profile', group: 'account', icon: 'profile' }),
  ],
};
