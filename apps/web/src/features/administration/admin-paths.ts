import { inSession } from '../../lib/session/session-id';

/** Addresses of the back office screens this feature draws (section 2; `{action}` is `view`). */
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
  companyAudit: (sid: string) => inSession(sid, '/business/view/audit'),
};
