import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { agentQueryDef } from '../agents/agents.query';
import { sectorQueryDef } from '../../reference/sectors/sectors.query';
import { zoneQueryDef } from '../../reference/zones/zones.query';

/** Companies are the tenants themselves: visibility is decided by the service (membership). */
export const companyQueryDef: ResourceQueryDef = {
  name: 'companies',
  table: 'companies',
  scope: 'global',
  softDelete: true,
  fields: {
    id: { column: 'id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    code: { column: 'code', type: 'text' },
    sector_id: { column: 'sector_id', type: 'integer' },
    zone_id: { column: 'zone_id', type: 'integer' },
    address: { column: 'address', type: 'text' },
    email: { column: 'email', type: 'text' },
    phone: { column: 'phone', type: 'text' },
    logo: { column: 'logo', type: 'text' },
    status: { column: 'status', type: 'text' },
    created_by: { column: 'created_by', type: 'integer' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['name', 'code'],
  relations: {
    sector: { target: () => sectorQueryDef, kind: 'belongsTo', localKey: 'sector_id', foreignKey: 'id' },
    zone: { target: () => zoneQueryDef, kind: 'belongsTo', localKey: 'zone_id', foreignKey: 'id' },
    agents: { target: () => agentQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'company_id' },
  },
  defaultSort: [{ key: 'name', direction: 'asc' }],
};
