import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { surveyQueryDef } from '../../surveys/surveys/surveys.query';
import { agentQueryDef } from '../../tenancy/agents/agents.query';

const stamps = {
  created_at: { column: 'created_at', type: 'timestamp' },
  updated_at: { column: 'updated_at', type: 'timestamp' },
} as const;

/** Supervision assignments of the active company (query object of API.md). */
export const monitorQueryDef: ResourceQueryDef = {
  name: 'monitors',
  table: 'monitors',
  scope: 'company',
  softDelete: true,
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    survey_id: { column: 'survey_id', type: 'integer' },
    target_kind: { column: 'target_kind', type: 'text' },
    target_id: { column: 'target_id', type: 'integer' },
    agent_id: { column: 'agent_id', type: 'integer' },
    frequency: { column: 'frequency', type: 'text' },
    status: { column: 'status', type: 'text' },
    note: { column: 'note', type: 'text' },
    created_by: { column: 'created_by', type: 'integer' },
    ...stamps,
  },
  searchable: ['note', 'target_kind', 'frequency'],
  relations: {
    agent: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'agent_id', foreignKey: 'id' },
    survey: { target: () => surveyQueryDef, kind: 'belongsTo', localKey: 'survey_id', foreignKey: 'id' },
    reports: { target: () => reportQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'monitor_id' },
  },
  defaultSort: [{ key: 'created_at', direction: 'desc' }],
};

/** Reports (evaluations under a monitor) of the active company. */
export const reportQueryDef: ResourceQueryDef = {
  name: 'reports',
  table: 'reports',
  scope: 'company',
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    monitor_id: { column: 'monitor_id', type: 'integer' },
    participation_id: { column: 'participation_id', type: 'integer' },
    agent_id: { column: 'agent_id', type: 'integer' },
    score: { column: 'score', type: 'number' },
    comment: { column: 'comment', type: 'text' },
    ...stamps,
    // created_at is when the visit was made; received_at when it reached the server (late sync).
    received_at: { column: 'received_at', type: 'timestamp' },
  },
  searchable: ['comment'],
  relations: {
    monitor: { target: () => monitorQueryDef, kind: 'belongsTo', localKey: 'monitor_id', foreignKey: 'id' },
    agent: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'agent_id', foreignKey: 'id' },
  },
  defaultSort: [{ key: 'created_at', direction: 'desc' }],
};
