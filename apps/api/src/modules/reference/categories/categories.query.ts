import type { ResourceQueryDef } from '../../../http/query/resource-def';

export const categoryQueryDef: ResourceQueryDef = {
  name: 'categories',
  table: 'categories',
  scope: 'global',
  fields: {
    id: { column: 'id', type: 'integer' },
    type: { column: 'type', type: 'text' },
    name: { column: 'name', type: 'text' },
    code: { column: 'code', type: 'text' },
    description: { column: 'description', type: 'text' },
    parent_id: { column: 'parent_id', type: 'integer' },
    position: { column: 'position', type: 'integer' },
    active: { column: 'active', type: 'boolean' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['name', 'code', 'description'],
  relations: {
    parent: { target: () => categoryQueryDef, kind: 'belongsTo', localKey: 'parent_id', foreignKey: 'id' },
    children: { target: () => categoryQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'parent_id' },
  },
  defaultSort: [
    { key: 'position', direction: 'asc' },
    { key: 'name', direction: 'asc' },
  ],
};
