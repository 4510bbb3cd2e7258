import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { invoiceLines, invoices } from '../../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The company's next invoice number. The counter row is created or incremented by one
 * upsert that locks it until the transaction ends: concurrent creations wait in turn, and
 * a rolled-back creation gives its number back, so numbers have no gap and no duplicate.
 * Must run inside the transaction that inserts the invoice.
 */
export async function takeInvoiceNumber(tx: Database, companyId: number): Promise<number> {
  const [row] = await tx.rows<{ last_number: number }>(sql`
    INSERT INTO invoice_counters (company_id, last_number) VALUES (${companyId}, 1)
    ON CONFLICT (company_id) DO UPDATE SET last_number = invoice_counters.last_number + 1
    RETURNING last_number`);
  return Number(row.last_number);
}

/** The platform's next invoice number (its own book, see `platform_invoice_counter`); same locking as a company's. */
export async function takePlatformInvoiceNumber(tx: Database): Promise<number> {
  const [row] = await tx.rows<{ last_number: number }>(sql`
    INSERT INTO platform_invoice_counter (id, last_number) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET last_number = platform_invoice_counter.last_number + 1
    RETURNING last_number`);
  return Number(row.last_number);
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A public check code: 10 unambiguous characters with a letter (never guessable from the number). */
export function newInvoiceCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return /[A-Z]/.test(code) ? code : `F${code.slice(1)}`;
}

export async function findInvoice(db: Database, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.orm.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

export async function findInvoiceByCode(db: Database, code: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.orm.select().from(invoices).where(eq(invoices.code, code));
  return row;
}

export async function linesOf(db: Database, invoiceId: number) {
  return db.orm.select().from(invoiceLines).where(eq(invoiceLines.invoice_id, invoiceId)).orderBy(asc(invoiceLines.position));
}

export async function replaceLines(
  tx: Database,
  invoiceId: number,
  lines: Array<{ label: string; quantity: number; unit_price: number }>,
): Promise<void> {
  await tx.orm.delete(invoiceLines).where(eq(invoiceLines.invoice_id, invoiceId));
  await tx.orm.insert(invoiceLines).values(
    lines.map((l, i) => ({ invoice_id: invoiceId, position: i + 1, label: l.label, quantity: l.quantity, unit_price: l.unit_price, amount: l.quantity * l.unit_price })),
  );
}

/** Moves an invoice from one of `from` to `to` (conditional: a concurrent change wins once). */
export async function moveInvoice(
  db: Database,
  id: number,
  from: InvoiceRow['status'][],
  to: InvoiceRow['status'],
  extra: Partial<InvoiceRow> = {},
  also?: SQL,
): Promise<InvoiceRow | undefined> {
  const [row] = await db.orm
    .update(invoices)
    .set({ status: to, updated_at: new Date(), ...extra })
    .where(and(eq(invoices.id, id), inArray(invoices.status, from), also))
    .returning();
  return row;
}
