/**
 * The query object of list calls (the "Bruno" format of API.md), shared by the web
 * client (which encodes it as a bracket query string) and the server (which parses it).
 */
export type FilterOperator = 'eq' | 'ct' | 'sw' | 'ew' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'bt';

export interface Filter {
  key: string;
  operator?: FilterOperator;
  value: unknown;
  not?: boolean;
}

/** A filter may also be written as the array [key, operator, value, not?]. */
export type FilterInput = Filter | [string, FilterOperator, unknown, boolean?];

export interface FilterGroup {
  or?: boolean;
  filters: FilterInput[];
}

export interface SortItem {
  key: string;
  direction?: 'asc' | 'desc';
}

export interface LoadItem {
  relationship: string;
  limit?: number;
  key?: string;
  direction?: 'asc' | 'desc';
  filter_groups?: FilterGroup[];
}

export interface WhereHasItem {
  relationship: string;
  key?: string;
  operator?: FilterOperator;
  value?: unknown;
  not?: boolean;
  load?: boolean;
  filter_groups?: FilterGroup[];
}

export interface QueryObject {
  filter_groups?: FilterGroup[];
  includes?: string[];
  sort?: SortItem[];
  limit?: number;
  page?: number;
  start?: number;
  select?: string[] | string;
  group_by?: string[] | string;
  load?: LoadItem[];
  wherehas?: WhereHasItem[];
  with_total?: boolean;
  /** Free text matched against the resource's searchable fields (POST {r}/search). */
  input?: string;
}
