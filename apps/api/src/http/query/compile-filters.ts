import { type SQL, sql } from 'drizzle-orm';
import type { ParsedFilter, ParsedFilterGroup, Scalar } from './parsed-query';
import type { QueryScope, ResourceQueryDef } from './resource-def';

/**
 * SQL for filters, search and tenant scope. Identifiers only ever come from a resource
 * definition (through sql.identifier); values are always bind parameters.
 */
export function columnRef(alias: string, column: string): SQL {
  return sql`${sql.identifier(alias)}.${sql.identifier(column)}`;
}

/** SQL column of a key: the field's column, or the key itself for internal keys (company_id...). */
export function keyColumn(def: ResourceQueryDef, key: string): string {
  return Object.hasOwn(def.fields, key) ? def.fields[key].column : key;
}

export function andAll(conditions: SQL[]): SQL {
  return conditions.length === 0 ? sql`TRUE` : sql.join(conditions.map((c) => sql`(${c})`), sql` AND `);
}

function orAll(conditions: SQL[]): SQL {
  return conditions.length === 0 ? sql`FALSE` : sql.join(conditions.map((c) => sql`(${c})`), sql` OR `);
}

/** LIKE pattern with `\`, `%` and `_` taken literally (backslash is LIKE's default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * Accent- and case-insensitive match on the text form of a column. `f_unaccent` already
 * lowers both sides, so a plain LIKE matches what ILIKE would: ILIKE lowered the row's text
 * and the pattern once more for every row, the larger part of the filter's cost (issue 18,
 * docs/PERFORMANCE.md). Backslash stays LIKE's escape, as `escapeLike` expects.
 */
export function unaccentLike(column: SQL, pattern: string): SQL {
  return sql`f_unaccent(${column}::text) LIKE f_unaccent(${pattern}::text)`;
}

const COMPARATORS = { eq: sql`=`, gt: sql`>`, gte: sql`>=`, lt: sql`<`, lte: sql`<=` } as const;

function compileScalar(column: SQL, operator: ParsedFilter['operator'], value: Scalar): SQL {
  switch (operator) {
    case 'ct':
      return unaccentLike(column, `%${escapeLike(String(value))}%`);
    case 'sw':
      return unaccentLike(column, `${escapeLike(String(value))}%`);
    case 'ew':
      return unaccentLike(column, `%${escapeLike(String(value))}`);
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return sql`${column} ${COMPARATORS[operator]} ${value}`;
    default:
      // `in` and `bt` with a single scalar were normalised at parse time; eq remains.
      return sql`${column} = ${value}`;
  }
}

function compilePositive(filter: ParsedFilter, column: SQL): SQL {
  const { value } = filter;
  switch (value.kind) {
    case 'null':
      return sql`${column} IS NULL`;
    case 'range':
      return sql`${column} BETWEEN ${value.from} AND ${value.to}`;
    case 'list': {
      const parts: SQL[] = [];
      if (value.values.length > 0) parts.push(sql`${column} IN (${sql.join(value.values.map((v) => sql`${v}`), sql`, `)})`);
      if (value.withNull) parts.push(sql`${column} IS NULL`);
      return orAll(parts);
    }
    default:
      return compileScalar(column, filter.operator, value.value);
  }
}

/**
 * `not` is the logical negation: a row matches `not f` exactly when it does not match
 * `f`, so a NULL column (where `f` is unknown) matches the negated filter.
 */
export function compileFilter(filter: ParsedFilter, alias: string): SQL {
  const condition = compilePositive(filter, columnRef(alias, filter.field.column));
  return filter.not ? sql`NOT COALESCE((${condition}), FALSE)` : condition;
}

/** Groups are ANDed; filters inside a group are ORed when `or`, else ANDed. */
export function compileFilterGroups(groups: ParsedFilterGroup[], alias: string): SQL[] {
  return groups.map((group) => {
    const conditions = group.filters.map((f) => compileFilter(f, alias));
    return group.or ? orAll(conditions) : andAll(conditions);
  });
}

/** The `input` of POST {r}/search: a substring of any searchable field. */
export function compileSearch(def: ResourceQueryDef, alias: string, input: string | null): SQL | null {
  if (input === null) return null;
  const pattern = `%${escapeLike(input)}%`;
  const fields = def.searchable.filter((key) => Object.hasOwn(def.fields, key));
  if (fields.length === 0) return null;
  return orAll(fields.map((key) => unaccentLike(columnRef(alias, def.fields[key].column), pattern)));
}

/**
 * Tenant scope, soft delete and the definition's own row filter, applied wherever its
 * rows are read (lists, includes, load, wherehas), so that no path reaches another
 * company's rows, nor rows the definition keeps out.
 */
export function compileScope(def: ResourceQueryDef, alias: string, scope: QueryScope): SQL[] {
  const conditions: SQL[] = [];
  const companyId = columnRef(alias, 'company_id');
  if (def.scope === 'company') {
    conditions.push(scope.companyId === null ? sql`FALSE` : sql`${companyId} = ${scope.companyId}`);
  } else if (def.scope === 'companyOrGlobal') {
    conditions.push(
      scope.companyId === null ? sql`${companyId} IS NULL` : sql`(${companyId} = ${scope.companyId} OR ${companyId} IS NULL)`,
    );
  }
  if (def.softDelete) conditions.push(sql`${columnRef(alias, 'deleted_at')} IS NULL`);
  if (def.rowFilter) conditions.push(def.rowFilter(alias));
  return conditions;
}
