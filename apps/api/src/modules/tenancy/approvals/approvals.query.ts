import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { agentQueryDef } from '../agents/agents.query';
import { companyQueryDef } from '../companies/companies.query';
import { relatedUserQueryDef } from '../../identity/users/users.query';

/** Requests the active company must decide on; newest first (section 9). */
export const approvalQueryDef: ResourceQueryDef = {
  name: 'approvals',
  table: 'approvals',
  scope: 'company',
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    agent_id: { column: 'agent_id', type: 'integer' },
    user_id: { column: 'user_id', type: 'integer' },
    approvalable_type: { column: 'approvalable_type', type: 'text' },
    approvalable_id: { column: 'approvalable_id', type: 'integer' },
    payload: { column: 'payload', type: 'json' },
    status: { column: 'status', type: 'text' },
    decided_by: { column: 'decided_by', type: 'integer' },
    decided_at: { column: 'decided_at', type: 'timestamp' },
    comment: { column: 'comment', type: 'text' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['approvalable_type', 'comment'],
  relations: {
    company: { target: () => companyQueryDef, kind: 'belongsTo', localKey: 'company_id', foreignKey: 'id' },
    agent: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'agent_id', foreignKey: 'id' },
    user: { target: () => relatedUserQueryDef, kind: 'belongsTo', localKey: 'user_id', foreignKey: 'id' },
    decider: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'decided_by', foreignKey: 'id' },
  },
  defaultSort: [{ key: 'created_at', direction: 'desc' }],
};
