import {
  agentRoom,
  NOTIFICATION_PREFERENCE_OF,
  type NotificationCreatedData,
  type Locale,
  type NotificationKind,
  pickLocale,
  resolveNotificationPreferences,
  userRoom,
} from '@app/contracts';
import { inArray, is, SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { notifications, users } from '../../../db/schema';
import type { EventBus } from '../../../events/event-bus';

/** One text for every recipient, or one per language, each recipient reading theirs (`users.locale`). */
export type RecipientText = string | Record<Locale, string>;

/** The text a recipient of this language reads (French for an unknown language). */
export function textFor(text: RecipientText, locale: string | null | undefined): string {
  return typeof text === 'string' ? text : text[pickLocale(locale)];
}

export interface NotificationContent {
  kind: NotificationKind;
  title: RecipientText;
  body?: RecipientText | null;
  /** What the "Consulter" link needs to open the object (ids, codes), and the event's own data. */
  data?: Record<string, unknown>;
  companyId?: number | null;
  /**
   * `false` when the event has its own live message (a broadcast's `broadcast.created`
   * reaches the same people): the row is written for the bell and the e-mail digest only.
   */
  live?: boolean;
}

export interface Recipient {
  userId: number;
  /** The agent the event concerns: it then shows only while that agent is the active one (section 6). */
  agentId?: number | null;
}

const INSERT_BATCH = 1000;

/**
 * The one way services tell people that something happened (every toast card of section
 * 2): writes a notification per recipient (the bell's list, with unread state), sends
 * `notification.created` to the agent's room, or the user's room for events that are not
 * an agent's (section 6: an invitation to a company only ever goes to the user room), and
 * marks it for the e-mail digest when the recipient chose e-mail for this kind in the
 * profile's notification preferences.
 */
export async function notify(deps: { db: Database; events: EventBus }, recipients: Recipient | Recipient[] | SQL, content: NotificationContent): Promise<void> {
  if (is(recipients, SQL)) return notifySelected(deps, recipients, content);
  const list = Array.isArray(recipients) ? recipients : [recipients];
  if (list.length === 0) return;
  for (let i = 0; i < list.length; i += INSERT_BATCH) {
    await notifyBatch(deps, list.slice(i, i + INSERT_BATCH), content);
  }
}

async function notifyBatch(deps: { db: Database; events: EventBus }, recipients: Recipient[], content: NotificationContent) {
  const userIds = [...new Set(recipients.map((r) => r.userId))];
  const people = await deps.db.orm
    .select({ id: users.id, email: users.email, locale: users.locale, preferences: users.notification_preferences })
    .from(users)
    .where(inArray(users.id, userIds));
  const localeOf = new Map(people.map((p) => [p.id, p.locale]));
  const emailed = new Set(people.filter((p) => wantsEmail(p, content.kind)).map((p) => p.id));
  const userRoomOnly = content.kind === 'invitation';
  const rows = await deps.db.orm
    .insert(notifications)
    .values(
      recipients.map((r) => ({
        user_id: r.userId,
        agent_id: userRoomOnly ? null : (r.agentId ?? null),
        company_id: content.companyId ?? null,
        kind: content.kind,
        title: textFor(content.title, localeOf.get(r.userId)),
        body: content.body == null ? null : textFor(content.body, localeOf.get(r.userId)),
        data: content.data ?? {},
        email_pending: emailed.has(r.userId),
      })),
    )
    .returning();
  if (content.live === false) return;
  const inApp = new Set(people.filter((p) => resolveNotificationPreferences(p.preferences).channels.in_app).map((p) => p.id));
  for (const row of rows) {
    if (!inApp.has(row.user_id)) continue;
    const data: NotificationCreatedData & { kind: NotificationKind } = {
      id: row.id,
      kind: row.kind as NotificationKind,
      type: row.kind,
      title: row.title,
      body: row.body,
      data: row.data,
      read_at: null,
      created_at: row.created_at.toISOString(),
    };
    deps.events.publish('notification.created', row.agent_id !== null ? agentRoom(row.agent_id) : userRoom(row.user_id), data);
  }
}

/** A recipient text as SQL: the one text, or the one of each recipient's language (`u.locale`). */
function textSql(text: RecipientText): SQL {
  if (typeof text === 'string') return sql`${text}`;
  const others = (Object.keys(text) as Locale[]).filter((l) => l !== 'fr').map((l) => sql`WHEN ${l} THEN ${text[l]}`);
  return sql`CASE u.locale ${sql.join(others, sql` `)} ELSE ${text.fr} END`;
}

/**
 * The same for a large audience given as `SELECT user_id, agent_id …` (a broadcast's
 * recorded recipients): one INSERT … SELECT, with the e-mail choice read in SQL (a
 * preference is on unless stored as false, as resolveNotificationPreferences reads it).
 */
async function notifySelected(deps: { db: Database; events: EventBus }, recipients: SQL, content: NotificationContent) {
  const family = NOTIFICATION_PREFERENCE_OF[content.kind];
  const wants = content.kind === 'invitation'
    ? sql`false`
    : sql`u.email IS NOT NULL AND coalesce(u.notification_preferences->'channels'->>'email', '') <> 'false'
          ${family ? sql`AND coalesce(u.notification_preferences->'events'->>${family}, '') <> 'false'` : sql``}`;
  const agent = content.kind === 'invitation' ? sql`NULL::int` : sql`r.agent_id`;
  const rows = await deps.db.rows<{ id: number; user_id: number; agent_id: number | null; title: string; body: string | null; created_at: string }>(sql`
    INSERT INTO notifications (user_id, agent_id, company_id, kind, title, body, data, email_pending)
    SELECT r.user_id, ${agent}, ${content.companyId ?? null}, ${content.kind}, ${textSql(content.title)}, ${content.body == null ? null : textSql(content.body)},
           ${JSON.stringify(content.data ?? {})}::jsonb, ${wants}
      FROM (${recipients}) r JOIN users u ON u.id = r.user_id
    RETURNING id, user_id, agent_id, title, body, created_at`);
  if (content.live === false) return;
  for (const row of rows) {
    const data: NotificationCreatedData & { kind: NotificationKind } = {
      id: row.id,
      kind: content.kind,
      type: content.kind,
      title: row.title,
      body: row.body,
      data: content.data ?? {},
      read_at: null,
      created_at: new Date(row.created_at).toISOString(),
    };
    deps.events.publish('notification.created', row.agent_id !== null ? agentRoom(row.agent_id) : userRoom(row.user_id), data);
  }
}

/**
 * Whether this kind goes into the person's e-mail digest: e-mail chosen as a channel and
 * the kind's event family left on. An invitation to a company has its own e-mail already
 * (invitation-messages.ts), so it never joins a digest.
 */
function wantsEmail(person: { email: string | null; preferences: unknown }, kind: NotificationKind): boolean {
  if (!person.email || kind === 'invitation') return false;
  const preferences = resolveNotificationPreferences(person.preferences);
  if (!preferences.channels.email) return false;
  const family = NOTIFICATION_PREFERENCE_OF[kind];
  return family === null || preferences.events[family];
}
