import { type SQL, sql } from 'drizzle-orm';
import { andAll, columnRef, compileFilter, compileFilterGroups, compileScope, keyColumn } from './compile-filters';
import type { ParsedWhereHas } from './parsed-query';
import type { QueryScope, RelationDef, ResourceQueryDef } from './resource-def';

const COUNT_COMPARATORS = { eq: sql`=`, gt: sql`>`, gte: sql`>=`, lt: sql`<`, lte: sql`<=` } as const;

/**
 * The join condition of a relation: for both kinds, the related row's foreignKey equals
 * the parent's localKey (see RelationDef).
 */
export function compileRelationLink(
  parent: ResourceQueryDef,
  parentAlias: string,
  relation: RelationDef,
  target: ResourceQueryDef,
  targetAlias: string,
): SQL {
  return sql`${columnRef(targetAlias, keyColumn(target, relation.foreignKey))} = ${columnRef(parentAlias, keyColumn(parent, relation.localKey))}`;
}

/**
 * `wherehas` as a correlated subquery: EXISTS when a key (or nothing) is given, a
 * comparison of count(*) when only a value is. The related rows are tenant-scoped too,
 * so another company's rows can neither satisfy nor be counted by the condition.
 */
export function compileWhereHas(
  def: ResourceQueryDef,
  parentAlias: string,
  item: ParsedWhereHas,
  scope: QueryScope,
  alias: string,
): SQL {
  const relation = def.relations![item.relation];
  const target = relation.target();
  const conditions = [
    compileRelationLink(def, parentAlias, relation, target, alias),
    ...compileScope(target, alias, scope),
    ...compileFilterGroups(item.filterGroups, alias),
  ];
  if (item.filter) conditions.push(compileFilter(item.filter, alias));
  const from = sql`${sql.identifier(target.table)} AS ${sql.identifier(alias)} WHERE ${andAll(conditions)}`;
  const condition = item.count
    ? sql`(SELECT count(*) FROM ${from}) ${COUNT_COMPARATORS[item.count.operator]} ${item.count.value}`
    : sql`EXISTS (SELECT 1 FROM ${from})`;
  return item.not ? sql`NOT (${condition})` : condition;
}
