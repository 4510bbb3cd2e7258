import { type SQL, sql } from 'drizzle-orm';
import { andAll, columnRef, compileFilterGroups, compileScope, keyColumn } from './compile-filters';
import { compileOrderBy, compileProjection, INTERNAL_PREFIX, relationKeys, rowKey, visibleKeys } from './compile';
import type { IncludeNode, ParsedFilterGroup, ParsedLoad } from './parsed-query';
import type { QueryScope, RelationDef, ResourceQueryDef } from './resource-def';
import { normalizeRows, type Row, stripInternalKeys } from './rows';
import type { Statements, ValueSlot } from './statements';

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

/** The parent keys of a related-row statement, the one value that changes from run to run. */
const KEYS = 'keys';

/** Conditions every related-row statement shares: the parent keys, tenant scope, filters. */
function relatedWhere(
  target: ResourceQueryDef,
  relation: RelationDef,
  slot: ValueSlot,
  scope: QueryScope,
  filterGroups: ParsedFilterGroup[],
): { fk: SQL; where: SQL } {
  const fk = columnRef(RELATED_ALIAS, keyColumn(target, relation.foreignKey));
  const where = andAll([
    sql`${fk} = ANY(${slot(KEYS)})`,
    ...compileScope(target, RELATED_ALIAS, scope),
    ...compileFilterGroups(filterGroups, RELATED_ALIAS),
  ]);
  return { fk, where };
}

interface RankedFetch {
  target: ResourceQueryDef;
  relation: RelationDef;
  scope: QueryScope;
  filterGroups: ParsedFilterGroup[];
  projection: SQL;
  /** The order of the children within a parent; must end on a unique key. */
  order: SQL;
  /** Rows kept per parent; one more is fetched to tell whether there are more. */
  limit: number;
}

/** The first `limit` + 1 related rows of each parent, ranked in one statement. */
function rankedStatement(f: RankedFetch, slot: ValueSlot): SQL {
  const { fk, where } = relatedWhere(f.target, f.relation, slot, f.scope, f.filterGroups);
  const table = sql`${sql.identifier(f.target.table)} AS ${sql.identifier(RELATED_ALIAS)}`;
  const rank = sql`(row_number() OVER (PARTITION BY ${fk} ORDER BY ${f.order}))::int`;
  const ranked = sql`SELECT ${f.projection}, ${fk} AS ${sql.identifier(FK)}, ${rank} AS ${sql.identifier(RN)} FROM ${table} WHERE ${where}`;
  const s = sql.identifier('s');
  return sql`SELECT * FROM (${ranked}) AS ${s} WHERE ${s}.${sql.identifier(RN)} <= ${f.limit + 1} ORDER BY ${s}.${sql.identifier(FK)}, ${s}.${sql.identifier(RN)}`;
}

/** The columns of included rows: `rel:ids` alone needs only the ids; nested includes need their own relation keys. */
function includeProjection(target: ResourceQueryDef, node: IncludeNode): SQL {
  const childKeys = relationKeys(target, node.children.map((c) => c.relation));
  return compileProjection(target, RELATED_ALIAS, node.embed ? visibleKeys(target) : [], ['id', ...childKeys]);
}

/** A belongsTo include: at most one row per parent, so nothing to rank or cap. */
function belongsToStatement(target: ResourceQueryDef, relation: RelationDef, node: IncludeNode, scope: QueryScope, slot: ValueSlot): SQL {
  const { fk, where } = relatedWhere(target, relation, slot, scope, node.filterGroups);
  const table = sql`${sql.identifier(target.table)} AS ${sql.identifier(RELATED_ALIAS)}`;
  return sql`SELECT ${includeProjection(target, node)}, ${fk} AS ${sql.identifier(FK)} FROM ${table} WHERE ${where}`;
}

function hasManyStatement(target: ResourceQueryDef, relation: RelationDef, node: IncludeNode, scope: QueryScope, slot: ValueSlot): SQL {
  const projection = includeProjection(target, node);
  const limit = relation.maxPerParent ?? MAX_INCLUDED_PER_PARENT;
  const order = compileOrderBy(target, RELATED_ALIAS, []);
  return rankedStatement({ target, relation, scope, filterGroups: node.filterGroups, projection, order, limit }, slot);
}

async function fetchIncluded(statements: Statements, target: ResourceQueryDef, relation: RelationDef, node: IncludeNode, keys: unknown[], scope: QueryScope): Promise<PerParent> {
  if (relation.kind === 'belongsTo') {
    const rows = await statements.rows<Row>(node, (slot) => belongsToStatement(target, relation, node, scope, slot), { [KEYS]: keys });
    // Unranked rows (no rank column) are all kept.
    return keepPerParent(normalizeRows(target, rows), Number.POSITIVE_INFINITY);
  }
  const rows = await statements.rows<Row>(node, (slot) => hasManyStatement(target, relation, node, scope, slot), { [KEYS]: keys });
  return keepPerParent(normalizeRows(target, rows), relation.maxPerParent ?? MAX_INCLUDED_PER_PARENT);
}

/**
 * A belongsTo include without nested includes comes with the list's own statement (one
 * round trip instead of two): its row as a JSON column `__inc_<relation>` of each listed
 * row, by a correlated subquery under the same scope and filters as the batch statement.
 */
function isInline(def: ResourceQueryDef, node: IncludeNode): boolean {
  return def.relations![node.relation].kind === 'belongsTo' && node.children.length === 0;
}

function inlineKey(node: IncludeNode): string {
  return `${INTERNAL_PREFIX}inc_${node.relation}`;
}

/** The columns that bring the inline includes of a list (see `isInline`); `rootAlias` is the listed table's. */
export function inlineIncludeColumns(def: ResourceQueryDef, nodes: IncludeNode[], scope: QueryScope, rootAlias: string): SQL[] {
  return nodes
    .filter((node) => isInline(def, node))
    .map((node) => {
      const relation = def.relations![node.relation];
      const target = relation.target();
      const fk = columnRef(RELATED_ALIAS, keyColumn(target, relation.foreignKey));
      const where = andAll([
        sql`${fk} = ${columnRef(rootAlias, keyColumn(def, relation.localKey))}`,
        ...compileScope(target, RELATED_ALIAS, scope),
        ...compileFilterGroups(node.filterGroups, RELATED_ALIAS),
      ]);
      const table = sql`${sql.identifier(target.table)} AS ${sql.identifier(RELATED_ALIAS)}`;
      const x = sql.identifier('x');
      const one = sql`SELECT ${includeProjection(target, node)} FROM ${table} WHERE ${where} LIMIT 1`;
      return sql`(SELECT row_to_json(${x}) FROM (${one}) AS ${x}) AS ${sql.identifier(inlineKey(node))}`;
    });
}

/** The related rows of an inline include, per parent key, read off the listed rows. */
function inlineIncluded(target: ResourceQueryDef, node: IncludeNode, rows: Row[], parentKey: string): PerParent {
  const key = inlineKey(node);
  const result: PerParent = { byParent: new Map(), kept: [], cut: new Set() };
  for (const row of rows) {
    const related = row[key] as Row | null;
    if (related == null || row[parentKey] == null) continue;
    result.kept.push(related);
    result.byParent.set(String(row[parentKey]), [related]);
  }
  normalizeRows(target, result.kept);
  return result;
}

async function attachInclude(statements: Statements, def: ResourceQueryDef, rows: Row[], node: IncludeNode, scope: QueryScope) {
  const relation = def.relations![node.relation];
  const target = relation.target();
  const parentKey = rowKey(def, relation.localKey);
  // Rows of the list's statement carry their inline includes; rows of a batch statement
  // (a nested level) never do.
  const inline = isInline(def, node) && Object.hasOwn(rows[0], inlineKey(node));
  const keys = inline ? [] : distinctKeys(rows, parentKey);
  const { byParent, kept, cut } = inline
    ? inlineIncluded(target, node, rows, parentKey)
    : keys.length > 0
      ? await fetchIncluded(statements, target, relation, node, keys, scope)
      : keepPerParent([], 0);
  await attachIncludes(statements, target, kept, node.children, scope);
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
export async function attachIncludes(statements: Statements, def: ResourceQueryDef, rows: Row[], nodes: IncludeNode[], scope: QueryScope) {
  if (rows.length === 0) return;
  for (const node of nodes) await attachInclude(statements, def, rows, node, scope);
}

/**
 * `load`: the first N related rows per parent by the requested key, ranked like the
 * has-many includes, with the same `<relation>_has_more`.
 */
async function attachLoad(statements: Statements, def: ResourceQueryDef, rows: Row[], load: ParsedLoad, scope: QueryScope) {
  const relation = def.relations![load.relation];
  const target = relation.target();
  const parentKey = rowKey(def, relation.localKey);
  const keys = distinctKeys(rows, parentKey);
  let perParent = keepPerParent([], 0);
  if (keys.length > 0) {
    const build = (slot: ValueSlot) => {
      const dir = load.direction === 'desc' ? sql`DESC` : sql`ASC`;
      const order = [sql`${columnRef(RELATED_ALIAS, keyColumn(target, load.key))} ${dir}`];
      if (load.key !== 'id') order.push(sql`${columnRef(RELATED_ALIAS, keyColumn(target, 'id'))} ${dir}`);
      const projection = compileProjection(target, RELATED_ALIAS, visibleKeys(target));
      const f = { target, relation, scope, filterGroups: load.filterGroups, projection, order: sql.join(order, sql`, `), limit: load.limit };
      return rankedStatement(f, slot);
    };
    const fetched = await statements.rows<Row>(load, build, { [KEYS]: keys });
    perParent = keepPerParent(normalizeRows(target, fetched), load.limit);
  }
  for (const row of rows) {
    const parent = row[parentKey] == null ? null : String(row[parentKey]);
    row[load.relation] = parent === null ? [] : (perParent.byParent.get(parent) ?? []);
    row[`${load.relation}_has_more`] = parent !== null && perParent.cut.has(parent);
  }
  stripInternalKeys(perParent.kept);
}

export async function attachLoads(statements: Statements, def: ResourceQueryDef, rows: Row[], loads: ParsedLoad[], scope: QueryScope) {
  if (rows.length === 0) return;
  for (const load of loads) await attachLoad(statements, def, rows, load, scope);
}
