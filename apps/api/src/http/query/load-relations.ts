import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { andAll, columnRef, compileFilterGroups, compileScope, keyColumn } from './compile-filters';
import { compileOrderBy, compileProjection, INTERNAL_PREFIX, relationKeys, rowKey, visibleKeys } from './compile';
import type { IncludeNode, ParsedFilterGroup, ParsedLoad } from './parsed-query';
import type { QueryScope, RelationDef, ResourceQueryDef } from './resource-def';
import { normalizeRows, type Row, stripInternalKeys } from './rows';

/**
 * Eager loading of `includes` and `load`: one statement per relation and level, over
 * all parent keys at once (`= ANY($1)`, a single array parameter however many parents),
 * so a page of 1000 rows with nested includes costs a handful of queries, never N+1.
 */
const RELATED_ALIAS = 'r';
const FK = `${INTERNAL_PREFIX}fk`;
const RN = `${INTERNAL_PREFIX}rn`;

function distinctKeys(rows: Row[], key: string): unknown[] {
  const seen = new Map<string, unknown>();
  for (const row of rows) {
    const value = row[key];
    if (value !== null && value !== undefined) seen.set(String(value), value);
  }
  return [...seen.values()];
}

function groupByParent(rows: Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = String(row[FK]);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** Conditions every related-row statement shares: the parent keys, tenant scope, filters. */
function relatedWhere(
  target: ResourceQueryDef,
  relation: RelationDef,
  keys: unknown[],
  scope: QueryScope,
  filterGroups: ParsedFilterGroup[],
): { fk: SQL; where: SQL } {
  const fk = columnRef(RELATED_ALIAS, keyColumn(target, relation.foreignKey));
  const where = andAll([
    sql`${fk} = ANY(${sql.param(keys)})`,
    ...compileScope(target, RELATED_ALIAS, scope),
    ...compileFilterGroups(filterGroups, RELATED_ALIAS),
  ]);
  return { fk, where };
}

async function fetchIncluded(db: Database, target: ResourceQueryDef, relation: RelationDef, node: IncludeNode, keys: unknown[], scope: QueryScope) {
  const { fk, where } = relatedWhere(target, relation, keys, scope, node.filterGroups);
  // `rel:ids` alone needs only the ids; nested includes need their own relation keys.
  const childKeys = relationKeys(target, node.children.map((c) => c.relation));
  const projection = compileProjection(target, RELATED_ALIAS, node.embed ? visibleKeys(target) : [], ['id', ...childKeys]);
  const table = sql`${sql.identifier(target.table)} AS ${sql.identifier(RELATED_ALIAS)}`;
  const rows = await db.rows<Row>(
    sql`SELECT ${projection}, ${fk} AS ${sql.identifier(FK)} FROM ${table} WHERE ${where} ORDER BY ${compileOrderBy(target, RELATED_ALIAS, [])}`,
  );
  return normalizeRows(target, rows);
}

async function attachInclude(db: Database, def: ResourceQueryDef, rows: Row[], node: IncludeNode, scope: QueryScope) {
  const relation = def.relations![node.relation];
  const target = relation.target();
  const parentKey = rowKey(def, relation.localKey);
  const keys = distinctKeys(rows, parentKey);
  const related = keys.length > 0 ? await fetchIncluded(db, target, relation, node, keys, scope) : [];
  await attachIncludes(db, target, related, node.children, scope);
  const byParent = groupByParent(related);
  const idKey = rowKey(target, 'id');
  for (const row of rows) {
    const matched = row[parentKey] == null ? [] : (byParent.get(String(row[parentKey])) ?? []);
    if (relation.kind === 'belongsTo') {
      if (node.embed) row[node.relation] = matched[0] ?? null;
      if (node.ids) row[`${node.relation}_ids`] = matched[0]?.[idKey] ?? null;
    } else {
      if (node.embed) row[node.relation] = matched;
      if (node.ids) row[`${node.relation}_ids`] = matched.map((m) => m[idKey]);
    }
  }
  stripInternalKeys(related);
}

/** Adds the included relations to `rows` (mutating them), level by level. */
export async function attachIncludes(db: Database, def: ResourceQueryDef, rows: Row[], nodes: IncludeNode[], scope: QueryScope) {
  if (rows.length === 0) return;
  for (const node of nodes) await attachInclude(db, def, rows, node, scope);
}

/**
 * `load`: the first N related rows per parent, ranked by a window function so that the
 * limit applies per parent in one statement.
 */
async function attachLoad(db: Database, def: ResourceQueryDef, rows: Row[], load: ParsedLoad, scope: QueryScope) {
  const relation = def.relations![load.relation];
  const target = relation.target();
  const parentKey = rowKey(def, relation.localKey);
  const keys = distinctKeys(rows, parentKey);
  let related: Row[] = [];
  if (keys.length > 0) {
    const { fk, where } = relatedWhere(target, relation, keys, scope, load.filterGroups);
    const dir = load.direction === 'desc' ? sql`DESC` : sql`ASC`;
    const order = [sql`${columnRef(RELATED_ALIAS, keyColumn(target, load.key))} ${dir}`];
    if (load.key !== 'id') order.push(sql`${columnRef(RELATED_ALIAS, keyColumn(target, 'id'))} ${dir}`);
    const projection = compileProjection(target, RELATED_ALIAS, visibleKeys(target));
    const table = sql`${sql.identifier(target.table)} AS ${sql.identifier(RELATED_ALIAS)}`;
    const ranked = sql`SELECT ${projection}, ${fk} AS ${sql.identifier(FK)}, row_number() OVER (PARTITION BY ${fk} ORDER BY ${sql.join(order, sql`, `)}) AS ${sql.identifier(RN)} FROM ${table} WHERE ${where}`;
    const s = sql.identifier('s');
    related = normalizeRows(
      target,
      await db.rows<Row>(sql`SELECT * FROM (${ranked}) AS ${s} WHERE ${s}.${sql.identifier(RN)} <= ${load.limit} ORDER BY ${s}.${sql.identifier(FK)}, ${s}.${sql.identifier(RN)}`),
    );
  }
  const byParent = groupByParent(related);
  for (const row of rows) {
    row[load.relation] = row[parentKey] == null ? [] : (byParent.get(String(row[parentKey])) ?? []);
  }
  stripInternalKeys(related);
}

export async function attachLoads(db: Database, def: ResourceQueryDef, rows: Row[], loads: ParsedLoad[], scope: QueryScope) {
  if (rows.length === 0) return;
  for (const load of loads) await attachLoad(db, def, rows, load, scope);
}
