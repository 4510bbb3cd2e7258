import { inSession } from '../../lib/session/session-id';

/** Addresses of the commerce screens (section 2): business pages carry the `{action}` segment. */
export const COMMERCE_ROUTE_PATTERNS = {
  invoices: '/:sessionID/business/:action/invoices',
  invoice: '/:sessionID/business/:action/invoices/:invoice',
  transactions: '/:sessionID/business/:action/transactions',
  transaction: '/:sessionID/business/:action/transactions/:transaction',
  packages: '/:sessionID/business/:action/packages',
  package: '/:sessionID/business/:action/packages/:package',
  features: '/:sessionID/business/:action/features',
  articles: '/:sessionID/business/articles',
  webInvoices: '/:sessionID/web/invoices',
  webInvoice: '/:sessionID/web/invoices/:invoice',
  webBookings: '/:sessionID/web/bookings',
} as const;

export const commercePaths = {
  invoices: (sid: string) => inSession(sid, '/business/view/invoices'),
  invoice: (sid: string, id: number) => inSession(sid, `/business/view/invoices/${id}`),
  webInvoice: (sid: string, id: number) => inSession(sid, `/web/invoices/${id}`),
  webInvoices: (sid: string) => inSession(sid, '/web/invoices'),
  transactions: (sid: string) => inSession(sid, '/business/view/transactions'),
  transaction: (sid: string, id: number) => inSession(sid, `/business/view/transactions/${id}`),
  packages: (sid: string) => inSession(sid, '/business/view/packages'),
  package: (sid: string, id: number) => inSession(sid, `/business/view/packages/${id}`),
  features: (sid: string) => inSession(sid, '/business/view/features'),
  articles: (sid: string) => inSession(sid, '/business/articles'),
  webBookings: (sid: string) => inSession(sid, '/web/bookings'),
};
