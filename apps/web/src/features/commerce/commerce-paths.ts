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
  // The platform admin's finances (mnt, section 2).
  finances: '/:sessionID/mnt/finances/:action',
  mntFeatures: '/:sessionID/mnt/finances/:action/features',
  mntFeature: '/:sessionID/mnt/finances/:action/features/:feature',
  mntPackages: '/:sessionID/mnt/finances/:action/packages',
  mntPackage: '/:sessionID/mnt/finances/:action/packages/:package',
  mntInvoices: '/:sessionID/mnt/finances/:action/invoices',
  mntInvoice: '/:sessionID/mnt/finances/:action/invoices/:invoice',
  mntTransactions: '/:sessionID/mnt/finances/:action/transactions',
  mntTransaction: '/:sessionID/mnt/finances/:action/transactions/:transaction',
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
  finances: (sid: string) => inSession(sid, '/mnt/finances/view'),
  mntFeatures: (sid: string) => inSession(sid, '/mnt/finances/view/features'),
  mntFeature: (sid: string, id: number) => inSession(sid, `/mnt/finances/view/features/${id}`),
  mntPackages: (sid: string) => inSession(sid, '/mnt/finances/view/packages'),
  /** `new` opens the creation form. */
  mntPackage: (sid: string, id: number | 'new') => inSession(sid, `/mnt/finances/view/packages/${id}`),
  mntInvoices: (sid: string) => inSession(sid, '/mnt/finances/view/invoices'),
  mntInvoice: (sid: string, id: number) => inSession(sid, `/mnt/finances/view/invoices/${id}`),
  mntTransactions: (sid: string) => inSession(sid, '/mnt/finances/view/transactions'),
  mntTransaction: (sid: string, id: number) => inSession(sid, `/mnt/finances/view/transactions/${id}`),
};
