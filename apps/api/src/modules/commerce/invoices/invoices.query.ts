import type { FieldDef, ResourceQueryDef } from '../../../http/query';

const f = (column: string, type: FieldDef['type']): FieldDef => ({ column, type });

export const invoiceLineQueryDef: ResourceQueryDef = {
  name: 'invoice_lines',
  table: 'invoice_lines',
  scope: 'global',
  fields: {
    id: f('id', 'integer'),
    invoice_id: f('invoice_id', 'integer'),
    position: f('position', 'integer'),
    label: f('label', 'text'),
    quantity: f('quantity', 'integer'),
    unit_price: f('unit_price', 'integer'),
    amount: f('amount', 'integer'),
  },
  searchable: ['label'],
  defaultSort: [{ key: 'position', direction: 'asc' }],
};

/** What an invoice list may filter, sort, search and include (`lines`). */
export const invoiceQueryDef: ResourceQueryDef = {
  name: 'invoices',
  table: 'invoices',
  scope: 'company',
  fields: {
    id: f('id', 'integer'),
    company_id: f('company_id', 'integer'),
    number: f('number', 'integer'),
    code: f('code', 'text'),
    customer_user_id: f('customer_user_id', 'integer'),
    customer_name: f('customer_name', 'text'),
    customer_email: f('customer_email', 'text'),
    customer_phone: f('customer_phone', 'text'),
    currency: f('currency', 'text'),
    tax_rate_bp: f('tax_rate_bp', 'integer'),
    subtotal: f('subtotal', 'integer'),
    tax_amount: f('tax_amount', 'integer'),
    total: f('total', 'integer'),
    status: f('status', 'text'),
    note: f('note', 'text'),
    subscription_id: f('subscription_id', 'integer'),
    issued_at: f('issued_at', 'timestamp'),
    due_at: f('due_at', 'timestamp'),
    paid_at: f('paid_at', 'timestamp'),
    closed_at: f('closed_at', 'timestamp'),
    created_at: f('created_at', 'timestamp'),
    updated_at: f('updated_at', 'timestamp'),
  },
  searchable: ['customer_name', 'code', 'customer_email'],
  relations: {
    lines: {
      target: () => invoiceLineQueryDef,
      kind: 'hasMany',
      localKey: 'id',
      foreignKey: 'invoice_id',
      maxPerParent: 500,
    },
  },
  defaultSort: [{ key: 'number', direction: 'desc' }],
};
