import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { namedSurveyParticipation, participantKnownByName } from '../participations/anonymous-identity';
import { participationQueryDef } from '../participations/participations.query';

let namedParticipations: ResourceQueryDef | undefined;
/**
 * A participant's participations: only those of surveys that are not anonymous, so that
 * no include, load or wherehas ties a person to an anonymous survey's answers. Built on
 * first use: the two query files import each other.
 */
function namedParticipationQueryDef(): ResourceQueryDef {
  namedParticipations ??= { ...participationQueryDef, rowFilter: namedSurveyParticipation };
  return namedParticipations;
}

/**
 * People who answered the company's surveys without an account. Those known only through
 * anonymous surveys are not listed (DOMAIN.md "Anonymous surveys").
 */
export const participantQueryDef: ResourceQueryDef = {
  name: 'participants',
  table: 'participants',
  scope: 'company',
  fields: {
    id: { column: 'id', type: 'integer' },
    company_id: { column: 'company_id', type: 'integer' },
    name: { column: 'name', type: 'text' },
    phone: { column: 'phone', type: 'text' },
    email: { column: 'email', type: 'text' },
    ref: { column: 'ref', type: 'text' },
    src: { column: 'src', type: 'text' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['name', 'phone', 'email'],
  relations: {
    participations: { target: namedParticipationQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'participant_id' },
  },
  defaultSort: [{ key: 'id', direction: 'desc' }],
  rowFilter: participantKnownByName,
};
