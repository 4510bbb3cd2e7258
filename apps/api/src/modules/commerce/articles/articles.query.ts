import type { FieldDef, ResourceQueryDef } from '../../../http/query';

const f = (column: string, type: FieldDef['type']): FieldDef => ({ column, type });

export const articleQueryDef: ResourceQueryDef = {
  name: 'articles',
  table: 'articles',
  scope: 'company',
  softDelete: true,
  fields: {
    id: f('id', 'integer'),
    company_id: f('company_id', 'integer'),
    category_id: f('category_id', 'integer'),
    kind: f('kind', 'text'),
    name: f('name', 'text'),
    description: f('description', 'text'),
    price: f('price', 'integer'),
    currency: f('currency', 'text'),
    stock: f('stock', 'integer'),
    photos: { column: 'photos', type: 'json', filterable: false },
    active: f('active', 'boolean'),
    created_at: f('created_at', 'timestamp'),
    updated_at: f('updated_at', 'timestamp'),
  },
  searchable: ['name', 'description'],
  defaultSort: [{ key: 'name', direction: 'asc' }],
};

export const bookingQueryDef: ResourceQueryDef = {
  name: 'bookings',
  table: 'bookings',
  scope: 'company',
  fields: {
    id: f('id', 'integer'),
    company_id: f('company_id', 'integer'),
    article_id: f('article_id', 'integer'),
    customer_user_id: f('customer_user_id', 'integer'),
    quantity: f('quantity', 'integer'),
    slot_at: f('slot_at', 'timestamp'),
    amount: f('amount', 'integer'),
    currency: f('currency', 'text'),
    status: f('status', 'text'),
    note: f('note', 'text'),
    paid_at: f('paid_at', 'timestamp'),
    created_at: f('created_at', 'timestamp'),
    updated_at: f('updated_at', 'timestamp'),
  },
  searchable: ['note'],
  relations: {
    article: { target: () => articleQueryDef, kind: 'belongsTo', localKey: 'article_id', foreignKey: 'id' },
  },
  defaultSort: [{ key: 'created_at', direction: 'desc' }],
};
