import { MAX_LIST_LIMIT } from '@app/contracts';
import { badQuery } from './query.texts';
import type { CountOperator, IncludeNode, ParsedLoad, ParsedWhereHas, SortDirection } from './parsed-query';
import { type ParseBudget, parseFilter, parseFilterGroups, parseOperator } from './parse-filters';
import {
  checkText,
  describeValue,
  INT4_MAX,
  isBlank,
  parseBoolean,
  parseInteger,
  readProp,
  requireFilterableField,
  requireList,
  toList,
  toObject,
} from './parse-values';
import type { RelationDef, ResourceQueryDef } from './resource-def';

const MAX_INCLUDE_DEPTH = 5;
const COUNT_OPERATORS: readonly string[] = ['eq', 'gt', 'gte', 'lt', 'lte'];

export function requireRelation(def: ResourceQueryDef, name: unknown): { name: string; relation: RelationDef } {
  const relations = def.relations ?? {};
  if (typeof name !== 'string' || !Object.hasOwn(relations, name)) {
    throw badQuery('unknown_relation', 'unknownRelation', { value: describeValue(name), resource: def.name });
  }
  return { name, relation: relations[name] };
}

export function parseDirection(raw: unknown, fallback: SortDirection): SortDirection {
  if (isBlank(raw)) return fallback;
  const direction = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (direction !== 'asc' && direction !== 'desc') {
    throw badQuery('unknown_direction', 'unknownDirection', { value: describeValue(raw) });
  }
  return direction;
}

/** Lists given as arrays or as `a,b,c` strings (`select`, `group_by`, `includes`). */
export function parseNameList(raw: unknown, param: string): string[] {
  if (isBlank(raw)) return [];
  const list = typeof raw === 'string' && !raw.trim().startsWith('[') ? raw.split(',') : toList(raw);
  if (!list) throw badQuery('invalid_query', 'listExpected', { param });
  if (list.length > MAX_LIST_LIMIT) throw badQuery('invalid_query', 'tooManyItems', { param });
  const names = list.map((item) => {
    if (typeof item !== 'string') throw badQuery('invalid_query', 'invalidItem', { value: describeValue(item), param });
    return checkText(item, param).trim();
  });
  return [...new Set(names.filter((n) => n !== ''))];
}

function findOrAddNode(nodes: IncludeNode[], relation: string): IncludeNode {
  let node = nodes.find((n) => n.relation === relation);
  if (!node) {
    node = { relation, embed: false, ids: false, children: [], filterGroups: [] };
    nodes.push(node);
  }
  return node;
}

/**
 * `includes`: `rel`, `rel:ids`, nested with dots (`region.country`). Intermediate levels
 * are always embedded, since the nested rows need a parent to live in.
 */
export function parseIncludes(raw: unknown, def: ResourceQueryDef): IncludeNode[] {
  const roots: IncludeNode[] = [];
  for (const entry of parseNameList(raw, 'includes')) {
    const [path, mode = 'embed', ...rest] = entry.split(':').map((s) => s.trim());
    if ((mode !== 'embed' && mode !== 'ids') || rest.length > 0) {
      throw badQuery('invalid_query', 'unknownIncludeMode', { value: describeValue(entry) });
    }
    const segments = path.split('.');
    if (segments.length > MAX_INCLUDE_DEPTH) {
      throw badQuery('invalid_query', 'includeTooDeepAt', { value: describeValue(entry) });
    }
    let level = roots;
    let current = def;
    segments.forEach((segment, i) => {
      const { relation } = requireRelation(current, segment);
      const node = findOrAddNode(level, segment);
      const last = i === segments.length - 1;
      if (!last || mode === 'embed') node.embed = true;
      if (last && mode === 'ids') node.ids = true;
      level = node.children;
      current = relation.target();
    });
  }
  return roots;
}

function isIncludeNode(value: unknown): value is IncludeNode {
  return typeof value === 'object' && value !== null && typeof (value as IncludeNode).relation === 'string' && Array.isArray((value as IncludeNode).children);
}

/**
 * Includes as callers hold them: raw (`"a,b"`, `["a.b:ids"]`) or already parsed by
 * parseQueryObject. Parsed trees are re-checked against `def`, since they may come from
 * another resource's query.
 */
export function resolveIncludes(raw: unknown, def: ResourceQueryDef): IncludeNode[] {
  if (!Array.isArray(raw) || raw.length === 0 || !raw.every(isIncludeNode)) return parseIncludes(raw, def);
  const check = (nodes: IncludeNode[], current: ResourceQueryDef, depth: number) => {
    if (depth > MAX_INCLUDE_DEPTH) throw badQuery('invalid_query', 'includeTooDeep');
    for (const node of nodes) {
      if (!isIncludeNode(node)) throw badQuery('invalid_query', 'invalidInclude', { value: describeValue(node) });
      check(node.children, requireRelation(current, node.relation).relation.target(), depth + 1);
    }
  };
  check(raw, def, 1);
  return raw;
}

/** `load`: per parent, the first N related rows of a hasMany relation. */
export function parseLoads(raw: unknown, def: ResourceQueryDef, budget: ParseBudget): ParsedLoad[] {
  return requireList(raw, 'load').map((rawItem) => {
    budget.spend(1);
    const item = toObject(rawItem) ?? (typeof rawItem === 'string' ? { relationship: rawItem } : null);
    if (!item) throw badQuery('invalid_query', 'invalidItem', { value: describeValue(rawItem), param: 'load' });
    const { name, relation } = requireRelation(def, readProp(item, 'relationship'));
    if (relation.kind !== 'hasMany') {
      throw badQuery('invalid_query', 'loadNeedsMany', { relation: name });
    }
    const target = relation.target();
    const key = isBlank(readProp(item, 'key')) ? 'id' : requireFilterableField(target, readProp(item, 'key'), 'sort').key;
    return {
      relation: name,
      limit: parseInteger(readProp(item, 'limit'), 'load.limit', 1, MAX_LIST_LIMIT) ?? 5,
      key,
      direction: parseDirection(readProp(item, 'direction'), 'desc'),
      filterGroups: parseFilterGroups(readProp(item, 'filter_groups'), target, budget, 'load.filter_groups'),
    };
  });
}

export interface ParsedWhereHasList {
  wherehas: ParsedWhereHas[];
  /** Relations that `wherehas[].load` asks to embed, restricted to the matching rows. */
  includes: IncludeNode[];
}

/** `wherehas`: parents having (or, with `not`, lacking) related rows that match. */
export function parseWhereHas(raw: unknown, def: ResourceQueryDef, budget: ParseBudget): ParsedWhereHasList {
  const includes: IncludeNode[] = [];
  const wherehas = requireList(raw, 'wherehas').map((rawItem): ParsedWhereHas => {
    budget.spend(1);
    const item = toObject(rawItem);
    if (!item) throw badQuery('invalid_query', 'invalidItem', { value: describeValue(rawItem), param: 'wherehas' });
    const { name, relation } = requireRelation(def, readProp(item, 'relationship'));
    const target = relation.target();
    const key = readProp(item, 'key');
    const value = readProp(item, 'value');
    const parsed: ParsedWhereHas = {
      relation: name,
      filter: null,
      count: null,
      not: parseBoolean(readProp(item, 'not'), 'not'),
      filterGroups: parseFilterGroups(readProp(item, 'filter_groups'), target, budget, 'wherehas.filter_groups'),
    };
    if (!isBlank(key)) {
      parsed.filter = parseFilter({ key, operator: readProp(item, 'operator'), value }, target, budget);
    } else if (!isBlank(value)) {
      const operator = parseOperator(readProp(item, 'operator'));
      if (!COUNT_OPERATORS.includes(operator)) {
        throw badQuery('unknown_operator', 'operatorOnCount', { operator });
      }
      const count = parseInteger(value, 'wherehas.value', 0, INT4_MAX) ?? 0;
      parsed.count = { operator: operator as CountOperator, value: count };
    }
    if (parseBoolean(readProp(item, 'load'), 'load') && !parsed.not) {
      const node = findOrAddNode(includes, name);
      node.embed = true;
      node.filterGroups = [...parsed.filterGroups, ...(parsed.filter ? [{ or: false, filters: [parsed.filter] }] : [])];
    }
    return parsed;
  });
  return { wherehas, includes };
}
