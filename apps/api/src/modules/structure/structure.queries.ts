import type { ResourceQueryDef } from '../../http/query/resource-def';
import { zoneQueryDef } from '../reference/zones/zones.query';
import { agentQueryDef } from '../tenancy/agents/agents.query';

/**
 * The query-object definitions of the structure resources, in one file because they
 * point at each other (a site's workspaces and groups, a workspace's site...).
 */
const stamps = {
  created_at: { column: 'created_at', type: 'timestamp' },
  updated_at: { column: 'updated_at', type: 'timestamp' },
} as const;

export const siteQueryDef: ResourceQueryDef = {
  name: 'sites',
  table: 'sites',
  scope: 'company',
  softDelete: true,
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    code: { column: 'code', type: 'text' },
    zone_id: { column: 'zone_id', type: 'integer' },
    address: { column: 'address', type: 'text' },
    latitude: { column: 'latitude', type: 'number' },
    longitude: { column: 'longitude', type: 'number' },
    geofence_radius_m: { column: 'geofence_radius_m', type: 'integer' },
    photo: { column: 'photo', type: 'text' },
    manager_agent_id: { column: 'manager_agent_id', type: 'integer' },
    status: { column: 'status', type: 'text' },
    ...stamps,
  },
  searchable: ['name', 'code', 'address'],
  relations: {
    zone: { target: () => zoneQueryDef, kind: 'belongsTo', localKey: 'zone_id', foreignKey: 'id' },
    manager: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'manager_agent_id', foreignKey: 'id' },
    workspaces: { target: () => workspaceQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'site_id' },
    groups: { target: () => groupQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'site_id' },
  },
  defaultSort: [{ key: 'name', direction: 'asc' }],
};

export const workspaceQueryDef: ResourceQueryDef = {
  name: 'workspaces',
  table: 'workspaces',
  scope: 'company',
  softDelete: true,
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    site_id: { column: 'site_id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    code: { column: 'code', type: 'text' },
    kind: { column: 'kind', type: 'text' },
    status: { column: 'status', type: 'text' },
    ...stamps,
  },
  searchable: ['name', 'code'],
  relations: {
    site: { target: () => siteQueryDef, kind: 'belongsTo', localKey: 'site_id', foreignKey: 'id' },
  },
  defaultSort: [{ key: 'name', direction: 'asc' }],
};

export const groupQueryDef: ResourceQueryDef = {
  name: 'groups',
  table: 'groups',
  scope: 'company',
  softDelete: true,
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    site_id: { column: 'site_id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    description: { column: 'description', type: 'text' },
    ...stamps,
  },
  searchable: ['name', 'description'],
  relations: {
    site: { target: () => siteQueryDef, kind: 'belongsTo', localKey: 'site_id', foreignKey: 'id' },
  },
  defaultSort: [{ key: 'name', direction: 'asc' }],
};

export const audienceQueryDef: ResourceQueryDef = {
  name: 'audiences',
  table: 'audiences',
  scope: 'company',
  softDelete: true,
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    parent_id: { column: 'parent_id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    description: { column: 'description', type: 'text' },
    population: { column: 'population', type: 'text' },
    mode: { column: 'mode', type: 'text' },
    rule: { column: 'rule', type: 'json', filterable: false },
    ...stamps,
  },
  searchable: ['name', 'description'],
  relations: {
    parent: { target: () => audienceQueryDef, kind: 'belongsTo', localKey: 'parent_id', foreignKey: 'id' },
    subs: { target: () => audienceQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'parent_id' },
  },
  defaultSort: [{ key: 'name', direction: 'asc' }],
};

export const poleQueryDef: ResourceQueryDef = {
  name: 'pointerests',
  table: 'pointerests',
  scope: 'company',
  softDelete: true,
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    description: { column: 'description', type: 'text' },
    ...stamps,
  },
  searchable: ['name', 'description'],
  relations: {
    nodes: { target: () => nodeQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'pointerest_id', maxPerParent: 1000 },
  },
  defaultSort: [{ key: 'name', direction: 'asc' }],
};

export const nodeQueryDef: ResourceQueryDef = {
  name: 'nodes',
  table: 'nodes',
  scope: 'company',
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    pointerest_id: { column: 'pointerest_id', type: 'integer' },
    parent_id: { column: 'parent_id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    description: { column: 'description', type: 'text' },
    position: { column: 'position', type: 'integer' },
    ...stamps,
  },
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
};

export const contactQueryDef: ResourceQueryDef = {
  name: 'contacts',
  table: 'contacts',
  scope: 'company',
  softDelete: true,
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    organisation: { column: 'organisation', type: 'text' },
    phone: { column: 'phone', type: 'text' },
    email: { column: 'email', type: 'text' },
    notes: { column: 'notes', type: 'text' },
    zone_id: { column: 'zone_id', type: 'integer' },
    ...stamps,
  },
  searchable: ['name', 'organisation', 'email', 'phone'],
  relations: {
    zone: { target: () => zoneQueryDef, kind: 'belongsTo', localKey: 'zone_id', foreignKey: 'id' },
  },
  defaultSort: [{ key: 'name', direction: 'asc' }],
};
