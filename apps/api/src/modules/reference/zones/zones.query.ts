import type { ResourceQueryDef } from '../../../http/query/resource-def';

/** What a zone list may filter, sort, select, include and search. */
export const zoneQueryDef: ResourceQueryDef = {
  name: 'zones',
  table: 'zones',
  scope: 'global',
  fields: {
    id: { column: 'id', type: 'integer' },
    type: { column: 'type', type: 'text' },
    name: { column: 'name', type: 'text' },
    code: { column: 'code', type: 'text' },
    parent_id: { column: 'parent_id', type: 'integer' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['name', 'code'],
  relations: {
    parent: { target: () => zoneQueryDef, kind: 'belongsTo', localKey: 'parent_id', foreignKey: 'id' },
    children: { target: () => zoneQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'parent_id' },
  },
  defaultSort: [{ key: 'name', direction: 'asc' }],
};
