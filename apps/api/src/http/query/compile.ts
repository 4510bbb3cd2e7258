import { MAX_LIST_LIMIT } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { andAll, columnRef, compileFilterGroups, compileScope, compileSearch, keyColumn } from './compile-filters';
import { compileWhereHas } from './compile-wherehas';
import type { ParsedQuery, ParsedSort } from './parsed-query';
import type { FieldDef, QueryScope, ResourceQueryDef } from './resource-def';

/** Alias of the listed table in every statement. */
export const ROOT_ALIAS = 't';
/** Prefix of columns selected for the engine's own use and stripped before output. */
export const INTERNAL_PREFIX = '__';

/**
 * The output form of a column. Timestamps are formatted by PostgreSQL in UTC, so the
 * ISO string does not depend on the driver's or the server's time zone.
 */
export function fieldExpr(field: FieldDef, alias: string): SQL {
  const column = columnRef(alias, field.column);
  if (field.type === 'timestamp') return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  if (field.type === 'date') return sql`to_char(${column}, 'YYYY-MM-DD')`;
  return column;
}

export function isVisibleField(def: ResourceQueryDef, key: string): boolean {
  return Object.hasOwn(def.fields, key) && !def.fields[key].hidden;
}

/** Where a key's value sits in a fetched row: its own name if visible, else an internal name. */
export function rowKey(def: ResourceQueryDef, key: string): string {
  return isVisibleField(def, key) ? key : `${INTERNAL_PREFIX}k_${key}`;
}

export function visibleKeys(def: ResourceQueryDef): string[] {
  return Object.keys(def.fields).filter((key) => !def.fields[key].hidden);
}

/**
 * The select list: the given visible keys, plus any extra keys (relation keys) either
 * as visible columns or under their internal name.
 */
export function compileProjection(def: ResourceQueryDef, alias: string, keys: string[], extraKeys: string[] = []): SQL {
  const columns = new Map<string, SQL>(keys.map((key) => [key, fieldExpr(def.fields[key], alias)]));
  for (const key of extraKeys) {
    const name = rowKey(def, key);
    if (columns.has(name)) continue;
    columns.set(name, isVisibleField(def, key) ? fieldExpr(def.fields[key], alias) : columnRef(alias, keyColumn(def, key)));
  }
  return sql.join(
    [...columns].map(([name, expr]) => sql`${expr} AS ${sql.identifier(name)}`),
    sql`, `,
  );
}

function direction(dir: 'asc' | 'desc'): SQL {
  return dir === 'desc' ? sql`DESC` : sql`ASC`;
}

/** Sort in the given order, then by id so that pages never overlap or skip rows. */
export function compileOrderBy(def: ResourceQueryDef, alias: string, sort: ParsedSort[]): SQL {
  const items = sort.length > 0 ? sort : (def.defaultSort ?? []);
  const parts = items.map((s) => sql`${columnRef(alias, keyColumn(def, s.key))} ${direction(s.direction)}`);
  if (!items.some((s) => s.key === 'id')) parts.push(sql`${columnRef(alias, keyColumn(def, 'id'))} ASC`);
  return sql.join(parts, sql`, `);
}

/**
 * Whether the caller pinned the row under `alias` (resources with a `pinType`, callers
 * with a user id), else null: no `pinned` column and no pin ordering.
 */
export function pinnedExpr(def: ResourceQueryDef, alias: string, scope: QueryScope): SQL | null {
  if (!def.pinType || scope.userId == null) return null;
  return sql`EXISTS (SELECT 1 FROM "pins" AS "pin" WHERE "pin"."user_id" = ${scope.userId} AND "pin"."pinnable_type" = ${def.pinType} AND "pin"."pinnable_id" = ${columnRef(alias, keyColumn(def, 'id'))})`;
}

/** Keys of the listed rows that includes and load need to find related rows. */
export function relationKeys(def: ResourceQueryDef, relations: string[]): string[] {
  return [...new Set(relations.map((name) => def.relations![name].localKey))];
}

export function compileWhere(def: ResourceQueryDef, query: ParsedQuery, scope: QueryScope, extra: SQL[] = []): SQL {
  const search = compileSearch(def, ROOT_ALIAS, query.input);
  return andAll([
    ...compileScope(def, ROOT_ALIAS, scope),
    ...compileFilterGroups(query.filterGroups, ROOT_ALIAS),
    ...(search ? [search] : []),
    ...query.wherehas.map((item, i) => compileWhereHas(def, ROOT_ALIAS, item, scope, `w${i}`)),
    ...extra,
  ]);
}

export interface CompiledList {
  statement: SQL;
  /** COUNT statement, only when `with_total` asked for it. */
  total: SQL | null;
  /** Rows to return; the statement fetches one more to compute has_more. */
  pageSize: number;
}

function compileGrouped(def: ResourceQueryDef, query: ParsedQuery, from: SQL, where: SQL, pageSize: number): CompiledList {
  const groupBy = query.groupBy!;
  const columns = groupBy.map((key) => columnRef(ROOT_ALIAS, def.fields[key].column));
  const projection = groupBy.map((key) => sql`${fieldExpr(def.fields[key], ROOT_ALIAS)} AS ${sql.identifier(key)}`);
  const order = query.sort.map((s) =>
    groupBy.includes(s.key) ? sql`${columnRef(ROOT_ALIAS, def.fields[s.key].column)} ${direction(s.direction)}` : sql`count(*) ${direction(s.direction)}`,
  );
  order.push(...groupBy.filter((key) => !query.sort.some((s) => s.key === key)).map((key) => sql`${columnRef(ROOT_ALIAS, def.fields[key].column)} ASC`));
  const grouping = sql.join(columns, sql`, `);
  return {
    statement: sql`SELECT ${sql.join(projection, sql`, `)}, count(*)::int AS "count" FROM ${from} WHERE ${where} GROUP BY ${grouping} ORDER BY ${sql.join(order, sql`, `)} LIMIT ${pageSize + 1} OFFSET ${query.start}`,
    total: query.withTotal ? sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM ${from} WHERE ${where} GROUP BY ${grouping}) AS g` : null,
    pageSize,
  };
}

/** Rows a list returns per page; its statement fetches one more to compute has_more. */
export function listPageSize(query: ParsedQuery): number {
  return query.limit ?? MAX_LIST_LIMIT;
}

/**
 * Builds the list statement (and the COUNT one when asked) of a parsed query; `extra`
 * conditions narrow it, `columns` (named `__…`, stripped before output) are selected
 * after the row's own.
 */
export function compileListQuery(def: ResourceQueryDef, query: ParsedQuery, scope: QueryScope, extra: SQL[] = [], columns: SQL[] = []): CompiledList {
  const from = sql`${sql.identifier(def.table)} AS ${sql.identifier(ROOT_ALIAS)}`;
  const where = compileWhere(def, query, scope, extra);
  const pageSize = listPageSize(query);
  if (query.groupBy) return compileGrouped(def, query, from, where, pageSize);
  const keys = query.select ? [...query.select] : visibleKeys(def);
  if (isVisibleField(def, 'id') && !keys.includes('id')) keys.unshift('id');
  const relations = [...query.includes.map((n) => n.relation), ...query.load.map((l) => l.relation)];
  const projection = compileProjection(def, ROOT_ALIAS, keys, relationKeys(def, relations));
  // The caller's pinned rows come first (section 6: pinned items show first in lists).
  const pinned = pinnedExpr(def, ROOT_ALIAS, scope);
  const own = pinned ? sql`${projection}, ${pinned} AS "pinned"` : projection;
  const select = columns.length > 0 ? sql.join([own, ...columns], sql`, `) : own;
  const order = compileOrderBy(def, ROOT_ALIAS, query.sort);
  return {
    statement: sql`SELECT ${select} FROM ${from} WHERE ${where} ORDER BY ${pinned ? sql`${pinned} DESC, ${order}` : order} LIMIT ${pageSize + 1} OFFSET ${query.start}`,
    total: query.withTotal ? sql`SELECT count(*)::int AS total FROM ${from} WHERE ${where}` : null,
    pageSize,
  };
}
