import { MAX_LIST_LIMIT } from '@app/contracts';
import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { agentQueryDef } from '../../tenancy/agents/agents.query';
import { answerQueryDef } from '../answers/answers.query';
import { contributorQueryDef } from '../contributors/contributors.query';
import { participationQueryDef } from '../participations/participations.query';
import { respondentKeyField } from '../participations/respondent-key';
import { relatedUserQueryDef } from '../../identity/users/users.query';

/** The answers one contributor gave in one participation. */
export const contributionQueryDef: ResourceQueryDef = {
  name: 'contributions',
  table: 'contributions',
  scope: 'company',
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    participation_id: { column: 'participation_id', type: 'integer' },
    contributor_id: { column: 'contributor_id', type: 'integer' },
    user_id: { column: 'user_id', type: 'integer' },
    agent_id: { column: 'agent_id', type: 'integer' },
    // The contributor's key: hidden, only its owner gets it back (respondent-key.ts).
    client_uuid: respondentKeyField,
    submitted_at: { column: 'submitted_at', type: 'timestamp' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: [],
  relations: {
    participation: { target: () => participationQueryDef, kind: 'belongsTo', localKey: 'participation_id', foreignKey: 'id' },
    contributor: { target: () => contributorQueryDef, kind: 'belongsTo', localKey: 'contributor_id', foreignKey: 'id' },
    user: { target: () => relatedUserQueryDef, kind: 'belongsTo', localKey: 'user_id', foreignKey: 'id' },
    agent: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'agent_id', foreignKey: 'id' },
    answers: { target: () => answerQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'contribution_id', maxPerParent: MAX_LIST_LIMIT },
  },
  defaultSort: [{ key: 'id', direction: 'desc' }],
};
