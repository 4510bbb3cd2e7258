import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { agentQueryDef } from '../agents/agents.query';
import { companyQueryDef } from '../companies/companies.query';

/**
 * Invitations sent by the active company. The guest's account (`guest_user_id`) is not
 * among the fields: the inviter must not learn whether an address has an account.
 */
export const invitationQueryDef: ResourceQueryDef = {
  name: 'invitations',
  table: 'invitations',
  scope: 'company',
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    host_agent_id: { column: 'host_agent_id', type: 'integer' },
    guest_agent_id: { column: 'guest_agent_id', type: 'integer' },
    email: { column: 'email', type: 'text' },
    phone: { column: 'phone', type: 'text' },
    datas: { column: 'datas', type: 'json' },
    status: { column: 'status', type: 'text' },
    // What the company hands the guest to open the invitation (public/getobject/invitation/{code}).
    code: { column: 'code', type: 'text' },
    expires_at: { column: 'expires_at', type: 'timestamp' },
    responded_at: { column: 'responded_at', type: 'timestamp' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['email', 'phone'],
  relations: {
    company: { target: () => companyQueryDef, kind: 'belongsTo', localKey: 'company_id', foreignKey: 'id' },
    host: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'host_agent_id', foreignKey: 'id' },
    guest_agent: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'guest_agent_id', foreignKey: 'id' },
  },
  defaultSort: [{ key: 'created_at', direction: 'desc' }],
};
