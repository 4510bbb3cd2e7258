import type { RouteObject } from 'react-router';
import { STRUCTURE_ROUTE_PATTERNS as P } from '../features/structure/structure-paths';
import type { RouteRule } from './guards';
import { guarded, type NavDeclaration, type NavIcon } from './nav';

/** Loads a structure screen together with its texts, so it never renders untranslated keys. */
function page<T>(load: () => Promise<T>, pick: (module: T) => React.ComponentType) {
  return async () => {
    const [{ loadStructureI18n }, module] = await Promise.all([import('../features/structure/structure-i18n'), load()]);
    await loadStructureI18n();
    return { Component: pick(module) };
  };
}

const sites = () => import('../features/structure/sites/SitesPage');
const site = () => import('../features/structure/sites/SiteDetailPage');
const workspaces = () => import('../features/structure/workspaces/WorkspacesPage');
const groups = () => import('../features/structure/groups/GroupsPage');
const audiences = () => import('../features/structure/audiences/AudiencesPage');
const poles = () => import('../features/structure/poles/PolesPage');
const imports = () => import('../features/structure/imports/ImportPage');
const workspace = () => import('../features/structure/workspaces/WorkspaceDetailPage');
const contacts = () => import('../features/structure/contacts/ContactsPage');
const companyZones = () => import('../features/structure/zones/CompanyZonesPage');
const adminZones = () => import('../features/structure/zones/AdminZonesPage');

/**
 * One entry per route of section 2 for the company structure: its pattern, the guard
 * rule (roles of the table; route names carry the resource, so the guard adds the
 * ability check of section 6) and, for top-level screens, the side navigation's entry
 * (offered to whoever the same rule lets in; label `nav:items.<id>`).
 */
export interface StructureRoute {
  path: string;
  rule: RouteRule;
  lazy: RouteObject['lazy'];
  nav?: NavDeclaration;
}

const navTo = (id: string, icon: NavIcon, params: Record<string, string> = { action: 'view' }): NavDeclaration => ({ id, group: 'business', icon, params });

const signedIn = (name: string, roles?: RouteRule['roles']): RouteRule => ({ access: 'signedIn', name, ...(roles ? { roles } : {}) });
const agentPartner = ['agent', 'partner'] as const;

export const STRUCTURE_ROUTES: readonly StructureRoute[] = [
  { path: P.sites, rule: signedIn('business.sites', agentPartner), lazy: page(sites, (m) => m.SitesPage), nav: navTo('sites', 'sites') },
  { path: P.siteGroups, rule: signedIn('business.sites.groups'), lazy: page(site, (m) => () => <m.SiteDetailPage section="groups" />) },
  { path: P.siteGroup, rule: signedIn('business.sites.groups'), lazy: page(site, (m) => () => <m.SiteDetailPage section="groups" />) },
  { path: P.siteSurveys, rule: signedIn('business.sites.surveys', agentPartner), lazy: page(site, (m) => () => <m.SiteDetailPage section="surveys" />) },
  { path: P.siteSurvey, rule: signedIn('business.sites.surveys', agentPartner), lazy: page(site, (m) => () => <m.SiteDetailPage section="surveys" />) },
  { path: P.siteWorkspaces, rule: signedIn('business.sites.workspaces', ['agent']), lazy: page(site, (m) => () => <m.SiteDetailPage section="workspaces" />) },
  { path: P.siteWorkspace, rule: signedIn('business.sites.workspaces', ['agent']), lazy: page(site, (m) => () => <m.SiteDetailPage section="workspaces" />) },
  { path: P.sitePeople, rule: signedIn('business.sites', agentPartner), lazy: page(site, (m) => () => <m.SiteDetailPage section="people" />) },
  { path: P.sitePerson, rule: signedIn('business.sites', agentPartner), lazy: page(site, (m) => () => <m.SiteDetailPage section="people" />) },
  { path: P.site, rule: signedIn('business.sites', agentPartner), lazy: page(site, (m) => m.SiteDetailPage) },
  {
    path: P.workspaces,
    rule: signedIn('business.workspaces', ['agent']),
    lazy: page(workspaces, (m) => m.WorkspacesPage),
    nav: navTo('workspaces', 'workspaces'),
  },
  { path: P.workspace, rule: signedIn('business.workspaces', ['agent']), lazy: page(workspace, (m) => m.WorkspaceDetailPage) },
  {
    path: P.groups,
    rule: { ...signedIn('business.groups'), permission: { objects: ['groups'], action: 'list' } },
    lazy: page(groups, (m) => m.GroupsPage),
    nav: navTo('groups', 'groups'),
  },
  { path: P.group, rule: { ...signedIn('business.groups'), permission: { objects: ['groups'], action: 'show' } }, lazy: page(groups, (m) => m.GroupDetailPage) },
  {
    path: P.audiences,
    rule: { ...signedIn('business.audience'), permission: { objects: ['audiences'], action: 'list' } },
    lazy: page(audiences, (m) => m.AudiencesPage),
    nav: navTo('audiences', 'audiences'),
  },
  { path: P.audience, rule: { ...signedIn('business.audience'), permission: { objects: ['audiences'], action: 'show' } }, lazy: page(audiences, (m) => m.AudienceDetailPage) },
  { path: P.audienceSubs, rule: { ...signedIn('business.audience'), permission: { objects: ['audiences'], action: 'show' } }, lazy: page(audiences, (m) => m.AudienceDetailPage) },
  { path: P.audienceSubsOfMode, rule: { ...signedIn('business.audience'), permission: { objects: ['audiences'], action: 'show' } }, lazy: page(audiences, (m) => m.AudienceDetailPage) },
  { path: P.poles, rule: signedIn('business.poles', agentPartner), lazy: page(poles, (m) => m.PolesPage), nav: navTo('poles', 'poles') },
  { path: P.pole, rule: signedIn('business.poles', agentPartner), lazy: page(poles, (m) => m.PoleTreePage) },
  { path: P.poleNode, rule: signedIn('business.poles', agentPartner), lazy: page(poles, (m) => m.PoleTreePage) },
  {
    path: P.imports,
    rule: { ...signedIn('business.imports', ['agent']), permission: { objects: ['companies'], action: 'importagents' } },
    lazy: page(imports, (m) => m.ImportPage),
    nav: navTo('importAgents', 'import', { action: 'new', kind: 'agents' }),
  },
  {
    path: P.contacts,
    rule: { ...signedIn('business.contacts', ['agent']), permission: { objects: ['contacts'], action: 'list' } },
    lazy: page(contacts, (m) => m.ContactsPage),
    nav: navTo('contacts', 'contacts'),
  },
  // The name carries `zones`: the guard asks for locations.manage (section 6).
  { path: P.companyZones, rule: signedIn('business.zones', ['agent']), lazy: page(companyZones, (m) => m.CompanyZonesPage), nav: navTo('companyZones', 'zones') },
  // Admin area: the reference zones (`zones/{action}/{type}[/{zone}]`, `.../parent/{parent}`).
  {
    path: P.adminZones,
    rule: signedIn('mnt.zones', ['admin']),
    lazy: page(adminZones, (m) => m.AdminZonesPage),
    nav: { id: 'adminZones', group: 'mntReferences', icon: 'zones', params: { action: 'view', type: 'country' } },
  },
  { path: P.adminZonesUnder, rule: signedIn('mnt.zones', ['admin']), lazy: page(adminZones, (m) => m.AdminZonesPage) },
  { path: P.adminZone, rule: signedIn('mnt.zones', ['admin']), lazy: page(adminZones, (m) => m.AdminZoneDetailPage) },
];

/** The business screens work for the active company (Agent-id): without one they could only fail. */
const withCompany = (rule: RouteRule): RouteRule => (rule.name?.startsWith('business.') ? { ...rule, company: true } : rule);

export const businessStructureRoutes: RouteObject[] = STRUCTURE_ROUTES.map((route) => ({ path: route.path, ...guarded(withCompany(route.rule), route.nav), lazy: route.lazy }));
