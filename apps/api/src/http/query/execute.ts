import type { ListMeta } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../errors';
import { columnRef, keyColumn } from './compile-filters';
import { type CompiledList, compileListQuery, listPageSize, ROOT_ALIAS } from './compile';
import { attachIncludes, attachLoads, inlineIncludeColumns } from './load-relations';
import type { IncludeNode, ParsedQuery } from './parsed-query';
import { resolveIncludes } from './parse-relations';
import { coerceFieldValue } from './parse-values';
import type { QueryScope, ResourceQueryDef } from './resource-def';
import { normalizeRows, type Row, stripInternalKeys } from './rows';
import { freshStatements, type Statements } from './statements';

export interface ListResult {
  rows: Row[];
  meta: ListMeta;
}

/**
 * Runs a parsed list query: one statement for the page (one extra row tells has_more),
 * COUNT only when `with_total` asked for it, then the relations in batches. `statements`
 * are built for this call unless a list plan keeps them (list-plans.ts).
 */
export async function runListQuery(
  db: Database,
  def: ResourceQueryDef,
  query: ParsedQuery,
  scope: QueryScope,
  statements: Statements = freshStatements(db),
): Promise<ListResult> {
  let compiled: CompiledList | null = null;
  const inline = () => (query.groupBy ? [] : inlineIncludeColumns(def, query.includes, scope, ROOT_ALIAS));
  const compile = () => (compiled ??= compileListQuery(def, query, scope, [], inline()));
  const pageSize = listPageSize(query);
  const fetched = await statements.rows<Row>('list', () => compile().statement);
  const rows = normalizeRows(def, fetched.slice(0, pageSize));
  if (!query.groupBy) {
    await attachIncludes(statements, def, rows, query.includes, scope);
    await attachLoads(statements, def, rows, query.load, scope);
    stripInternalKeys(rows);
  }
  const meta: ListMeta = { limit: query.limit, page: query.page, start: query.start, has_more: fetched.length > pageSize };
  if (query.withTotal) {
    const [row] = await statements.rows<{ total: number | string }>('total', () => compile().total!);
    meta.total = Number(row.total);
  }
  return { rows, meta };
}

function emptyQuery(): ParsedQuery {
  return {
    filterGroups: [],
    includes: [],
    sort: [],
    limit: 1,
    page: null,
    start: 0,
    select: null,
    groupBy: null,
    load: [],
    wherehas: [],
    withTotal: false,
    input: null,
  };
}

/**
 * One row by id within the caller's scope, with optional `includes` (raw, as in lists, or
 * already parsed); null when absent, malformed or another company's (callers answer 404).
 */
export async function getOne(
  db: Database,
  def: ResourceQueryDef,
  id: unknown,
  scope: QueryScope,
  includes?: IncludeNode[] | string[] | string,
): Promise<Row | null> {
  const idField = Object.hasOwn(def.fields, 'id') ? def.fields.id : { column: 'id', type: 'integer' as const };
  let value: ReturnType<typeof coerceFieldValue>;
  try {
    value = coerceFieldValue(id, idField, 'id');
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const query = { ...emptyQuery(), includes: resolveIncludes(includes, def) };
  const byId = sql`${columnRef(ROOT_ALIAS, keyColumn(def, 'id'))} = ${value}`;
  const [row] = normalizeRows(def, await db.rows<Row>(compileListQuery(def, query, scope, [byId], inlineIncludeColumns(def, query.includes, scope, ROOT_ALIAS)).statement));
  if (!row) return null;
  await attachIncludes(freshStatements(db), def, [row], query.includes, scope);
  stripInternalKeys([row]);
  return row;
}
