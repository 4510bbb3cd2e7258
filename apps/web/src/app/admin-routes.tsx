import type { RouteObject } from 'react-router';
import type { RouteRule } from './guards';
import { guarded, type NavDeclaration } from './nav';

/**
 * The back office's route table (section 2, `/{sessionID}/mnt`), grouped as its
 * navigation is: Pilotage, Entreprises, Utilisateurs, Catalogue, Finances, Référentiels,
 * Communication. One route per line; each section's screens are added to its list.
 * (Finances live in commerce-routes.tsx and the reference zones in structure-routes.tsx,
 * with their nav groups `mntFinances` and `mntReferences`.)
 */

const admin = (name: string): RouteRule => ({ access: 'signedIn', name, roles: ['admin'] });
const pages = () => import('../pages/mnt/AdminCompaniesPages');

interface AdminRoute {
  path: string;
  rule: RouteRule;
  nav?: NavDeclaration;
  page: () => Promise<{ Component: React.ComponentType }>;
}

const companiesPage = (pick: (m: Awaited<ReturnType<typeof pages>>) => React.ComponentType) => async () => {
  const m = await pages();
  await m.loadAdminI18n();
  return { Component: pick(m) };
};
const home = async () => {
  const [page, i18n] = await Promise.all([import('../pages/mnt/AdminHomePage'), import('../features/administration/admin-i18n')]);
  await i18n.loadAdminI18n();
  return { Component: page.AdminHomePage };
};
const company = companiesPage((m) => m.CompanyPage);
const templatePages = () => import('../pages/mnt/AdminTemplatePages');
const templatesPage = (pick: (m: Awaited<ReturnType<typeof templatePages>>) => React.ComponentType) => async () => {
  const m = await templatePages();
  await m.loadTemplatePagesI18n();
  return { Component: pick(m) };
};
const C = '/:sessionID/mnt/companies/:action/:company';

// Pilotage
const pilotage: AdminRoute[] = [
  { path: '/:sessionID/mnt', rule: admin('mnt'), nav: { id: 'mntHome', group: 'mntPilotage', icon: 'admin' }, page: home },
  { path: '/:sessionID/mnt/audit', rule: admin('mnt.audit'), nav: { id: 'mntAudit', group: 'mntPilotage', icon: 'activities' }, page: companiesPage((m) => m.PlatformAuditPage) },
];

// Entreprises
const companies: AdminRoute[] = [
  { path: '/:sessionID/mnt/companies', rule: admin('mnt.companies'), nav: { id: 'mntCompanies', group: 'mntCompanies', icon: 'company' }, page: companiesPage((m) => m.CompaniesPage) },
  { path: '/:sessionID/mnt/companies/:action/bycustomer', rule: admin('mnt.companies.bycustomer'), nav: { id: 'mntCompaniesByCustomer', group: 'mntCompanies', icon: 'users', params: { action: 'view' } }, page: companiesPage((m) => m.CompaniesByOwnerPage) },
  { path: C, rule: admin('mnt.companies.show'), page: company },
  { path: `${C}/:child`, rule: admin('mnt.companies.show'), page: company },
  { path: `${C}/:child/:row`, rule: admin('mnt.companies.show'), page: company },
  { path: `${C}/:type/questions`, rule: admin('mnt.companies.questions'), page: company },
  { path: `${C}/:type/questions/:row`, rule: admin('mnt.companies.questions'), page: company },
  { path: `${C}/sites/:site/:child`, rule: admin('mnt.companies.show'), page: company },
  { path: `${C}/sites/:site/:child/:row`, rule: admin('mnt.companies.show'), page: company },
];

// Utilisateurs
const users: AdminRoute[] = [];

// Catalogue
const catalogue: AdminRoute[] = [
  { path: '/:sessionID/mnt/templates/new', rule: admin('mnt.templates.new'), page: templatesPage((m) => m.TemplateCreatePage) },
  { path: '/:sessionID/mnt/templates/:action', rule: admin('mnt.templates'), nav: { id: 'mntTemplates', group: 'mntCatalogue', icon: 'templates', params: { action: 'view' } }, page: templatesPage((m) => m.TemplateLibraryPage) },
  { path: '/:sessionID/mnt/templates/:action/:template', rule: admin('mnt.templates.show'), page: templatesPage((m) => m.TemplateEditorPage) },
  { path: '/:sessionID/mnt/surveys/:action/premium', rule: admin('mnt.surveys.premium'), nav: { id: 'mntPremium', group: 'mntCatalogue', icon: 'premium', params: { action: 'view' } }, page: templatesPage((m) => m.PremiumTemplatesPage) },
];

// Communication
const communication: AdminRoute[] = [];

// The company's own audit trail (business side, its owner: roles.update).
const business: AdminRoute[] = [
  {
    path: '/:sessionID/business/:action/audit',
    rule: { access: 'signedIn', name: 'business.audit', roles: ['agent'], permission: { objects: 'roles', action: 'update' } },
    nav: { id: 'companyAudit', group: 'business', icon: 'activities', params: { action: 'view' } },
    page: companiesPage((m) => m.CompanyAuditPage),
  },
];

const ALL: AdminRoute[] = [...pilotage, ...companies, ...users, ...catalogue, ...communication, ...business];

export const adminRoutes: RouteObject[] = ALL.map((r) => ({ path: r.path, ...guarded(r.rule, r.nav), lazy: r.page }));
