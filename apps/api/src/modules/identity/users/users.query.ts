import type { ResourceQueryDef } from '../../../http/query/resource-def';
import { agentQueryDef } from '../../tenancy/agents/agents.query';

/** Accounts as the back office lists them; the password hash is not even selectable. */
export const userQueryDef: ResourceQueryDef = {
  name: 'users',
  table: 'users',
  scope: 'global',
  softDelete: true,
  fields: {
    id: { column: 'id', type: 'integer' },
    username: { column: 'username', type: 'text' },
    email: { column: 'email', type: 'text' },
    phone: { column: 'phone', type: 'text' },
    first_name: { column: 'first_name', type: 'text' },
    last_name: { column: 'last_name', type: 'text' },
    photo: { column: 'photo', type: 'text' },
    type: { column: 'type', type: 'text' },
    has_to_change_password: { column: 'has_to_change_password', type: 'boolean' },
    email_verified_at: { column: 'email_verified_at', type: 'timestamp' },
    phone_verified_at: { column: 'phone_verified_at', type: 'timestamp' },
    locale: { column: 'locale', type: 'text' },
    status: { column: 'status', type: 'text' },
    created_at: { column: 'created_at', type: 'timestamp' },
    updated_at: { column: 'updated_at', type: 'timestamp' },
  },
  searchable: ['username', 'email', 'phone', 'first_name', 'last_name'],
  relations: {
    /** Memberships, limited to the caller's company like every agent read. */
    agents: { target: () => agentQueryDef, kind: 'hasMany', localKey: 'id', foreignKey: 'user_id' },
  },
  defaultSort: [{ key: 'created_at', direction: 'desc' }],
};

/**
 * A user as another resource's `user` relation shows it to a company (respondents,
 * contributors, join requests): a name and a photo, never the e-mail, phone, type or
 * status of someone who is not one of its members (those come through `agents.user`).
 */
export const relatedUserQueryDef: ResourceQueryDef = {
  name: 'users',
  table: 'users',
  scope: 'global',
  softDelete: true,
  fields: {
    id: { column: 'id', type: 'integer' },
    first_name: { column: 'first_name', type: 'text' },
    last_name: { column: 'last_name', type: 'text' },
    photo: { column: 'photo', type: 'text', filterable: false },
  },
  searchable: ['first_name', 'last_name'],
};
