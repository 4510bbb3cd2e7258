import { MAX_LIST_LIMIT } from '@app/contracts';
import { badQuery } from './query.texts';
import type { IncludeNode, ParsedQuery, ParsedSort } from './parsed-query';
import { ParseBudget, parseFilterGroups } from './parse-filters';
import { parseDirection, parseIncludes, parseLoads, parseNameList, parseWhereHas } from './parse-relations';
import {
  describeValue,
  isBlank,
  isPlainObject,
  parseBoolean,
  parseInteger,
  readProp,
  requireFilterableField,
  requireList,
  requireVisibleField,
  toObject,
  toText,
} from './parse-values';
import type { ResourceQueryDef } from './resource-def';

/** Output column of a `group_by` query; also a valid sort key there. */
export const GROUP_COUNT_KEY = 'count';

function parseSort(raw: unknown, def: ResourceQueryDef, groupBy: string[] | null): ParsedSort[] {
  return requireList(raw, 'sort').map((rawItem) => {
    // `"name"` and `"-name"` are accepted as shorthands of `{ key, direction }`.
    const item =
      toObject(rawItem) ??
      (typeof rawItem === 'string'
        ? { key: rawItem.replace(/^-/, ''), direction: rawItem.startsWith('-') ? 'desc' : 'asc' }
        : null);
    if (!item) throw badQuery('invalid_query', 'invalidItem', { value: describeValue(rawItem), param: 'sort' });
    const rawKey = readProp(item, 'key');
    const direction = parseDirection(readProp(item, 'direction'), 'asc');
    if (groupBy) {
      if (rawKey === GROUP_COUNT_KEY || (typeof rawKey === 'string' && groupBy.includes(rawKey))) {
        return { key: rawKey as string, direction };
      }
      throw badQuery('unknown_key', 'sortKeyNotGrouped', { value: describeValue(rawKey) });
    }
    return { key: requireFilterableField(def, rawKey, 'sort').key, direction };
  });
}

function parseSelect(raw: unknown, def: ResourceQueryDef): string[] | null {
  const keys = parseNameList(raw, 'select');
  for (const key of keys) requireVisibleField(def, key);
  return keys.length > 0 ? keys : null;
}

function parseGroupBy(raw: unknown, def: ResourceQueryDef): string[] | null {
  const keys = parseNameList(raw, 'group_by').map((key) => requireFilterableField(def, key, 'group_by').key);
  return keys.length > 0 ? keys : null;
}

function parseInput(raw: unknown): string | null {
  if (isBlank(raw)) return null;
  const text = toText(raw, 'input').trim();
  return text === '' ? null : text;
}

/** Paging: `start` (raw offset) wins over `page`, which counts from 0 and needs `limit`. */
function parsePaging(obj: Record<string, unknown>) {
  const requested = parseInteger(readProp(obj, 'limit'), 'limit', 1);
  const limit = requested === null ? null : Math.min(requested, MAX_LIST_LIMIT);
  const start = parseInteger(readProp(obj, 'start'), 'start', 0);
  const page = parseInteger(readProp(obj, 'page'), 'page', 0);
  if (start !== null) return { limit, page: null, start };
  if (page !== null && limit === null) throw badQuery('invalid_query', 'pageNeedsLimit');
  const offset = (page ?? 0) * (limit ?? 0);
  if (!Number.isSafeInteger(offset)) throw badQuery('invalid_value', 'pageTooLarge');
  return { limit, page: limit === null ? null : (page ?? 0), start: offset };
}

/** wherehas[].load may ask for a relation that includes also names: one node, filtered. */
function mergeIncludes(roots: IncludeNode[], extra: IncludeNode[]): IncludeNode[] {
  for (const node of extra) {
    const existing = roots.find((n) => n.relation === node.relation);
    if (existing) {
      existing.embed = true;
      existing.filterGroups = node.filterGroups;
    } else roots.push(node);
  }
  return roots;
}

/**
 * Validates a query object (from qs or a JSON body) against a resource definition.
 * Throws only AppError 400s, with a French message naming the offending part.
 */
export function parseQueryObject(raw: unknown, def: ResourceQueryDef): ParsedQuery {
  if (!isBlank(raw) && !isPlainObject(raw)) throw badQuery('invalid_query', 'queryNotObject');
  const obj = (isPlainObject(raw) ? raw : {}) as Record<string, unknown>;
  const budget = new ParseBudget();
  const groupBy = parseGroupBy(readProp(obj, 'group_by'), def);
  const select = parseSelect(readProp(obj, 'select'), def);
  const includes = parseIncludes(readProp(obj, 'includes'), def);
  const load = parseLoads(readProp(obj, 'load'), def, budget);
  const wherehas = parseWhereHas(readProp(obj, 'wherehas'), def, budget);
  mergeIncludes(includes, wherehas.includes);
  for (const item of load) {
    if (includes.some((n) => n.relation === item.relation && n.embed)) {
      throw badQuery('invalid_query', 'includedAndLoaded', { relation: item.relation });
    }
  }
  if (groupBy) {
    const outside = (select ?? []).find((key) => !groupBy.includes(key));
    if (outside) throw badQuery('invalid_query', 'selectNotGrouped', { key: outside });
    if (includes.length > 0 || load.length > 0) {
      throw badQuery('invalid_query', 'includesWithGroupBy');
    }
  }
  return {
    filterGroups: parseFilterGroups(readProp(obj, 'filter_groups'), def, budget),
    includes,
    sort: parseSort(readProp(obj, 'sort'), def, groupBy),
    ...parsePaging(obj),
    select,
    groupBy,
    load,
    wherehas: wherehas.wherehas,
    withTotal: parseBoolean(readProp(obj, 'with_total'), 'with_total'),
    input: parseInput(readProp(obj, 'input')),
  };
}
