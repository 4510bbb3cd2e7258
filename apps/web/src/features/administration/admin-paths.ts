import { inSession } from '../../lib/session/session-id';

/**
 * THE addresses of the back office (section 2, `mnt/*`; `{action}` is `view`): the route
 * patterns and the links, for both halves (companies and audit; users, cross-company
 * lists, broadcast, scorecards and map). One file so a route and its links cannot drift.
 */
export const ADMIN_PATTERNS = {
  home: '/:sessionID/mnt',
  audit: '/:sessionID/mnt/audit',
  companies: '/:sessionID/mnt/companies',
  byCustomer: '/:sessionID/mnt/companies/:action/bycustomer',
  company: '/:sessionID/mnt/companies/:action/:company',
  companyChild: '/:sessionID/mnt/companies/:action/:company/:child',
  companyChildRow: '/:sessionID/mnt/companies/:action/:company/:child/:row',
  companyQuestions: '/:sessionID/mnt/companies/:action/:company/:type/questions',
  companyQuestion: '/:sessionID/mnt/companies/:action/:company/:type/questions/:row',
  siteChild: '/:sessionID/mnt/companies/:action/:company/sites/:site/:child',
  siteChildRow: '/:sessionID/mnt/companies/:action/:company/sites/:site/:child/:row',
  companyAudit: '/:sessionID/business/:action/audit',
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

export const adminPaths = {
  home: (sid: string) => inSession(sid, '/mnt'),
  audit: (sid: string) => inSession(sid, '/mnt/audit'),
  companies: (sid: string) => inSession(sid, '/mnt/companies'),
  byCustomer: (sid: string) => inSession(sid, '/mnt/companies/view/bycustomer'),
  company: (sid: string, id: number) => inSession(sid, `/mnt/companies/view/${id}`),
  companyChild: (sid: string, id: number, child: string) => inSession(sid, `/mnt/companies/view/${id}/${child}`),
  companyChildRow: (sid: string, id: number, child: string, row: number) => inSession(sid, `/mnt/companies/view/${id}/${child}/${row}`),
  companyQuestions: (sid: string, id: number, type: string) => inSession(sid, `/mnt/companies/view/${id}/${type}/questions`),
  siteChild: (sid: string, id: number, site: number, child: string) => inSession(sid, `/mnt/companies/view/${id}/sites/${site}/${child}`),
  users: (sid: string) => inSession(sid, '/mnt/users/view'),
  usersByType: (sid: string, type: string) => inSession(sid, `/mnt/users/view/${type}`),
  user: (sid: string, type: string, id: number) => inSession(sid, `/mnt/users/view/${type}/${id}`),
  companyAudit: (sid: string) => inSession(sid, '/business/view/audit'),
};
