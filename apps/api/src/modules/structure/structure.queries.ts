import type { FieldDef, RelationDef, ResourceQueryDef } from '../../http/query/resource-def';
import { zoneQueryDef } from '../reference/zones/zones.query';
import { agentQueryDef } from '../tenancy/agents/agents.query';

/**
 * The query-object definitions of the structure resources, in one file because they
 * point at each other (a site's workspaces and groups, a workspace's site...).
 */

interface StructureResource {
  /** Resource and table name. */
  name: string;
  /** Columns besides id, company_id, created_at and updated_at (all integer unless typed). */
  fields: Record<string, FieldDef['type'] | FieldDef>;
  searchable: string[];
  relations?: Record<string, RelationDef>;
  /** Default: soft-deleted (deleted_at). */
  softDelete?: boolean;
  /** Default: by name. */
  defaultSort?: ResourceQueryDef['defaultSort'];
  /** The pins' type: the caller's pinned rows show first and carry `pinned`. */
  pinType?: string;
}

/**
 * One company-owned structure resource: the columns every structure table has (id,
 * company_id, timestamps), company scope, soft delete and the order by name, so each
 * definition below only says what is its own.
 */
function structureResource(spec: StructureResource): ResourceQueryDef {
  const fields: Record<string, FieldDef> = { id: { column: 'id', type: 'integer' }, company_id: { column: 'company_id', type: 'integer' } };
  for (const [key, field] of Object.entries(spec.fields)) fields[key] = typeof field === 'string' ? { column: key, type: field } : field;
  fields.created_at = { column: 'created_at', type: 'timestamp' };
  fields.updated_at = { column: 'updated_at', type: 'timestamp' };
  return {
    name: spec.name,
    table: spec.name,
    scope: 'company',
    softDelete: spec.softDelete ?? true,
    fields,
    searchable: spec.searchable,
    relations: spec.relations,
    defaultSort: spec.defaultSort ?? [{ key: 'name', direction: 'asc' }],
    ...(spec.pinType ? { pinType: spec.pinType } : {}),
  };
}

export const siteQueryDef: ResourceQueryDef = structureResource({
  name: 'sites',
  fields: {
    name: 'text',
    code: 'text',
    zone_id: 'integer',
    address: 'text',
    latitude: 'number',
    longitude: 'number',
    geofence_radius_m: 'integer',
    photo: 'text',
    manager_agent_id: 'integer',
    status: 'text',
  },
  searchable: ['name', 'code', 'address'],
  relations: {
    zone: { target: () => zoneQueryDef, kind: 'belongsTo', localKey: 'zone_id', foreignKey: 'id' },
    manager: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'manager_agent_id', foreignKey: 'id' },
    workspaces: { target: () => workspaceQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'site_id' },
    groups: { target: () => groupQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'site_id' },
  },
  pinType: 'sites',
});

export const workspaceQueryDef: ResourceQueryDef = structureResource({
  name: 'workspaces',
  fields: { site_id: 'integer', name: 'text', code: 'text', kind: 'text', status: 'text' },
  searchable: ['name', 'code'],
  relations: {
    site: { target: () => siteQueryDef, kind: 'belongsTo', localKey: 'site_id', foreignKey: 'id' },
  },
  pinType: 'workspaces',
});

export const groupQueryDef: ResourceQueryDef = structureResource({
  name: 'groups',
  fields: { site_id: 'integer', name: 'text', description: 'text' },
  searchable: ['name', 'description'],
  relations: {
    site: { target: () => siteQueryDef, kind: 'belongsTo', localKey: 'site_id', foreignKey: 'id' },
  },
  pinType: 'groups',
});

export const audienceQueryDef: ResourceQueryDef = structureResource({
  name: 'audiences',
  fields: {
    parent_id: 'integer',
    name: 'text',
    description: 'text',
    population: 'text',
    mode: 'text',
    rule: { column: 'rule', type: 'json', filterable: false },
  },
  searchable: ['name', 'description'],
  relations: {
    parent: { target: () => audienceQueryDef, kind: 'belongsTo', localKey: 'parent_id', foreignKey: 'id' },
    subs: { target: () => audienceQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'parent_id' },
  },
  pinType: 'audiences',
});

export const poleQueryDef: ResourceQueryDef = structureResource({
  name: 'pointerests',
  fields: { name: 'text', description: 'text' },
  searchable: ['name', 'description'],
  relations: {
    nodes: { target: () => nodeQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'pointerest_id', maxPerParent: 1000 },
  },
  pinType: 'pointerests',
});

export const nodeQueryDef: ResourceQueryDef = structureResource({
  name: 'nodes',
  softDelete: false,
  fields: { pointerest_id: 'integer', parent_id: 'integer', name: 'text', description: 'text', position: 'integer' },
  searchable: ['name', 'description'],
  relations: {
    pole: { target: () => poleQueryDef, kind: 'belongsTo', localKey: 'pointerest_id', foreignKey: 'id' },
    parent: { target: () => nodeQueryDef, kind: 'belongsTo', localKey: 'parent_id', foreignKey: 'id' },
    children: { target: () => nodeQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'parent_id' },
  },
  defaultSort: [
    { key: 'position', direction: 'asc' },
    { key: 'id', direction: 'asc' },
  ],
});

export const contactQueryDef: ResourceQueryDef = structureResource({
  name: 'contacts',
  fields: { name: 'text', organisation: 'text', phone: 'text', email: 'text', notes: 'text', zone_id: 'integer' },
  searchable: ['name', 'organisation', 'email', 'phone'],
  relations: {
    zone: { target: () => zoneQueryDef, kind: 'belongsTo', localKey: 'zone_id', foreignKey: 'id' },
  },
  pinType: 'contacts',
});
