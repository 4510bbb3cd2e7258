import type { FilterOperator } from '@app/contracts';
import { MAX_LIST_LIMIT } from '@app/contracts';
import { badQuery } from './query.texts';
import type { FilterValue, ParsedFilter, ParsedFilterGroup } from './parsed-query';
import {
  coerceFieldValue,
  describeValue,
  isBlank,
  isPlainObject,
  parseBoolean,
  readProp,
  requireFilterableField,
  requireList,
  toList,
  toObject,
  toText,
} from './parse-values';
import type { ResourceQueryDef } from './resource-def';

export const FILTER_OPERATORS: readonly FilterOperator[] = ['eq', 'ct', 'sw', 'ew', 'gt', 'gte', 'lt', 'lte', 'in', 'bt'];

/**
 * Bounds the work one query object can ask for: every group, filter and bound value
 * costs one unit. It keeps a hostile body from building a statement with more bind
 * parameters than PostgreSQL accepts (65535) or that takes seconds to plan.
 */
export class ParseBudget {
  private used = 0;
  constructor(private readonly max = 5000) {}
  spend(units: number) {
    this.used += units;
    if (this.used > this.max) throw badQuery('query_too_complex', 'tooComplex');
  }
}

function isNullValue(value: unknown): boolean {
  return value === null || value === '' || value === 'null';
}

export function parseOperator(raw: unknown): FilterOperator {
  if (isBlank(raw)) return 'eq';
  const op = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (!(FILTER_OPERATORS as readonly string[]).includes(op)) {
    throw badQuery('unknown_operator', 'unknownOperator', { value: describeValue(raw) });
  }
  return op as FilterOperator;
}

function parseListValue(raw: unknown, key: string, field: ParsedFilter['field'], budget: ParseBudget): FilterValue {
  // `in` with no value at all is an empty list (qs drops empty arrays): it matches nothing.
  const list = raw === undefined ? [] : (toList(raw) ?? (isPlainObject(raw) ? null : [raw]));
  if (!list) throw badQuery('invalid_value', 'inNeedsList', { key });
  if (list.length > MAX_LIST_LIMIT) {
    throw badQuery('invalid_value', 'tooManyValues', { key, max: MAX_LIST_LIMIT });
  }
  budget.spend(list.length);
  const values = list.filter((v) => !isNullValue(v)).map((v) => coerceFieldValue(v, field, key));
  return { kind: 'list', values, withNull: values.length < list.length };
}

function parseRangeValue(raw: unknown, key: string, field: ParsedFilter['field']): FilterValue {
  const list = toList(raw);
  if (list?.length !== 2 || list.some(isNullValue)) {
    throw badQuery('invalid_value', 'btNeedsPair', { key });
  }
  return { kind: 'range', from: coerceFieldValue(list[0], field, key), to: coerceFieldValue(list[1], field, key) };
}

/** Checks the value against the operator and the field type. */
export function parseFilterValue(
  operator: FilterOperator,
  raw: unknown,
  key: string,
  field: ParsedFilter['field'],
  budget: ParseBudget,
): FilterValue {
  budget.spend(1);
  if (operator === 'in') return isNullValue(raw) ? { kind: 'null' } : parseListValue(raw, key, field, budget);
  if (raw === undefined) throw badQuery('invalid_value', 'missingValue', { key });
  if (isNullValue(raw)) return { kind: 'null' };
  if (operator === 'bt') return parseRangeValue(raw, key, field);
  if (typeof raw === 'object') {
    throw badQuery('invalid_value', 'oneValueExpected', { key, operator });
  }
  if (operator === 'ct' || operator === 'sw' || operator === 'ew') return { kind: 'scalar', value: toText(raw, key) };
  return { kind: 'scalar', value: coerceFieldValue(raw, field, key) };
}

/** A filter as `{ key, operator, value, not }` or as `[key, operator, value, not?]`. */
export function parseFilter(raw: unknown, def: ResourceQueryDef, budget: ParseBudget): ParsedFilter {
  budget.spend(1);
  const obj = toObject(raw);
  const tuple = obj && Object.hasOwn(obj, 'key') ? null : toList(raw);
  let parts: { key: unknown; operator: unknown; value: unknown; not: unknown };
  if (tuple) parts = { key: tuple[0], operator: tuple[1], value: tuple[2], not: tuple[3] };
  else if (obj) {
    parts = { key: readProp(obj, 'key'), operator: readProp(obj, 'operator'), value: readProp(obj, 'value'), not: readProp(obj, 'not') };
  } else throw badQuery('invalid_query', 'invalidFilter', { value: describeValue(raw) });
  const { key, field } = requireFilterableField(def, parts.key);
  const operator = parseOperator(parts.operator);
  const value = parseFilterValue(operator, parts.value, key, field, budget);
  return { key, field, operator, value, not: parseBoolean(parts.not, 'not') };
}

/** `filter_groups`: groups are ANDed; inside a group filters are ORed when `or` is true. */
export function parseFilterGroups(
  raw: unknown,
  def: ResourceQueryDef,
  budget: ParseBudget,
  param = 'filter_groups',
): ParsedFilterGroup[] {
  const groups: ParsedFilterGroup[] = [];
  for (const rawGroup of requireList(raw, param)) {
    budget.spend(1);
    const group = toObject(rawGroup);
    if (!group) throw badQuery('invalid_query', 'invalidFilterGroup', { param });
    const or = parseBoolean(readProp(group, 'or'), 'or');
    const filters = requireList(readProp(group, 'filters'), `${param}.filters`).map((f) => parseFilter(f, def, budget));
    if (filters.length > 0) groups.push({ or, filters });
  }
  return groups;
}
