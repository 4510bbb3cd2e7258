import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';

/**
 * The platform's audit trail (DOMAIN.md "Audit entry"): who did what, when, from which
 * address, with the object before and after. Append-only: a trigger of migration
 * `0024_audit_log` refuses UPDATE, DELETE and TRUNCATE, whoever writes. No foreign key on
 * purpose: deleting a user or a company must neither touch nor be blocked by its history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    occurred_at: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actor_user_id: integer('actor_user_id'),
    /** The actor's name and e-mail when it acted (kept if the account changes later). */
    actor_label: text('actor_label'),
    ip: text('ip'),
    /** `company.suspend`, `role.permission.assign`, `subscription.change`… */
    action: text('action').notNull(),
    object_type: text('object_type').notNull(),
    object_id: integer('object_id'),
    /** The company the change concerns (its owner sees the entry), when there is one. */
    company_id: integer('company_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_occurred_idx').on(t.occurred_at), index('audit_log_company_idx').on(t.company_id, t.occurred_at)],
);
