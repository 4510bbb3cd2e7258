import { eq, sql } from 'drizzle-orm';
import { newInvoiceCode, replaceLines, takeInvoiceNumber } from '../modules/commerce/invoices/invoices.repository';
import { invoiceTotals } from '../modules/commerce/invoices/invoices.schemas';
import type { Database } from '../db/client';
import { articles, bills, companies, invoices, packages, subscriptions, users } from '../db/schema';

const DEMO_INVOICES = [
  { status: 'open' as const, lines: [{ label: 'Étude de satisfaction clients', quantity: 1, unit_price: 150_000 }, { label: 'Enquêteurs terrain (jour)', quantity: 4, unit_price: 12_500 }] },
  { status: 'paid' as const, lines: [{ label: 'Audit qualité point de vente', quantity: 2, unit_price: 35_000 }] },
  { status: 'draft' as const, lines: [{ label: 'Rapport trimestriel', quantity: 1, unit_price: 80_000 }] },
];

const DEMO_ARTICLES = [
  { name: 'Formation des enquêteurs (demi-journée)', kind: 'service' as const, price: 45_000, stock: 12, description: 'Session de 4 heures dans vos locaux, Douala.' },
  { name: 'Tablette de collecte (location semaine)', kind: 'good' as const, price: 15_000, stock: 5, description: 'Tablette Android chargée, avec housse.' },
  { name: 'Kit de sondage papier (100 fiches)', kind: 'good' as const, price: 7_500, stock: 40, description: null },
];

/** The package Démo SARL subscribes to (named in the README). */
export const DEMO_PACKAGE_SLUG = 'entreprise';

/**
 * Commerce demo data for Démo SARL: an active "Entreprise" subscription (500 agents, so the
 * structure journey's import of 50 agents fits beside the demo team) renewing the month
 * before (whose fee and storage overage are billed), three invoices to
 * the demo customer (open, paid, draft) and three articles. Runs once: nothing is added
 * when the company already has an invoice.
 */
export async function seedDemoCommerce(db: Database, companyCode: string, customerEmail: string, vatRateBp = 1925): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtext('seed-demo-commerce'))`);
    const [company] = await tx.orm.select({ id: companies.id }).from(companies).where(eq(companies.code, companyCode));
    if (!company) return;
    const [already] = await tx.orm.select({ id: invoices.id }).from(invoices).where(eq(invoices.company_id, company.id)).limit(1);
    if (already) return;
    const [customer] = await tx.orm.select({ id: users.id, first_name: users.first_name, last_name: users.last_name }).from(users).where(eq(users.email, customerEmail));
    const [entreprise] = await tx.orm.select().from(packages).where(eq(packages.slug, DEMO_PACKAGE_SLUG));
    if (entreprise) {
      const start = new Date();
      const end = new Date(start);
      end.setUTCMonth(end.getUTCMonth() + 1);
      // The period before, closed by the renewal job with an overage of storage.
      const before = new Date(start);
      before.setUTCMonth(before.getUTCMonth() - 1);
      const [previous] = await tx.orm
        .insert(subscriptions)
        .values({ company_id: company.id, package_id: entreprise.id, status: 'active', starts_at: before, ends_at: start, period_closed_at: start })
        .returning({ id: subscriptions.id });
      await tx.orm.insert(subscriptions).values({ company_id: company.id, package_id: entreprise.id, status: 'active', starts_at: start, ends_at: end, renews_id: previous.id });
      await tx.orm.insert(bills).values([
        { company_id: company.id, kind: 'package_fee', label: `Formule ${entreprise.name}`, unit_price: entreprise.price, amount: entreprise.price, period_start: before, period_end: start, subscription_id: previous.id },
        {
          company_id: company.id,
          kind: 'overage',
          label: 'Dépassement Stockage (Mo) (50 600 pour 50 000 inclus)',
          quantity: 600,
          unit_price: 10,
          amount: 6000,
          period_start: before,
          period_end: start,
          subscription_id: previous.id,
          feature_slug: 'storage',
        },
      ]);
    }
    for (const demo of DEMO_INVOICES) {
      const number = await takeInvoiceNumber(tx, company.id);
      const now = new Date();
      const [invoice] = await tx.orm
        .insert(invoices)
        .values({
          company_id: company.id,
          number,
          code: newInvoiceCode(),
          customer_user_id: customer?.id ?? null,
          customer_name: customer ? `${customer.first_name} ${customer.last_name}` : 'Client de démonstration',
          customer_email: customerEmail,
          currency: 'XAF',
          tax_rate_bp: vatRateBp,
          ...invoiceTotals(demo.lines, vatRateBp),
          status: demo.status,
          issued_at: demo.status === 'draft' ? null : now,
          due_at: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
          paid_at: demo.status === 'paid' ? now : null,
        })
        .returning({ id: invoices.id });
      await replaceLines(tx, invoice.id, demo.lines);
    }
    await tx.orm.insert(articles).values(DEMO_ARTICLES.map((a) => ({ ...a, company_id: company.id, currency: 'XAF' })));
  });
}
