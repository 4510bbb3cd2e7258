import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { companyQueryDef } from '../companies/companies.query';

/** Roles of the active company plus the platform's global roles (company_id null). */
export const roleQueryDef: ResourceQueryDef = {
  name: 'roles',
  table: 'roles',
  scope: 'companyOrGlobal',
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    slug: { column: 'slug', type: 'text' },
    description: { column: 'description', type: 'text' },
    state: { column: 'state', type: 'text' },
    is_owner: { column: 'is_owner', type: 'boolean' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['name', 'slug', 'description'],
  relations: {
    company: { target: () => companyQueryDef, kind: 'belongsTo', localKey: 'company_id', foreignKey: 'id' },
  },
  defaultSort: [{ key: 'name', direction: 'asc' }],
};
