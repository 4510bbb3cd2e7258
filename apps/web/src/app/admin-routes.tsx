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
  const [m, catalogueTexts] = await Promise.all([pages(), import('../features/platform/admin-catalogue/catalogue-i18n')]);
  // The company page's default questions tab shows the catalogue's card of what a new survey starts with.
  await Promise.all([m.loadAdminI18n(), catalogueTexts.loadAdminCatalogueI18n()]);
  return { Component: pick(m) };
};
const home = async () => {
  const [page, i18n] = await Promise.all([import('../pages/mnt/AdminHomePage'), import('../features/administration/admin-i18n')]);
  await i18n.loadAdminI18n();
  return { Component: page.AdminHomePage };
};
const company = companiesPage((m) => m.CompanyPage);
const referencePages = () => import('../pages/mnt/AdminCataloguePages');
/** Sectors and categories: the reference data of the catalogue, with their texts. */
const referencePage = (pick: (m: Awaited<ReturnType<typeof referencePages>>) => React.ComponentType) => async () => {
  const m = await referencePages();
  await m.loadCatalogueI18n();
  return { Component: pick(m) };
};
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

// Catalogue (issue 20): platform surveys and their moderation, default questions, articles, sectors and categories
/** Loads a catalogue screen with its texts (and those of the list frame it shares with the other mnt lists). */
const cataloguePage =
  <T,>(load: () => Promise<T>, pick: (m: T) => React.ComponentType) =>
  async () => {
    const [module, ownTexts, listTexts] = await Promise.all([
      load(),
      import('../features/platform/admin-catalogue/catalogue-i18n'),
      import('../features/platform/admin-users/admin-platform-i18n'),
    ]);
    await Promise.all([ownTexts.loadAdminCatalogueI18n(), listTexts.loadAdminPlatformI18n()]);
    return { Component: pick(module) };
  };
const surveysPages = () => import('../features/platform/admin-catalogue/PlatformSurveysPages');
const articlesPages = () => import('../features/platform/admin-catalogue/PlatformArticlesPages');
const defaultsPage = async () => {
  const [page, surveysI18n] = await Promise.all([import('../features/platform/admin-catalogue/PlatformDefaultQuestionsPage'), import('../features/surveys/surveys-i18n')]);
  await surveysI18n.loadSurveysI18n();
  return page;
};
const S = '/:sessionID/mnt/surveys/:action';
const catalogue: AdminRoute[] = [
  { path: S, rule: admin('mnt.surveys'), nav: { id: 'mntSurveys', group: 'mntCatalogue', icon: 'surveys', params: { action: 'view' } }, page: cataloguePage(surveysPages, (m) => m.PlatformSurveysPage) },
  { path: `${S}/templates`, rule: admin('mnt.surveys.templates'), page: cataloguePage(surveysPages, (m) => m.PlatformSurveyTemplatesPage) },
  { path: `${S}/templates/:template`, rule: admin('mnt.surveys.templates'), page: cataloguePage(surveysPages, (m) => m.PlatformSurveyPage) },
  { path: `${S}/questions/:type`, rule: admin('mnt.surveys.questions'), nav: { id: 'mntDefaultQuestions', group: 'mntCatalogue', icon: 'questions', params: { action: 'view', type: 'agent' } }, page: cataloguePage(defaultsPage, (m) => m.PlatformDefaultQuestionsPage) },
  { path: `${S}/:survey`, rule: admin('mnt.surveys.show'), page: cataloguePage(surveysPages, (m) => m.PlatformSurveyPage) },
  { path: '/:sessionID/mnt/articles', rule: admin('mnt.articles'), nav: { id: 'mntArticles', group: 'mntCatalogue', icon: 'articles' }, page: cataloguePage(articlesPages, (m) => m.ArticlesHomePage) },
  { path: '/:sessionID/mnt/articles/list', rule: admin('mnt.articles.list'), page: cataloguePage(articlesPages, (m) => m.ArticlesListPage) },
  { path: '/:sessionID/mnt/articles/categories', rule: admin('mnt.articles.categories'), page: cataloguePage(articlesPages, (m) => m.ArticleCategoriesPage) },
  { path: '/:sessionID/mnt/sectors', rule: admin('mnt.sectors'), nav: { id: 'mntSectors', group: 'mntCatalogue', icon: 'company' }, page: referencePage((m) => m.SectorsPage) },
  { path: '/:sessionID/mnt/sectors/:action', rule: admin('mnt.sectors'), page: referencePage((m) => m.SectorsPage) },
  { path: '/:sessionID/mnt/sectors/:action/:sector', rule: admin('mnt.sectors.show'), page: referencePage((m) => m.SectorPage) },
  { path: '/:sessionID/mnt/categories', rule: admin('mnt.categories'), nav: { id: 'mntCategories', group: 'mntCatalogue', icon: 'templates' }, page: referencePage((m) => m.CategoriesPage) },
  { path: '/:sessionID/mnt/categories/:action/:kind', rule: admin('mnt.categories'), page: referencePage((m) => m.CategoriesPage) },
  { path: '/:sessionID/mnt/categories/:action/:kind/:category', rule: admin('mnt.categories.show'), page: referencePage((m) => m.CategoryPage) },
  { path: '/:sessionID/mnt/categories/:action/companies/:category/features/:feature', rule: admin('mnt.categories.features'), page: referencePage((m) => m.CategoryFeaturePage) },
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
