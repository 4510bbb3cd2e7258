import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../../http/actor';
import type { FieldDef, ResourceQueryDef } from '../../../http/query';

/**
 * A participation's `client_uuid` (and a contribution's) is the key its respondent made:
 * the submission's idempotency key and, for someone without an account, what opens the
 * unfinished participation and its files (participations/key/{client_uuid}, medias
 * `?key=`). It works like a password, for every survey: only the row's own user reads it
 * back, the company's staff never see it nor query by it. This file is the one place of
 * that rule: the query definitions declare the field hidden (so no response, select,
 * filter, sort, group_by or load knows it, at any depth and from any resource, and it is
 * not searchable), and the caller's own rows get it back here. Answering without an
 * account needs nothing from here: the respondent sent the key, and the POST response
 * and the read-back by key carry it (participation-view.ts).
 */
export const respondentKeyField: FieldDef = { column: 'client_uuid', type: 'text', hidden: true };

/** The tables whose rows carry a respondent key. */
const KEY_TABLES = new Set(['participations', 'contributions']);

type Row = Record<string, unknown>;

/** Rows of `rows` and of their embedded relations, at any depth, that carry a key and say they are `userId`'s. */
function ownKeyRows(def: ResourceQueryDef, rows: Row[], userId: number, out: Map<string, Row[]>): void {
  for (const row of rows) {
    if (KEY_TABLES.has(def.table) && row.user_id === userId && typeof row.id === 'number') {
      out.set(def.table, [...(out.get(def.table) ?? []), row]);
    }
    for (const [name, relation] of Object.entries(def.relations ?? {})) {
      const value = row[name];
      if (Array.isArray(value)) ownKeyRows(relation.target(), value as Row[], userId, out);
      else if (value !== null && typeof value === 'object') ownKeyRows(relation.target(), [value as Row], userId, out);
    }
  }
}

/**
 * Gives the caller's own participations and contributions among `rows` (at any depth)
 * their `client_uuid`; others' rows keep it hidden. Ownership is checked again in SQL,
 * so a row whose `user_id` was read wrongly still gets nothing.
 */
export async function revealOwnRespondentKeys(ctx: RequestContext, def: ResourceQueryDef, rows: Row[]): Promise<void> {
  const userId = ctx.actor?.userId ?? null;
  if (userId === null) return;
  const found = new Map<string, Row[]>();
  ownKeyRows(def, rows, userId, found);
  for (const [table, owned] of found) {
    const keys = await ctx.db.rows<{ id: number | string; client_uuid: string | null }>(
      sql`SELECT id, client_uuid FROM ${sql.identifier(table)} WHERE user_id = ${userId} AND id = ANY(${sql.param(owned.map((r) => r.id))})`,
    );
    const byId = new Map(keys.map((k) => [Number(k.id), k.client_uuid]));
    for (const row of owned) if (byId.has(row.id as number)) row.client_uuid = byId.get(row.id as number);
  }
}
