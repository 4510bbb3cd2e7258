import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { companyQueryDef } from '../companies/companies.query';
import { userQueryDef } from '../../identity/users/users.query';

/** A company's members; only the active company's rows are visible. */
export const agentQueryDef: ResourceQueryDef = {
  name: 'agents',
  table: 'agents',
  scope: 'company',
  softDelete: true,
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    user_id: { column: 'user_id', type: 'integer' },
    job: { column: 'job', type: 'text' },
    first_name: { column: 'first_name', type: 'text' },
    last_name: { column: 'last_name', type: 'text' },
    email: { column: 'email', type: 'text' },
    phone: { column: 'phone', type: 'text' },
    status: { column: 'status', type: 'text' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['first_name', 'last_name', 'email', 'phone', 'job'],
  relations: {
    user: { target: () => userQueryDef, kind: 'belongsTo', localKey: 'user_id', foreignKey: 'id' },
    company: { target: () => companyQueryDef, kind: 'belongsTo', localKey: 'company_id', foreignKey: 'id' },
  },
  defaultSort: [{ key: 'last_name', direction: 'asc' }],
};
