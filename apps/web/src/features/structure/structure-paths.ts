import { inSession } from '../../lib/session/session-id';

/**
 * Addresses of the structure screens (section 2, business area; `{action}` is view, new
 * or edit). The route table (`app/structure-routes.tsx`) and the shortcuts read these.
 */
export const STRUCTURE_ROUTE_PATTERNS = {
  sites: '/:sessionID/business/:action/sites',
  site: '/:sessionID/business/:action/sites/:site',
  siteGroups: '/:sessionID/business/:action/sites/:site/groups',
  siteGroup: '/:sessionID/business/:action/sites/:site/groups/:group',
  siteSurveys: '/:sessionID/business/:action/sites/:site/surveys',
  siteSurvey: '/:sessionID/business/:action/sites/:site/surveys/:survey',
  siteWorkspaces: '/:sessionID/business/:action/sites/:site/workspaces',
  siteWorkspace: '/:sessionID/business/:action/sites/:site/workspaces/:workspace',
  sitePeople: '/:sessionID/business/:action/sites/:site/:type',
  sitePerson: '/:sessionID/business/:action/sites/:site/:type/:user',
  workspaces: '/:sessionID/business/:action/workspaces',
  workspace: '/:sessionID/business/:action/workspaces/:workspace',
  groups: '/:sessionID/business/:action/groups',
  group: '/:sessionID/business/:action/groups/:group',
  audiences: '/:sessionID/business/:action/audience',
  audience: '/:sessionID/business/:action/audience/:id',
  audienceSubs: '/:sessionID/business/:action/audience/:id/sub',
  audienceSubsOfMode: '/:sessionID/business/:action/audience/:id/sub/:mode',
  poles: '/:sessionID/business/:action/poles',
  pole: '/:sessionID/business/:action/poles/:pole',
  poleNode: '/:sessionID/business/:action/poles/:pole/:node',
  imports: '/:sessionID/business/:action/imports/:kind',
  contacts: '/:sessionID/business/:action/contacts',
  companyZones: '/:sessionID/business/:action/zones',
  adminZones: '/:sessionID/mnt/zones/:action/:type',
  adminZone: '/:sessionID/mnt/zones/:action/:type/:zone',
  adminZonesUnder: '/:sessionID/mnt/zones/:action/:type/parent/:parent',
} as const;

export const structurePath = {
  sites: (sid: string) => inSession(sid, '/business/view/sites'),
  site: (sid: string, id: number, tab?: string) => inSession(sid, `/business/view/sites/${id}${tab ? `?tab=${tab}` : ''}`),
  workspaces: (sid: string) => inSession(sid, '/business/view/workspaces'),
  workspace: (sid: string, id: number) => inSession(sid, `/business/view/workspaces/${id}`),
  groups: (sid: string) => inSession(sid, '/business/view/groups'),
  group: (sid: string, id: number) => inSession(sid, `/business/view/groups/${id}`),
  audiences: (sid: string) => inSession(sid, '/business/view/audience'),
  audience: (sid: string, id: number) => inSession(sid, `/business/view/audience/${id}/sub`),
  poles: (sid: string) => inSession(sid, '/business/view/poles'),
  pole: (sid: string, id: number) => inSession(sid, `/business/view/poles/${id}`),
  imports: (sid: string, kind: 'agents' | 'workspaces') => inSession(sid, `/business/new/imports/${kind}`),
  /** The contacts list, searched for `q` when given. */
  contacts: (sid: string, q?: string) => inSession(sid, `/business/view/contacts${q ? `?q=${encodeURIComponent(q)}` : ''}`),
  companyZones: (sid: string) => inSession(sid, '/business/view/zones'),
  adminZones: (sid: string, type: string, parent?: number) => inSession(sid, `/mnt/zones/view/${type}${parent ? `/parent/${parent}` : ''}`),
  adminZone: (sid: string, type: string, id: number) => inSession(sid, `/mnt/zones/view/${type}/${id}`),
};
