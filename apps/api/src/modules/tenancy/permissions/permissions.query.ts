import type { ResourceQueryDef } from '../../../http/query/resource-def';

/** The permission catalogue (seeded from contracts; read-only through the API). */
export const permissionQueryDef: ResourceQueryDef = {
  name: 'permissions',
  table: 'permissions',
  scope: 'global',
  fields: {
    id: { column: 'id', type: 'integer' },
    object: { column: 'object', type: 'text' },
    action: { column: 'action', type: 'text' },
    slug: { column: 'slug', type: 'text' },
    description: { column: 'description', type: 'text' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['slug', 'description'],
  defaultSort: [{ key: 'slug', direction: 'asc' }],
};
