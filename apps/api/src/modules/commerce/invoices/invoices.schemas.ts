import { z } from 'zod';
import { instantSchema, recordId } from '@app/contracts';

/**
 * The largest amount an invoice holds, in minor units. Amounts are PostgreSQL `integer`
 * columns (at most 2 147 483 647): a line's amount (quantity × unit price), the subtotal
 * and the total with VAT all stay at or below this round figure, so no sum ever reaches
 * the column's bound and the database never refuses a value validation let through.
 */
export const MAX_INVOICE_AMOUNT = 2_000_000_000;
const MAX_QUANTITY = 1_000_000;
export const maxAmountText = '2 000 000 000';

export const invoiceLineInput = z.object({
  label: z.string().trim().min(1, 'Le libellé de la ligne est obligatoire.').max(200),
  quantity: z.number().int('La quantité doit être un nombre entier.').min(1, 'La quantité doit être au moins 1.').max(MAX_QUANTITY),
  unit_price: z.number().int('Le prix unitaire est en unités entières (ex. 1500 pour 1 500 XAF).').min(0).max(MAX_INVOICE_AMOUNT),
});

/**
 * The lines of an invoice, each line's amount and their sum checked together: a line may
 * respect its own quantity and price bounds and still overflow once multiplied or added.
 * The field named is the line's unit price, or `lines` for the sum.
 */
const invoiceLines = z
  .array(invoiceLineInput)
  .min(1, 'Une facture a au moins une ligne.')
  .max(200)
  .superRefine((lines, ctx) => {
    let subtotal = 0;
    lines.forEach((line, i) => {
      const amount = line.quantity * line.unit_price;
      subtotal += amount;
      if (amount > MAX_INVOICE_AMOUNT) {
        ctx.addIssue({ code: 'custom', path: [i, 'unit_price'], message: `Le montant de la ligne (quantité × prix unitaire) ne peut pas dépasser ${maxAmountText}.` });
      }
    });
    if (subtotal > MAX_INVOICE_AMOUNT) {
      ctx.addIssue({ code: 'custom', message: `Le total des lignes de la facture ne peut pas dépasser ${maxAmountText}.` });
    }
  });

const customer = {
  customer_user_id: recordId.optional(),
  customer_name: z.string().trim().min(1, 'Le nom du client est obligatoire.').max(200),
  customer_email: z.email("L'adresse e-mail du client n'est pas valide.").max(200).optional(),
  customer_phone: z.string().trim().max(30).optional(),
};

export const createInvoiceBody = z.object({
  ...customer,
  due_at: instantSchema("La date d'échéance n'est pas valide.").optional(),
  note: z.string().max(2000).optional(),
  lines: invoiceLines,
  /** Issue at once (status open) instead of keeping a draft. */
  issue: z.boolean().optional(),
});
export type CreateInvoiceInput = z.infer<typeof createInvoiceBody>;

export const updateInvoiceBody = z.object({
  customer_user_id: customer.customer_user_id.nullable(),
  customer_name: customer.customer_name.optional(),
  customer_email: customer.customer_email.nullable(),
  customer_phone: customer.customer_phone.nullable(),
  due_at: instantSchema("La date d'échéance n'est pas valide.").nullable().optional(),
  note: z.string().max(2000).nullable().optional(),
  lines: invoiceLines.optional(),
});
export type UpdateInvoiceInput = z.infer<typeof updateInvoiceBody>;

/** Totals in integer minor units: VAT rounded half up on the subtotal. */
export function invoiceTotals(lines: Array<{ quantity: number; unit_price: number }>, taxRateBp: number) {
  const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.unit_price, 0);
  const tax = Math.floor((subtotal * taxRateBp + 5000) / 10_000);
  return { subtotal, tax_amount: tax, total: subtotal + tax };
}

