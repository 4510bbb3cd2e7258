import { MAX_LIST_LIMIT } from '@app/contracts';
import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { agentQueryDef } from '../../tenancy/agents/agents.query';
import { answerQueryDef } from '../answers/answers.query';
import { contributionQueryDef } from '../contributions/contributions.query';
import { contributorQueryDef } from '../contributors/contributors.query';
import { participantQueryDef } from '../participants/participants.query';
import { surveyQueryDef } from '../../surveys/surveys/surveys.query';
import { relatedUserQueryDef } from '../../identity/users/users.query';
import { respondentKeyField } from './respondent-key';

/** Participations of the active company's surveys (payload_hash stays internal). */
export const participationQueryDef: ResourceQueryDef = {
  name: 'participations',
  table: 'participations',
  scope: 'company',
  softDelete: true,
  fields: {
    id: { column: 'id', type: 'integer' },
    /** The number in its company ("N°" on screens; migration 0022). */
    number: { column: 'number', type: 'integer' },
    /** The number in its survey (the survey's participations panel; migration 0030). */
    survey_number: { column: 'survey_number', type: 'integer' },
    survey_id: { column: 'survey_id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    user_id: { column: 'user_id', type: 'integer' },
    agent_id: { column: 'agent_id', type: 'integer' },
    participant_id: { column: 'participant_id', type: 'integer' },
    target_kind: { column: 'target_kind', type: 'text' },
    target_id: { column: 'target_id', type: 'integer' },
    status: { column: 'status', type: 'text' },
    score: { column: 'score', type: 'number' },
    latitude: { column: 'latitude', type: 'number' },
    longitude: { column: 'longitude', type: 'number' },
    accuracy_m: { column: 'accuracy_m', type: 'number' },
    geofence_status: { column: 'geofence_status', type: 'text' },
    geofence_distance_m: { column: 'geofence_distance_m', type: 'number' },
    device_ref: { column: 'device_ref', type: 'text' },
    // The respondent's key: hidden, only its owner gets it back (respondent-key.ts).
    client_uuid: respondentKeyField,
    ref: { column: 'ref', type: 'text' },
    src: { column: 'src', type: 'text' },
    started_at: { column: 'started_at', type: 'timestamp' },
    submitted_at: { column: 'submitted_at', type: 'timestamp' },
    received_at: { column: 'received_at', type: 'timestamp' },
    checked_by: { column: 'checked_by', type: 'integer' },
    checked_at: { column: 'checked_at', type: 'timestamp' },
    validated_by: { column: 'validated_by', type: 'integer' },
    validated_at: { column: 'validated_at', type: 'timestamp' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['ref', 'src'],
  relations: {
    survey: { target: () => surveyQueryDef, kind: 'belongsTo', localKey: 'survey_id', foreignKey: 'id' },
    participant: { target: () => participantQueryDef, kind: 'belongsTo', localKey: 'participant_id', foreignKey: 'id' },
    user: { target: () => relatedUserQueryDef, kind: 'belongsTo', localKey: 'user_id', foreignKey: 'id' },
    agent: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'agent_id', foreignKey: 'id' },
    checker: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'checked_by', foreignKey: 'id' },
    validator: { target: () => agentQueryDef, kind: 'belongsTo', localKey: 'validated_by', foreignKey: 'id' },
    answers: { target: () => answerQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'participation_id', maxPerParent: MAX_LIST_LIMIT },
    contributions: { target: () => contributionQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'participation_id' },
    contributors: { target: () => contributorQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'participation_id' },
  },
  defaultSort: [{ key: 'id', direction: 'desc' }],
};
