import type { ResourceQueryDef } from '../../../http/query/resource-def';

export const sectorQueryDef: ResourceQueryDef = {
  name: 'sectors',
  table: 'sectors',
  scope: 'global',
  fields: {
    id: { column: 'id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    code: { column: 'code', type: 'text' },
    description: { column: 'description', type: 'text' },
    active: { column: 'active', type: 'boolean' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['name', 'code', 'description'],
  defaultSort: [{ key: 'name', direction: 'asc' }],
};
