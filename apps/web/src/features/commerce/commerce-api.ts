import type { PaymentKind, PaymentProvider } from '@app/contracts/commerce';
import type { FeatureUpdateInput, PackageCreateInput, PackageUpdateInput } from '@app/contracts/commerce-admin';
import { api } from '../../lib/api-client';
import { defineResource } from '../../lib/resource/resource';

export interface InvoiceLine {
  id: number;
  label: string;
  quantity: number;
  unit_price: number;
  amount: number;
}

export interface Invoice {
  id: number;
  company_id: number;
  number: number;
  /** Billed by the platform to the company (numbered in the platform's book: PF-…). */
  from_platform: boolean;
  code: string;
  customer_user_id: number | null;
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  currency: string;
  tax_rate_bp: number;
  subtotal: number;
  tax_amount: number;
  total: number;
  status: 'draft' | 'open' | 'paid' | 'closed' | 'cancelled';
  due_at: string | null;
  issued_at: string | null;
  paid_at: string | null;
  created_at: string;
  lines?: InvoiceLine[];
  /** The issuing company (the customer's views: `invoices/mine` and the detail). */
  company?: { id: number; name: string; code: string } | null;
}

export interface InvoiceInput {
  customer_name: string;
  customer_email?: string;
  customer_phone?: string;
  lines: Array<{ label: string; quantity: number; unit_price: number }>;
  issue?: boolean;
}

export interface Transaction {
  id: number;
  company_id: number;
  kind: PaymentKind;
  target_id: number;
  provider: PaymentProvider;
  payer_phone: string;
  amount: number;
  currency: string;
  status: 'initiated' | 'pending' | 'succeeded' | 'failed' | 'expired';
  failure_reason: string | null;
  /** Charged but not applied (target paid, closed or cancelled meanwhile): the company owes a refund. */
  needs_refund: boolean;
  settled_by: 'callback' | 'poll' | 'expiry' | null;
  provider_reference: string | null;
  created_at: string;
  settled_at: string | null;
}

export interface Article {
  id: number;
  company_id: number;
  name: string;
  description: string | null;
  kind: 'good' | 'service';
  price: number;
  currency: string;
  stock: number | null;
  category_id: number | null;
  photos: string[];
  active: boolean;
}

export interface Booking {
  id: number;
  article_id: number;
  quantity: number;
  amount: number;
  currency: string;
  status: 'pending' | 'confirmed' | 'cancelled';
  paid_at: string | null;
  slot_at: string | null;
  created_at: string;
  article?: Article;
}

export interface PackageFeature {
  feature_id: number;
  slug: string;
  name: string;
  limit: number | null;
  /** Price per unit beyond the limit (the limit is then soft); null: refused beyond it. */
  overage_price: number | null;
}

export interface Feature {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  metric: 'count' | 'monthly' | 'bytes';
}

export interface Package {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  price: number;
  currency: string;
  period: 'month' | 'year';
  active: boolean;
  is_default: boolean;
  features: PackageFeature[];
}

export interface Usage {
  package: { id: number; name: string; slug: string };
  ends_at: string | null;
  /** The renewal invoice is unpaid: the package is kept for the grace period only. */
  in_grace: boolean;
  /** `pending_invitations` (agents only): how many of `used` are seats held by pending invitations. */
  usage: Array<{ slug: string; name: string; limit: number | null; used: number; pending_invitations?: number }>;
}

export const invoicesResource = defineResource<Invoice, InvoiceInput>('invoices');
/** The invoices addressed to the signed-in person, whatever company they act for. */
export const myInvoicesResource = defineResource<Invoice>('invoices/mine', { key: 'invoices' });
export const transactionsResource = defineResource<Transaction>('transactions');
export const articlesResource = defineResource<Article, Partial<Article>>('articles');
export const companyBookingsResource = defineResource<Booking>('bookings');
export const myBookingsResource = defineResource<Booking>('bookings/mine', { key: 'bookings' });

export const commerceApi = {
  packages: () => api.get<Package[]>('packages'),
  package: (id: string | number) => api.get<Package>(`packages/${id}`),
  usage: () => api.get<Usage>('features/usage'),
  features: () => api.get<Feature[]>('features'),
  feature: (id: string | number) => api.get<Feature>(`features/${id}`),
  updateFeature: (id: string | number, body: FeatureUpdateInput) => api.post<Feature>(`features/${id}`, body),
  createPackage: (body: PackageCreateInput) => api.post<Package>('packages', body),
  updatePackage: (id: string | number, body: PackageUpdateInput) => api.post<Package>(`packages/${id}`, body),
  initPayment: (kind: PaymentKind, body: { target_id: number; provider: PaymentProvider; phone: string; client_key: string }) =>
    api.post<Transaction>(`steps/transactions/${kind}/init`, body),
  checkPayment: (kind: PaymentKind, id: number) => api.post<Transaction>(`steps/transactions/${kind}/check`, { transaction_id: id }),
  companyArticles: (code: string) => api.request<Article[]>('GET', `articles/company/${encodeURIComponent(code)}`, { query: { limit: 100 } }),
  book: (body: { article_id: number; quantity: number; slot_at?: string }) => api.post<Booking>('bookings', body),
  checkInvoice: (code: string) => api.get<{ code: string; genuine: boolean; status: Invoice['status'] }>(`invoices/check/${encodeURIComponent(code)}`, { session: null }),
};
