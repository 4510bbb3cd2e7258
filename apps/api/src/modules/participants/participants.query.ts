import type { ResourceQueryDef } from '../../http/query/resource-def';
import { participationQueryDef } from '../participations/participations.query';

/** People who answered the company's surveys without an account. */
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
    participations: { target: () => participationQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'participant_id' },
  },
  defaultSort: [{ key: 'id', direction: 'desc' }],
};
