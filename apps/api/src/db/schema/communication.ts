import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { users } from './identity';
import { agents, companies } from './tenancy';

/** A conversation: direct, group, support, or about a subject (monitor, participation). */
export const chatrooms = pgTable(
  'chatrooms',
  {
    id: idColumn(),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['direct', 'group', 'support', 'activity', 'survey'] }).notNull(),
    name: text('name'),
    subject_type: text('subject_type'),
    subject_id: integer('subject_id'),
    status: text('status', { enum: ['pending', 'open', 'closed'] }).notNull().default('open'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The agent who answers a support conversation (set by accept or reassign). */
    assigned_agent_id: integer('assigned_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    /** When the last message came: the room list is sorted by it. */
    last_message_at: timestamp('last_message_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('chatrooms_company_idx').on(t.company_id),
    index('chatrooms_subject_idx').on(t.subject_type, t.subject_id),
    index('chatrooms_company_status_idx').on(t.company_id, t.status),
    /** One conversation per participation: two reviewers opening it at once meet in the same room. */
    uniqueIndex('chatrooms_participation_unique').on(t.subject_id).where(sql`${t.kind} = 'survey' AND ${t.subject_type} = 'participation'`),
  ],
);

export const chatroomMembers = pgTable(
  'chatroom_members',
  {
    chatroom_id: integer('chatroom_id').notNull().references(() => chatrooms.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    last_read_at: timestamp('last_read_at', { withTimezone: true }),
    /** The newest message this member has read (read receipts and unread counts). */
    last_read_message_id: integer('last_read_message_id'),
    /**
     * Set when the user is in the room as an agent of the room's company: their access then
     * needs that company to be the active one. Null for the person outside (a customer).
     */
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatroom_id, t.user_id] }), index('chatroom_members_user_idx').on(t.user_id)],
);
