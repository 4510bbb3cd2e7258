import type { FilterOperator } from '@app/contracts';
import type { FieldDef } from './resource-def';

/**
 * The query object after validation against a resource definition. Every key and
 * relation in here is known to the definition and every value has the shape its
 * operator and field type need, so the compiler never has to reject anything.
 */
export type Scalar = string | number | boolean;

export type FilterValue =
  /** `"null"`, `""` or null: IS NULL whatever the operator. */
  | { kind: 'null' }
  | { kind: 'scalar'; value: Scalar }
  /** `in`: the values, plus whether a null member asks for IS NULL as well. */
  | { kind: 'list'; values: Scalar[]; withNull: boolean }
  | { kind: 'range'; from: Scalar; to: Scalar };

export interface ParsedFilter {
  key: string;
  field: FieldDef;
  operator: FilterOperator;
  value: FilterValue;
  not: boolean;
}

export interface ParsedFilterGroup {
  or: boolean;
  filters: ParsedFilter[];
}

export type SortDirection = 'asc' | 'desc';

export interface ParsedSort {
  key: string;
  direction: SortDirection;
}

/** One relation to eager-load; `embed` nests rows, `ids` adds `<relation>_ids`. */
export interface IncludeNode {
  relation: string;
  embed: boolean;
  ids: boolean;
  children: IncludeNode[];
  /** Extra conditions on the related rows (set by `wherehas` with `load`). */
  filterGroups: ParsedFilterGroup[];
}

export interface ParsedLoad {
  relation: string;
  limit: number;
  key: string;
  direction: SortDirection;
  filterGroups: ParsedFilterGroup[];
}

export type CountOperator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte';

export interface ParsedWhereHas {
  relation: string;
  /** With a key: the related rows must match this filter. */
  filter: ParsedFilter | null;
  /** Without a key but with a value: the number of related rows is compared. */
  count: { operator: CountOperator; value: number } | null;
  not: boolean;
  filterGroups: ParsedFilterGroup[];
}

export interface ParsedQuery {
  filterGroups: ParsedFilterGroup[];
  includes: IncludeNode[];
  sort: ParsedSort[];
  /** The requested page size (capped), or null when none was given. */
  limit: number | null;
  /** The page asked for, when paging by page. */
  page: number | null;
  /** The row offset actually used. */
  start: number;
  select: string[] | null;
  groupBy: string[] | null;
  load: ParsedLoad[];
  wherehas: ParsedWhereHas[];
  withTotal: boolean;
  /** Trimmed free text of POST {r}/search, or null. */
  input: string | null;
}
