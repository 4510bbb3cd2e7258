import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { users } from './identity';
import { categories } from './reference';
import { companies } from './tenancy';

/** Commerce (DOMAIN.md "Commerce"): money is integer minor units with its currency. */

/** An entitlement a package may grant, with a limit (`metric` says what is counted). */
export const features = pgTable(
  'features',
  {
    id: idColumn(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** count: rows that exist now; monthly: rows created this calendar month; bytes: stored bytes. */
    metric: text('metric', { enum: ['count', 'monthly', 'bytes'] }).notNull().default('count'),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('features_slug_unique').on(t.slug)],
);

/**
 * The features a category of companies (kind `company`) gives its companies by default,
 * on top of their package: a feature the package lacks is granted at `limit_value` (null:
 * unlimited), one it has keeps the larger of the two limits (entitlements/limits.ts).
 */
export const categoryFeatures = pgTable(
  'category_features',
  {
    category_id: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
    feature_id: integer('feature_id').notNull().references(() => features.id, { onDelete: 'cascade' }),
    limit_value: integer('limit_value'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.category_id, t.feature_id] }),
    index('category_features_feature_idx').on(t.feature_id),
    check('category_features_limit_nonnegative', sql`${t.limit_value} >= 0`),
  ],
);

/**
 * A feature the platform's admins granted one company on top of its package (mnt, the
 * company's features tab): counted like a category's feature, the larger limit winning
 * (entitlements/limits.ts). Every grant and withdrawal is in the audit log.
 */
export const companyFeatures = pgTable(
  'company_features',
  {
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    feature_id: integer('feature_id').notNull().references(() => features.id, { onDelete: 'cascade' }),
    limit_value: integer('limit_value'),
    granted_by: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.company_id, t.feature_id] }),
    index('company_features_feature_idx').on(t.feature_id),
    check('company_features_limit_nonnegative', sql`${t.limit_value} >= 0`),
  ],
);

/** A bundle of features sold for a price per period. `is_default`: what companies without a subscription get. */
export const packages = pgTable(
  'packages',
  {
    id: idColumn(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    price: integer('price').notNull().default(0),
    currency: text('currency').notNull().default('XAF'),
    period: text('period', { enum: ['month', 'year'] }).notNull().default('month'),
    is_default: boolean('is_default').notNull().default(false),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('packages_slug_unique').on(t.slug),
    uniqueIndex('packages_one_default').on(t.is_default).where(sql`${t.is_default}`),
    check('packages_price_positive', sql`${t.price} >= 0`),
  ],
);

/**
 * A feature in a package; `limit_value` null means unlimited. `overage_price` (minor units
 * per unit beyond the limit) makes the limit soft: the action goes through and the excess
 * is billed when the period closes; null keeps it a hard limit (DOMAIN.md "Commerce").
 */
export const packageFeatures = pgTable(
  'package_features',
  {
    package_id: integer('package_id').notNull().references(() => packages.id, { onDelete: 'cascade' }),
    feature_id: integer('feature_id').notNull().references(() => features.id, { onDelete: 'restrict' }),
    limit_value: integer('limit_value'),
    overage_price: integer('overage_price'),
  },
  (t) => [
    primaryKey({ columns: [t.package_id, t.feature_id] }),
    check('package_features_limit_nonnegative', sql`${t.limit_value} >= 0`),
    check('package_features_overage_nonnegative', sql`${t.overage_price} >= 0`),
  ],
);

/**
 * A company's subscription to a package: pending until paid, then active from `starts_at` to
 * `ends_at`. A renewal (`renews_id`: the subscription it follows, at most one) is written
 * pending for the next period when that one ends, and expires unpaid after the grace period.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    package_id: integer('package_id').notNull().references(() => packages.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['pending', 'active', 'cancelled', 'expired'] }).notNull().default('pending'),
    starts_at: timestamp('starts_at', { withTimezone: true }),
    ends_at: timestamp('ends_at', { withTimezone: true }),
    auto_renew: boolean('auto_renew').notNull().default(true),
    renews_id: integer('renews_id').references((): AnyPgColumn => subscriptions.id, { onDelete: 'set null' }),
    /** When the renewal job closed this period (overage billed, renewal written): once. */
    period_closed_at: timestamp('period_closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('subscriptions_company_idx').on(t.company_id, t.status),
    uniqueIndex('subscriptions_renews_unique').on(t.renews_id),
    index('subscriptions_due_idx').on(t.ends_at).where(sql`${t.status} = 'active' AND ${t.period_closed_at} IS NULL`),
  ],
);

/** The last invoice number given per company: the row is locked by `UPDATE … RETURNING`, so numbers have no gap. */
export const invoiceCounters = pgTable('invoice_counters', {
  company_id: integer('company_id').primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  last_number: integer('last_number').notNull().default(0),
});

/**
 * The platform's own invoice book (renewals and overage billed to companies): one row,
 * locked the same way, so the platform's numbers have no gap and never take a number
 * from the company's book.
 */
export const platformInvoiceCounter = pgTable(
  'platform_invoice_counter',
  {
    id: integer('id').primaryKey().default(1),
    last_number: integer('last_number').notNull().default(0),
  },
  (t) => [check('platform_invoice_counter_single_row', sql`${t.id} = 1`)],
);

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'closed', 'cancelled'] as const;

/** An invoice a company sends its customer; `code` is public (/check/invoices/{code}). */
export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    code: text('code').notNull(),
    customer_user_id: integer('customer_user_id').references(() => users.id, { onDelete: 'set null' }),
    customer_name: text('customer_name').notNull(),
    customer_email: text('customer_email'),
    customer_phone: text('customer_phone'),
    currency: text('currency').notNull().default('XAF'),
    /** VAT rate in basis points (1925 = 19.25 %), copied from the setting at creation. */
    tax_rate_bp: integer('tax_rate_bp').notNull(),
    subtotal: integer('subtotal').notNull().default(0),
    tax_amount: integer('tax_amount').notNull().default(0),
    total: integer('total').notNull().default(0),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('draft'),
    note: text('note'),
    /**
     * Issued by the platform to the company (a renewal, an overage): in the company's book,
     * but only a platform admin may mark it paid by hand, close or change it.
     */
    from_platform: boolean('from_platform').notNull().default(false),
    /** Set when the invoice pays for a package (a subscription starts when it is paid). */
    subscription_id: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    issued_at: timestamp('issued_at', { withTimezone: true }),
    due_at: timestamp('due_at', { withTimezone: true }),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // Two books: the company's own invoices, numbered per company; the platform's, numbered across the platform.
    uniqueIndex('invoices_company_number_unique').on(t.company_id, t.number).where(sql`NOT ${t.from_platform}`),
    uniqueIndex('invoices_platform_number_unique').on(t.number).where(sql`${t.from_platform}`),
    uniqueIndex('invoices_code_unique').on(t.code),
    index('invoices_customer_idx').on(t.customer_user_id),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: idColumn(),
    invoice_id: integer('invoice_id').notNull().references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    quantity: integer('quantity').notNull(),
    unit_price: integer('unit_price').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoice_id)],
);

export const TRANSACTION_STATUSES = ['initiated', 'pending', 'succeeded', 'failed', 'expired'] as const;

/** A mobile-money payment attempt for an invoice, a subscription or a booking. */
export const transactions = pgTable(
  'transactions',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['invoice', 'package', 'booking'] }).notNull(),
    target_id: integer('target_id').notNull(),
    provider: text('provider', { enum: ['mtn_momo', 'orange_money'] }).notNull(),
    payer_phone: text('payer_phone').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull().default('initiated'),
    /** The client's idempotency key: init sent twice gives one transaction. */
    client_key: text('client_key').notNull(),
    provider_reference: text('provider_reference'),
    /** Extra provider data needed to ask the status (Orange's pay_token). */
    provider_data: jsonb('provider_data').$type<Record<string, string>>(),
    /** SHA-256 of the secret carried by the callback URL (only the provider knows it). */
    callback_secret_hash: text('callback_secret_hash').notNull(),
    failure_reason: text('failure_reason'),
    /**
     * The payer was charged but the payment could not be applied: it succeeded after the
     * transaction had expired or failed and the target was paid, closed or cancelled since.
     * The company owes the payer a refund (shown on the transaction screen).
     */
    needs_refund: boolean('needs_refund').notNull().default(false),
    /** How the outcome was learnt: callback or poll. */
    settled_by: text('settled_by', { enum: ['callback', 'poll', 'expiry'] }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    settled_at: timestamp('settled_at', { withTimezone: true }),
    created_by: integer('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('transactions_client_key_unique').on(t.created_by, t.client_key),
    index('transactions_company_idx').on(t.company_id, t.created_at),
    index('transactions_target_idx').on(t.kind, t.target_id),
    index('transactions_open_idx').on(t.status, t.expires_at),
    // One payment in flight per invoice, subscription or booking: a second init waits for the first's outcome.
    uniqueIndex('transactions_one_open_per_target')
      .on(t.kind, t.target_id)
      .where(sql`${t.status} IN ('initiated', 'pending')`),
  ],
);

/** A billed usage line of a company (package fee, overage, payment fee). */
export const bills = pgTable(
  'bills',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['package_fee', 'overage', 'payment_fee'] }).notNull(),
    label: text('label').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unit_price: integer('unit_price').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('XAF'),
    period_start: timestamp('period_start', { withTimezone: true }),
    period_end: timestamp('period_end', { withTimezone: true }),
    transaction_id: integer('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    /** The subscription whose period an overage line bills, and the feature exceeded. */
    subscription_id: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    feature_slug: text('feature_slug'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bills_company_idx').on(t.company_id, t.id),
    uniqueIndex('bills_transaction_unique').on(t.transaction_id),
    uniqueIndex('bills_overage_once').on(t.subscription_id, t.feature_slug).where(sql`${t.kind} = 'overage'`),
  ],
);

/** Goods and services a company offers for booking; `stock` null means unlimited. */
export const articles = pgTable(
  'articles',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['good', 'service'] }).notNull().default('good'),
    name: text('name').notNull(),
    description: text('description'),
    price: integer('price').notNull(),
    currency: text('currency').notNull().default('XAF'),
    stock: integer('stock'),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('articles_company_idx').on(t.company_id), index('articles_category_idx').on(t.category_id), check('articles_stock_nonnegative', sql`${t.stock} >= 0`)],
);

/** A customer's booking of an article; the stock is taken at booking and given back on cancel. */
export const bookings = pgTable(
  'bookings',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    article_id: integer('article_id').notNull().references(() => articles.id, { onDelete: 'restrict' }),
    customer_user_id: integer('customer_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    slot_at: timestamp('slot_at', { withTimezone: true }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'cancelled'] }).notNull().default('pending'),
    note: text('note'),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('bookings_company_idx').on(t.company_id, t.created_at),
    index('bookings_customer_idx').on(t.customer_user_id),
    check('bookings_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
