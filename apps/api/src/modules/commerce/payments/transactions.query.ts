import type { FieldDef, ResourceQueryDef } from '../../../http/query';

const f = (column: string, type: FieldDef['type']): FieldDef => ({ column, type });

/** What a transaction list may filter and sort (never the callback secret or provider data). */
export const transactionQueryDef: ResourceQueryDef = {
  name: 'transactions',
  table: 'transactions',
  scope: 'company',
  fields: {
    id: f('id', 'integer'),
    company_id: f('company_id', 'integer'),
    kind: f('kind', 'text'),
    target_id: f('target_id', 'integer'),
    provider: f('provider', 'text'),
    payer_phone: f('payer_phone', 'text'),
    amount: f('amount', 'integer'),
    currency: f('currency', 'text'),
    status: f('status', 'text'),
    client_key: f('client_key', 'text'),
    provider_reference: f('provider_reference', 'text'),
    // The stored code (failure-reasons.ts), not the sentence the reader is shown: filters and
    // sorts read the code (API.md "Commerce").
    failure_reason: f('failure_reason', 'text'),
    settled_by: f('settled_by', 'text'),
    expires_at: f('expires_at', 'timestamp'),
    settled_at: f('settled_at', 'timestamp'),
    created_by: f('created_by', 'integer'),
    created_at: f('created_at', 'timestamp'),
    updated_at: f('updated_at', 'timestamp'),
  },
  searchable: ['payer_phone', 'provider_reference'],
  defaultSort: [{ key: 'created_at', direction: 'desc' }],
};
