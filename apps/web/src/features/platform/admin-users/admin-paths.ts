import { inSession } from '../../../lib/session/session-id';

/** Addresses of the back office's users, cross-company lists, broadcast and scorecards (section 2, mnt). */
export const ADMIN_PLATFORM_PATTERNS = {
  users: '/:sessionID/mnt/users/:action',
  usersByType: '/:sessionID/mnt/users/:action/:type',
  user: '/:sessionID/mnt/users/:action/:type/:user',
  sites: '/:sessionID/mnt/sites/:action',
  site: '/:sessionID/mnt/sites/:action/:site',
  workspaces: '/:sessionID/mnt/workspaces/:action',
  workspace: '/:sessionID/mnt/workspaces/:action/:workspace',
  groups: '/:sessionID/mnt/groups/:action',
  reports: '/:sessionID/mnt/reports/:action',
  audiences: '/:sessionID/mnt/conversations/:action/audiences',
  audience: '/:sessionID/mnt/conversations/:action/audiences/:audience',
  contacts: '/:sessionID/mnt/contacts',
  broadcast: '/:sessionID/mnt/broadcast',
  overview: '/:sessionID/mnt/overview',
  map: '/:sessionID/mnt/ai-map',
} as const;

export const adminPlatformPaths = {
  users: (sid: string) => inSession(sid, '/mnt/users/view'),
  usersByType: (sid: string, type: string) => inSession(sid, `/mnt/users/view/${type}`),
  user: (sid: string, type: string, id: number) => inSession(sid, `/mnt/users/view/${type}/${id}`),
  company: (sid: string, id: number) => inSession(sid, `/mnt/companies/view/${id}`),
};
