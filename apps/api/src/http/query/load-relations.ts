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
 *
 * Has-many rows are capped per parent in SQL, like `load`: a window function ranks the
 * children of each parent and the statement returns at most the cap plus one; that
 * extra row only sets `<relation>_has_more` (as the list's own `meta.has_more`) and is
 * dropped before nested levels run.
 */
const RELATED_ALIAS = 'r';
const FK = `${INTERNAL_PREFIX}fk`;
const RN = `${INTERNAL_PREFIX}rn`;

/**
 * Most rows a has-many include embeds (or lists under `:ids`) per parent unless its
 * relation sets `maxPerParent`: a survey with 100,000 participations must not put them
 * all in one response. `load` (up to MAX_LIST_LIMIT, any order) or the related
 * resource's own list reach the rest.
 */
export const MAX_INCLUDED_PER_PARENT = 100;

function distinctKeys(rows: Row[], key: string): unknown[] {
  const seen = new Map<string, unknown>();
  for (const row of rows) {
    const value = row[key];
    if (value !== null && value !== undefined) seen.set(String(value), value);
  }
  return [...seen.values()];
}

interface PerParent {
  /** Rows to attach, per parent key, in rank order. */
  byParent: Map<string, Row[]>;
  /** Every kept row (the parents of the next include level). */
  kept: Row[];
  /** Parents that have more rows than were kept. */
  cut: Set<string>;
}

/** Groups ranked rows (`limit` + 1 at most per parent) by parent, keeping `limit` each. */
function keepPerParent(rows: Row[], limit: number): PerParent {
  const result: PerParent = { byParent: new Map(), kept: [], cut: new Set() };
  for (const row of rows) {
    const key = String(row[FK]);
    if (Number(row[RN]) > limit) {
      result.cut.add(key);
      continue;
    }
    result.kept.push(row);
    const list = result.byParent.get(key);
    if (list) list.push(row);
    else result.byParent.set(key, [row]);
  }
  return result;
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

interface RankedFetch {
  target: ResourceQueryDef;
  relation: RelationDef;
  keys: unknown[];
  scope: QueryScope;
  filterGroups: ParsedFilterGroup[];
  projection: SQL;
  /** The order of the children within a parent; must end on a unique key. */
  order: SQL;
  /** Rows kept per parent; one more is fetched to tell whether there are more. */
  limit: number;
}

/** The first `limit` + 1 related rows of each parent, ranked in one statement. */
async function fetchRanked(db: Database, f: RankedFetch): Promise<Row[]> {
  const { fk, where } = relatedWhere(f.target, f.relation, f.keys, f.scope, f.filterGroups);
  const table = sql`${sql.identifier(f.target.table)} AS ${sql.identifier(RELATED_ALIAS)}`;
  const rank = sql`(row_number() OVER (PARTITION BY ${fk} ORDER BY ${f.order}))::int`;
  const ranked = sql`SELECT ${f.projection}, ${fk} AS ${sql.identifier(FK)}, ${rank} AS ${sql.identifier(RN)} FROM ${table} WHERE ${where}`;
  const s = sql.identifier('s');
  return normalizeRows(
    f.target,
    await db.rows<Row>(sql`SELECT * FROM (${ranked}) AS ${s} WHERE ${s}.${sql.identifier(RN)} <= ${f.limit + 1} ORDER BY ${s}.${sql.identifier(FK)}, ${s}.${sql.identifier(RN)}`),
  );
}

/** A belongsTo include: at most one row per parent, so nothing to rank or cap. */
async function fetchBelongsTo(db: Database, target: ResourceQueryDef, relation: RelationDef, node: IncludeNode, keys: unknown[], scope: QueryScope, projection: SQL) {
  const { fk, where } = relatedWhere(target, relation, keys, scope, node.filterGroups);
  const table = sql`${sql.identifier(target.table)} AS ${sql.identifier(RELATED_ALIAS)}`;
  return normalizeRows(target, await db.rows<Row>(sql`SELECT ${projection}, ${fk} AS ${sql.identifier(FK)} FROM ${table} WHERE ${where}`));
}

async function fetchIncluded(db: Database, target: ResourceQueryDef, relation: RelationDef, node: IncludeNode, keys: unknown[], scope: QueryScope): Promise<PerParent> {
  // `rel:ids` alone needs only the ids; nested includes need their own relation keys.
  const childKeys = relationKeys(target, node.children.map((c) => c.relation));
  const projection = compileProjection(target, RELATED_ALIAS, node.embed ? visibleKeys(target) : [], ['id', ...childKeys]);
  if (relation.kind === 'belongsTo') {
    // Unranked rows (no rank column) are all kept.
    return keepPerParent(await fetchBelongsTo(db, target, relation, node, keys, scope, projection), Number.POSITIVE_INFINITY);
  }
  const limit = relation.maxPerParent ?? MAX_INCLUDED_PER_PARENT;
  const order = compileOrderBy(target, RELATED_ALIAS, []);
  const rows = await fetchRanked(db, { target, relation, keys, scope, filterGroups: node.filterGroups, projection, order, limit });
  return keepPerParent(rows, limit);
}

async function attachInclude(db: Database, def: ResourceQueryDef, rows: Row[], node: IncludeNode, scope: QueryScope) {
  const relation = def.relations![node.relation];
  const target = relation.target();
  const parentKey = rowKey(def, relation.localKey);
  const keys = distinctKeys(rows, parentKey);
  const { byParent, kept, cut } = keys.length > 0 ? await fetchIncluded(db, target, relation, node, keys, scope) : keepPerParent([], 0);
  await attachIncludes(db, target, kept, node.children, scope);
  const idKey = rowKey(target, 'id');
  for (const row of rows) {
    const parent = row[parentKey] == null ? null : String(row[parentKey]);
    const matched = parent === null ? [] : (byParent.get(parent) ?? []);
    if (relation.kind === 'belongsTo') {
      if (node.embed) row[node.relation] = matched[0] ?? null;
      if (node.ids) row[`${node.relation}_ids`] = matched[0]?.[idKey] ?? null;
    } else {
      if (node.embed) row[node.relation] = matched;
      if (node.ids) row[`${node.relation}_ids`] = matched.map((m) => m[idKey]);
      row[`${node.relation}_has_more`] = parent !== null && cut.has(parent);
    }
  }
  stripInternalKeys(kept);
}

/** Adds the included relations to `rows` (mutating them), level by level. */
export async function attachIncludes(db: Database, def: ResourceQueryDef, rows: Row[], nodes: IncludeNode[], scope: QueryScope) {
  if (rows.length === 0) return;
  for (const node of nodes) await attachInclude(db, def, rows, node, scope);
}

/**
 * `load`: the first N related rows per parent by the requested key, ranked like the
 * has-many includes, with the same `<relation>_has_more`.
 */
async function attachLoad(db: Database, def: ResourceQueryDef, rows: Row[], load: ParsedLoad, scope: QueryScope) {
  const relation = def.relations![load.relation];
  const target = relation.target();
  const parentKey = rowKey(def, relation.localKey);
  const keys = distinctKeys(rows, parentKey);
  let perParent = keepPerParent([], 0);
  if (keys.length > 0) {
    const dir = load.direction === 'desc' ? sql`DESC` : sql`ASC`;
    const order = [sql`${columnRef(RELATED_ALIAS, keyColumn(target, load.key))} ${dir}`];
    if (load.key !== 'id') order.push(sql`${columnRef(RELATED_ALIAS, keyColumn(target, 'id'))} ${dir}`);
    const projection = compileProjection(target, RELATED_ALIAS, visibleKeys(target));
    const fetched = await fetchRanked(db, {
      target,
      relation,
      keys,
      scope,
      filterGroups: load.filterGroups,
      projection,
      order: sql.join(order, sql`, `),
      limit: load.limit,
    });
    perParent = keepPerParent(fetched, load.limit);
  }
  for (const row of rows) {
    const parent = row[parentKey] == null ? null : String(row[parentKey]);
    row[load.relation] = parent === null ? [] : (perParent.byParent.get(parent) ?? []);
    row[`${load.relation}_has_more`] = parent !== null && perParent.cut.has(parent);
  }
  stripInternalKeys(perParent.kept);
}

export async function attachLoads(db: Database, def: ResourceQueryDef, rows: Row[], loads: ParsedLoad[], scope: QueryScope) {
  if (rows.length === 0) return;
  for (const load of loads) await attachLoad(db, def, rows, load, scope);
}
