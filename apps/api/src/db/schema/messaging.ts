import type { PlatformAudience } from '@app/contracts/admin-platform';
import { BROADCAST_TARGETS } from '@app/contracts/messaging';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chatrooms } from './communication';
import { idColumn, timestamps } from './columns';
import { users } from './identity';
import { medias } from './surveys';
import { agents, companies } from './tenancy';

/** A message in a chatroom; `client_key` makes a resend by the same sender a no-op. */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    chatroom_id: integer('chatroom_id').notNull().references(() => chatrooms.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    /** Media ids of the attached images and files, in order. */
    attachments: jsonb('attachments').$type<number[]>().notNull().default([]),
    client_key: text('client_key'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_chatroom_id_idx').on(t.chatroom_id, t.id),
    uniqueIndex('messages_client_key_unique').on(t.chatroom_id, t.user_id, t.client_key),
  ],
);

/** Something that happened for one person (the bell and the toasts); e-mailed in digests when they chose so. */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Set when it concerns the user as this agent: shown only while that agent is active. */
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    read_at: timestamp('read_at', { withTimezone: true }),
    /** Waiting for the next e-mail digest of its recipient. */
    email_pending: boolean('email_pending').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.user_id, t.id),
    index('notifications_unread_idx').on(t.user_id).where(sql`${t.read_at} IS NULL`),
    index('notifications_email_idx').on(t.user_id, t.created_at).where(sql`${t.email_pending}`),
  ],
);

/** A company's announcement ("diffusion"); its recipients are resolved once, at publish. */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: idColumn(),
    /** Null for a broadcast of the platform itself (mnt/broadcast, target `platform`). */
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    author_agent_id: integer('author_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    /** The platform admin who sent a platform broadcast. */
    author_user_id: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    media_id: integer('media_id').references(() => medias.id, { onDelete: 'set null' }),
    target: text('target', { enum: [...BROADCAST_TARGETS, 'platform'] }).notNull(),
    target_id: integer('target_id'),
    /** A platform broadcast's recipients: everyone, or members of companies or sectors, or account types. */
    platform_audience: jsonb('platform_audience').$type<PlatformAudience>(),
    recipient_count: integer('recipient_count').notNull().default(0),
    /**
     * `sending` while the background fan-out resolves its recipients in batches (a new
     * broadcast), `sent` once every recipient is recorded and told. Rows older than the
     * background fan-out were sent at publish, hence the default.
     */
    status: text('status', { enum: ['sending', 'sent'] }).notNull().default('sent'),
    /** The fan-out's progress: recipients are resolved by increasing user id, after this one. */
    fanout_cursor: integer('fanout_cursor'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    published_at: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('broadcasts_company_idx').on(t.company_id, t.id), index('broadcasts_sending_idx').on(t.id).where(sql`${t.status} = 'sending'`)],
);

/** Who a broadcast reached: a user, as an agent of the company or as a customer. */
export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    broadcast_id: integer('broadcast_id').notNull().references(() => broadcasts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    agent_id: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    read_at: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.broadcast_id, t.user_id] }), index('broadcast_recipients_user_idx').on(t.user_id, t.broadcast_id)],
);

/** An HTTPS address of a company told about its events, each delivery signed with `secret`. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: idColumn(),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    description: text('description'),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.company_id)],
);

/** One event to one endpoint: retried with backoff until delivered or given up. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    endpoint_id: integer('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    last_status_code: integer('last_status_code'),
    last_error: text('last_error'),
    last_duration_ms: bigint('last_duration_ms', { mode: 'number' }),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpoint_id, t.id),
    index('webhook_deliveries_due_idx').on(t.next_attempt_at).where(sql`${t.status} = 'pending'`),
  ],
);
