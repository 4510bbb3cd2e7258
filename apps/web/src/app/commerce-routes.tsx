import { WEB_ROUTES } from '@app/contracts/routes';
import type { RouteObject } from 'react-router';
import { COMMERCE_ROUTE_PATTERNS as P } from '../features/commerce/commerce-paths';
import type { RouteRule } from './guards';
import { guarded, type NavDeclaration } from './nav';

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
const rule = (name: string, roles?: RouteRule['roles']): RouteRule => ({ access: 'signedIn', name, ...(roles && { roles }) });

/**
 * The commerce screens (section 2), children of `/:sessionID`. Route names carry the
 * resource, so `invoices` and `packages` also get the ability check of section 6.
 */
export const commerceRoutes: RouteObject[] = [
  { path: P.invoices, ...guarded(rule('business.invoices', ['agent', 'admin']), { id: 'invoices', group: 'business', icon: 'invoices', params: { action: 'view' } }), lazy: commercePage(invoices, (m) => () => <m.InvoiceListPage />) },
  { path: P.invoice, ...guarded(rule('business.invoices', ['agent', 'admin'])), lazy: commercePage(invoices, (m) => () => <m.InvoiceDetailPage />) },
  { path: P.webInvoices, ...guarded(rule('web.invoices'), { id: 'myInvoices', group: 'web', icon: 'invoices' }), lazy: commercePage(invoices, (m) => () => <m.InvoiceListPage asCustomer />) },
  { path: P.webInvoice, ...guarded(rule('web.invoices')), lazy: commercePage(invoices, (m) => () => <m.InvoiceDetailPage asCustomer />) },
  { path: P.transactions, ...guarded(rule('business.transactions', ['agent', 'partner', 'admin']), { id: 'transactions', group: 'business', icon: 'payments', params: { action: 'view' } }), lazy: commercePage(transactions, (m) => m.TransactionListPage) },
  { path: P.transaction, ...guarded(rule('business.transactions', ['agent', 'partner', 'admin'])), lazy: commercePage(transactions, (m) => m.TransactionDetailPage) },
  { path: P.packages, ...guarded(rule('business.packages', ['agent', 'admin']), { id: 'packages', group: 'business', icon: 'packages', params: { action: 'view' } }), lazy: commercePage(packages, (m) => m.PackageListPage) },
  { path: P.package, ...guarded(rule('business.packages', ['agent', 'admin'])), lazy: commercePage(packages, (m) => m.PackageDetailPage) },
  { path: P.features, ...guarded(rule('business.features', ['agent', 'admin']), { id: 'features', group: 'business', icon: 'packages', params: { action: 'view' } }), lazy: commercePage(packages, (m) => m.FeaturesPage) },
  { path: P.articles, ...guarded(rule('business.articles', ['agent']), { id: 'articles', group: 'business', icon: 'articles' }), lazy: commercePage(articles, (m) => m.ArticleListPage) },
  { path: P.webBookings, ...guarded(rule('web.bookings'), { id: 'bookings', group: 'web', icon: 'articles' }), lazy: commercePage(articles, (m) => m.CustomerBookingsPage) },
];

/** `/check/invoices/{code}`: public. */
export const checkInvoiceRoute: RouteObject = {
  path: WEB_ROUTES.checkInvoice,
  lazy: commercePage(() => import('../pages/platform/CheckInvoicePage'), (m) => m.CheckInvoicePage),
};
