import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { pins } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { notFound } from '../../../http/errors';
import { requirePermission } from '../../tenancy/companies/tenancy';

/**
 * What may be pinned, and the table that proves the object is the caller's company's.
 * Table names come from this closed list only.
 */
export const PINNABLE_TABLES: Record<string, { table: string; softDelete: boolean; label: string; kind?: string }> = {
  sites: { table: 'sites', softDelete: true, label: 'name' },
  workspaces: { table: 'workspaces', softDelete: true, label: 'name' },
  groups: { table: 'groups', softDelete: true, label: 'name' },
  audiences: { table: 'audiences', softDelete: true, label: 'name' },
  pointerests: { table: 'pointerests', softDelete: true, label: 'name' },
  contacts: { table: 'contacts', softDelete: true, label: 'name' },
  surveys: { table: 'surveys', softDelete: true, label: 'title', kind: 'type' },
};

/** Most pins `GET pins` answers: a dashboard card, not an export. */
const MAX_PINS_LISTED = 200;

async function assertPinnable(ctx: RequestContext, type: string, id: number, companyId: number | null) {
  const target = PINNABLE_TABLES[type];
  if (!target || companyId === null) throw notFound();
  const table = sql.raw(`"${target.table}"`);
  const alive = target.softDelete ? sql` AND deleted_at IS NULL` : sql``;
  const rows = await ctx.db.rows(sql`SELECT 1 FROM ${table} WHERE id = ${id} AND company_id = ${companyId}${alive}`);
  if (rows.length === 0) throw notFound();
}

function companyScope(companyId: number | null) {
  return companyId === null ? isNull(pins.company_id) : eq(pins.company_id, companyId);
}

/** The names of the live objects of one type among `ids`, in the caller's company. */
async function labelsOf(ctx: RequestContext, type: string, ids: number[], companyId: number): Promise<Map<number, { label: string; kind: string | null }>> {
  const target = PINNABLE_TABLES[type];
  if (!target || ids.length === 0) return new Map();
  const table = sql.raw(`"${target.table}"`);
  const label = sql.raw(`"${target.label}"`);
  const alive = target.softDelete ? sql` AND deleted_at IS NULL` : sql``;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  // The object's kind where its address needs it (a survey's type).
  const kind = target.kind ? sql.raw(`"${target.kind}"`) : sql`NULL`;
  const rows = await ctx.db.rows<{ id: number | string; label: string; kind: string | null }>(
    sql`SELECT id, ${label} AS label, ${kind} AS kind FROM ${table} WHERE company_id = ${companyId} AND id IN (${idList})${alive}`,
  );
  return new Map(rows.map((row) => [Number(row.id), { label: row.label, kind: row.kind }]));
}

/**
 * The caller's pins in the active company, newest first (optionally of one type), each
 * with its object's name (`label`) and, for surveys, their type (`kind`); pins of objects
 * since deleted are left out.
 */
export async function listPins(ctx: RequestContext, type?: string) {
  const actor = requirePermission(ctx, 'pins.list');
  const conditions = [eq(pins.user_id, actor.userId), companyScope(actor.companyId)];
  if (type) conditions.push(eq(pins.pinnable_type, type));
  const found = await ctx.db.orm
    .select({ id: pins.id, pinnable_type: pins.pinnable_type, pinnable_id: pins.pinnable_id, created_at: pins.created_at })
    .from(pins)
    .where(and(...conditions))
    .orderBy(desc(pins.created_at), desc(pins.id))
    .limit(MAX_PINS_LISTED);
  if (actor.companyId === null) return [];
  const labels = new Map<string, Map<number, { label: string; kind: string | null }>>();
  for (const kind of new Set(found.map((pin) => pin.pinnable_type))) {
    const ids = found.filter((pin) => pin.pinnable_type === kind).map((pin) => pin.pinnable_id);
    labels.set(kind, await labelsOf(ctx, kind, ids, actor.companyId));
  }
  return found.flatMap((pin) => {
    const object = labels.get(pin.pinnable_type)?.get(pin.pinnable_id);
    return object ? [{ ...pin, created_at: pin.created_at.toISOString(), ...object }] : [];
  });
}

/** Pins an object of the caller's company; pinning twice keeps one pin. */
export async function createPin(ctx: RequestContext, type: string, id: number) {
  const actor = requirePermission(ctx, 'pins.create');
  await assertPinnable(ctx, type, id, actor.companyId);
  await ctx.db.orm
    .insert(pins)
    .values({ user_id: actor.userId, company_id: actor.companyId, pinnable_type: type, pinnable_id: id })
    .onConflictDoNothing();
  const [pin] = await ctx.db.orm
    .select()
    .from(pins)
    .where(and(eq(pins.user_id, actor.userId), eq(pins.pinnable_type, type), eq(pins.pinnable_id, id)));
  return { ...pin, created_at: pin.created_at.toISOString() };
}

/** `pins/{type}/{id}/{user}/delete`: unpins; `user` is the caller's id (or `me`). */
export async function deletePin(ctx: RequestContext, type: string, id: number, user: string) {
  const actor = requirePermission(ctx, 'pins.delete');
  if (user !== 'me' && user !== String(actor.userId)) throw notFound();
  const removed = await ctx.db.orm
    .delete(pins)
    .where(and(eq(pins.user_id, actor.userId), eq(pins.pinnable_type, type), eq(pins.pinnable_id, id)))
    .returning({ id: pins.id });
  if (removed.length === 0) throw notFound();
}
