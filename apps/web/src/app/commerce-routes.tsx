import { WEB_ROUTES } from '@app/contracts/routes';
import { Navigate, type RouteObject, useParams } from 'react-router';
import { COMMERCE_ROUTE_PATTERNS as P, commercePaths } from '../features/commerce/commerce-paths';
import type { RouteRule } from './guards';
import { guarded } from './nav';

/** Loads a commerce screen together with its texts, so it never renders untranslated keys. */
function commercePage<T>(load: () => Promise<T>, pick: (module: T) => React.ComponentType) {
  return async () => {
    const [{ loadCommerceI18n }, module] = await Promise.all([import('../features/commerce/commerce-i18n'), load()]);
    await loadCommerceI18n();
    return { Component: pick(module) };
  };
}

const invoices = () => import('../features/commerce/InvoicePages');
const transactions = () => import('../features/commerce/TransactionPages');
const packages = () => import('../features/commerce/PackagePages');
const articles = () => import('../features/commerce/ArticlePages');
const finances = () => import('../features/commerce/admin/FinancesPages');
const adminPackage = () => import('../features/commerce/admin/AdminPackagePage');
const rule = (name: string, roles?: RouteRule['roles']): RouteRule => ({ access: 'signedIn', name, ...(roles && { roles }) });
/** A business screen of the active company (its calls carry Agent-id). */
const companyRule = (name: string, roles: RouteRule['roles'], extra: Partial<RouteRule> = {}): RouteRule => ({ ...rule(name, roles), company: true, ...extra });
/** What the person owns (their invoices, their bookings): every signed-in person, whatever their memberships. */
const ownRule = (name: string): RouteRule => ({ ...rule(name), own: true });

/** The platform's features catalogue, where an admin's `business/{action}/features` leads. */
function AdminFeaturesRedirect() {
  const { sessionID = '' } = useParams();
  return <Navigate replace to={commercePaths.mntFeatures(sessionID)} />;
}

/**
 * The commerce screens (section 2), children of `/:sessionID`. Route names carry the
 * resource, so `invoices` and `packages` also get the ability check of section 6.
 */
export const commerceRoutes: RouteObject[] = [
  { path: P.invoices, ...guarded(companyRule('business.invoices', ['agent']), { id: 'invoices', group: 'business', icon: 'invoices', params: { action: 'view' } }), lazy: commercePage(invoices, (m) => () => <m.InvoiceListPage />) },
  { path: P.invoice, ...guarded(rule('business.invoices', ['agent', 'admin'])), lazy: commercePage(invoices, (m) => () => <m.InvoiceDetailPage />) },
  { path: P.webInvoices, ...guarded(ownRule('web.invoices'), { id: 'myInvoices', group: 'web', icon: 'invoices' }), lazy: commercePage(invoices, (m) => () => <m.InvoiceListPage asCustomer />) },
  { path: P.webInvoice, ...guarded(ownRule('web.invoices')), lazy: commercePage(invoices, (m) => () => <m.InvoiceDetailPage asCustomer />) },
  { path: P.transactions, ...guarded(companyRule('business.transactions', ['agent', 'partner'], { permission: { objects: 'transactions', action: 'list' } }), { id: 'transactions', group: 'business', icon: 'payments', params: { action: 'view' } }), lazy: commercePage(transactions, (m) => () => <m.TransactionListPage />) },
  { path: P.transaction, ...guarded(companyRule('business.transactions', ['agent', 'partner'], { permission: { objects: 'transactions', action: 'show' } })), lazy: commercePage(transactions, (m) => m.TransactionDetailPage) },
  { path: P.packages, ...guarded(companyRule('business.packages', ['agent']), { id: 'packages', group: 'business', icon: 'packages', params: { action: 'view' } }), lazy: commercePage(packages, (m) => m.PackageListPage) },
  { path: P.package, ...guarded(companyRule('business.packages', ['agent'])), lazy: commercePage(packages, (m) => m.PackageDetailPage) },
  // Section 2: `{action}/features` is for admins only (an owner sees usage on the packages
  // screen). An admin never acts for a company, so for them the page is the platform's
  // features catalogue: the route sends them there instead of a usage screen they cannot open.
  { path: P.features, ...guarded(rule('business.features', ['admin'])), element: <AdminFeaturesRedirect /> },
  { path: P.articles, ...guarded(companyRule('business.articles', ['agent'], { permission: { objects: 'articles', action: 'list' } }), { id: 'articles', group: 'business', icon: 'articles' }), lazy: commercePage(articles, (m) => m.ArticleListPage) },
  { path: P.webBookings, ...guarded(ownRule('web.bookings'), { id: 'bookings', group: 'web', icon: 'articles' }), lazy: commercePage(articles, (m) => m.CustomerBookingsPage) },
  // The platform admin's finances (mnt): the catalogue, and every company's invoices and transactions.
  { path: P.finances, ...guarded(rule('mnt.finances', ['admin']), { id: 'finances', group: 'mntFinances', icon: 'payments', params: { action: 'view' } }), lazy: commercePage(finances, (m) => m.FinancesOverviewPage) },
  { path: P.mntFeatures, ...guarded(rule('mnt.finances.features', ['admin']), { id: 'mntFeatures', group: 'mntFinances', icon: 'packages', params: { action: 'view' } }), lazy: commercePage(finances, (m) => m.AdminFeaturesPage) },
  { path: P.mntFeature, ...guarded(rule('mnt.finances.features', ['admin'])), lazy: commercePage(finances, (m) => m.AdminFeaturePage) },
  { path: P.mntPackages, ...guarded(rule('mnt.finances.packages', ['admin']), { id: 'mntPackages', group: 'mntFinances', icon: 'packages', params: { action: 'view' } }), lazy: commercePage(finances, (m) => m.AdminPackagesPage) },
  { path: P.mntPackage, ...guarded(rule('mnt.finances.packages', ['admin'])), lazy: commercePage(adminPackage, (m) => m.AdminPackagePage) },
  { path: P.mntInvoices, ...guarded(rule('mnt.finances.invoices', ['admin']), { id: 'mntInvoices', group: 'mntFinances', icon: 'invoices', params: { action: 'view' } }), lazy: commercePage(invoices, (m) => () => <m.InvoiceListPage detailHref={commercePaths.mntInvoice} />) },
  { path: P.mntInvoice, ...guarded(rule('mnt.finances.invoices', ['admin'])), lazy: commercePage(invoices, (m) => () => <m.InvoiceDetailPage />) },
  { path: P.mntTransactions, ...guarded(rule('mnt.finances.transactions', ['admin']), { id: 'mntTransactions', group: 'mntFinances', icon: 'payments', params: { action: 'view' } }), lazy: commercePage(transactions, (m) => () => <m.TransactionListPage detailHref={commercePaths.mntTransaction} />) },
  { path: P.mntTransaction, ...guarded(rule('mnt.finances.transactions', ['admin'])), lazy: commercePage(transactions, (m) => m.TransactionDetailPage) },
];

/** `/check/invoices/{code}`: public. */
export const checkInvoiceRoute: RouteObject = {
  path: WEB_ROUTES.checkInvoice,
  lazy: commercePage(() => import('../pages/platform/CheckInvoicePage'), (m) => m.CheckInvoicePage),
};
