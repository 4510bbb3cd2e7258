import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { agentQueryDef } from '../../tenancy/agents/agents.query';
import { contributionQueryDef } from '../contributions/contributions.query';
import { participationQueryDef } from '../participations/participations.query';
import { surveyQueryDef } from '../../surveys/surveys/surveys.query';
import { relatedUserQueryDef } from '../../identity/users/users.query';

/** People invited to fill (part of) a participation of the company's surveys. */
export const contributorQueryDef: ResourceQueryDef = {
  name: 'contributors',
  table: 'contributors',
  scope: 'company',
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    survey_id: { column: 'survey_id', type: 'integer' },
    participation_id: { column: 'participation_id', type: 'integer' },
    user_id: { column: 'user_id', type: 'integer' },
    agent_id: { column: 'agent_id', type: 'integer' },
    step_ids: { column: 'step_ids', type: 'json', filterable: false },
    status: { column: 'status', type: 'text' },
    invited_by: { column: 'invited_by', type: 'integer' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['status'],
  relations: {
    survey: { target: () => surveyQueryDef, kind: 'belongsTo', localKey: 'survey_id', foreignKey: 'id' },
    participation: { target: () => participationQueryDef, kind: 'belongsTo', localKey: 'participation_id', foreignKey: 'id' },
    user: { target: () => relatedUserQueryDef, kind: 'belongsTo', localKey: 'user_id', foreignKey: 'id' },
    agent: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'agent_id', foreignKey: 'id' },
    inviter: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'invited_by', foreignKey: 'id' },
    contributions: { target: () => contributionQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'contributor_id' },
  },
  defaultSort: [{ key: 'id', direction: 'desc' }],
};
