import type { RouteObject } from 'react-router';
import { COMPANY_ROUTE_PATTERNS } from '../features/tenancy/company-paths';
import type { RouteRule } from './guards';
import { guarded } from './nav';

type Pages = typeof import('../pages/business/company/CompanyPages');

/** Loads a company screen with its French texts (the `company` namespace). */
function companyPage(pick: (module: Pages) => React.ComponentType) {
  return async () => {
    const [module] = await Promise.all([import('../pages/business/company/CompanyPages'), import('../features/tenancy/company-i18n')]);
    return { Component: pick(module) };
  };
}

const agentWith = (name: string, objects: string | readonly string[], action: string): RouteRule => ({
  access: 'signedIn',
  name,
  roles: ['agent'],
  company: true,
  permission: { objects, action },
});

/** Section 2 names no role (or "any"): whoever acts for a company and holds the permission. */
const memberWith = (name: string, objects: string | readonly string[], action: string): RouteRule => ({
  access: 'signedIn',
  name,
  company: true,
  permission: { objects, action },
});

/**
 * The company screens of the business area (section 2: `{action}`, `{action}/overview`,
 * `users`, `{action}/{type}`, `{action}/{type}/{user}`, `roles`, `roles/{role}`, plus the
 * company's own page, the join page, invitations and approvals), children of
 * `/:sessionID`. Each carries the permission its screen needs, so the guard (and the
 * navigation built from it) never leads to a page that would answer 403.
 */
export const companyRoutes: RouteObject[] = [
  {
    path: COMPANY_ROUTE_PATTERNS.company,
    ...guarded(agentWith('business.company', 'companies', 'show'), { id: 'company', group: 'business', icon: 'company' }),
    lazy: companyPage((m) => m.CompanyRoute),
  },
  {
    path: COMPANY_ROUTE_PATTERNS.join,
    ...guarded({ access: 'signedIn', name: 'business.join', roles: ['agent', 'customer'] }, { id: 'joinCompany', group: 'business', icon: 'company' }),
    lazy: companyPage((m) => m.JoinRoute),
  },
  {
    path: COMPANY_ROUTE_PATTERNS.overview,
    // Section 2: any role. The overview shows what the caller may list (API: 403 with none of them).
    ...guarded(memberWith('business.overview', ['participations', 'agents', 'approvals', 'invitations'], 'list'), { id: 'overview', group: 'business', icon: 'scores', params: { action: 'view' } }),
    lazy: () => import('../pages/business/OverviewPage').then((m) => ({ Component: m.OverviewPage })),
  },
  {
    path: COMPANY_ROUTE_PATTERNS.validations,
    ...guarded(agentWith('business.validations', 'participations', 'list'), { id: 'validations', group: 'business', icon: 'validations', params: { action: 'view' } }),
    lazy: () => import('../pages/business/ValidationsPage').then((m) => ({ Component: m.ValidationsPage })),
  },
  {
    // Route name with "users": the ability check of section 6 asks users.show as well.
    path: COMPANY_ROUTE_PATTERNS.users,
    ...guarded(agentWith('business.users', 'agents', 'list')),
    lazy: companyPage((m) => m.UsersRoute),
  },
  {
    path: COMPANY_ROUTE_PATTERNS.invitations,
    ...guarded(agentWith('business.invitations', 'invitations', 'list'), { id: 'invitations', group: 'business', icon: 'users', params: { action: 'view' } }),
    lazy: companyPage((m) => m.InvitationsRoute),
  },
  {
    path: COMPANY_ROUTE_PATTERNS.approvals,
    ...guarded(agentWith('business.approvals', 'approvals', 'list'), { id: 'approvals', group: 'business', icon: 'approvals', params: { action: 'view' } }),
    lazy: companyPage((m) => m.ApprovalsRoute),
  },
  {
    path: COMPANY_ROUTE_PATTERNS.people,
    ...guarded(
      { access: 'signedIn', name: 'business.people', roles: ['agent', 'partner'], company: true, permission: { objects: ['agents', 'participations'], action: 'list' } },
      { id: 'people', group: 'business', icon: 'users', params: { action: 'view', type: 'agents' } },
    ),
    lazy: companyPage((m) => m.PeopleRoute),
  },
  {
    path: COMPANY_ROUTE_PATTERNS.person,
    // Section 2: `{action}/{type}/{user}` names no role: whoever may open the list's people.
    ...guarded(memberWith('business.person', 'agents', 'show')),
    lazy: companyPage((m) => m.PersonRoute),
  },
  {
    path: COMPANY_ROUTE_PATTERNS.roles,
    ...guarded(memberWith('business.roles', 'roles', 'list'), { id: 'roles', group: 'business', icon: 'roles' }),
    lazy: companyPage((m) => m.RolesRoute),
  },
  {
    path: COMPANY_ROUTE_PATTERNS.role,
    ...guarded(memberWith('business.role', 'roles', 'show')),
    lazy: companyPage((m) => m.RoleRoute),
  },
];
