import type { SQL } from 'drizzle-orm';

/**
 * How a resource exposes itself to the query-object engine: the whitelist of keys,
 * relations and searchable fields. Nothing outside this definition reaches SQL.
 */
export type FieldType = 'text' | 'integer' | 'number' | 'boolean' | 'timestamp' | 'date' | 'json';

export interface FieldDef {
  /** SQL column name in the resource's table. */
  column: string;
  type: FieldType;
  /** Can be filtered and sorted (default true); json fields cannot. */
  filterable?: boolean;
  /** Hidden from responses and `select` (e.g. password hashes). */
  hidden?: boolean;
  /** A text[] column: filtered on its text form (`ct`), answered as an array of texts. */
  array?: boolean;
}

export interface RelationDef {
  /** Lazy, so that two resources can point at each other. */
  target: () => ResourceQueryDef;
  /** belongsTo: parent[localKey] = child[foreignKey]; hasMany: child[foreignKey] = parent[localKey]. */
  kind: 'belongsTo' | 'hasMany';
  localKey: string;
  foreignKey: string;
  /**
   * hasMany only: most rows an include gives per parent (default MAX_INCLUDED_PER_PARENT).
   * Authored structure that clients need whole (a survey's steps and questions, a
   * question's choices) raises it to MAX_LIST_LIMIT; rows that grow with use keep the default.
   */
  maxPerParent?: number;
}

/**
 * Tenant scope of a resource:
 * - `global`: platform-wide rows (zones, sectors), no company filter;
 * - `company`: every row has company_id and only the caller's company is visible;
 * - `companyOrGlobal`: rows of the caller's company plus platform rows (company_id null).
 */
export type TenantScope = 'global' | 'company' | 'companyOrGlobal';

export interface ResourceQueryDef {
  name: string;
  table: string;
  fields: Record<string, FieldDef>;
  /** Keys matched by the `input` of POST {r}/search. */
  searchable: string[];
  relations?: Record<string, RelationDef>;
  scope: TenantScope;
  /** Rows with deleted_at set are never listed. */
  softDelete?: boolean;
  defaultSort?: Array<{ key: string; direction: 'asc' | 'desc' }>;
  /**
   * Rows that fail this condition (on the table under `alias`) do not exist for this
   * definition: lists, lookups by id, includes, load and wherehas all leave them out,
   * like rows of another company.
   */
  rowFilter?: (alias: string) => SQL;
  /**
   * The `pinnable_type` of this resource's pins (`POST pins`). Lists and lookups of a
   * caller with a user id then carry `pinned` (true when that user pinned the row) and
   * sort the caller's pinned rows first, whatever the requested order.
   */
  pinType?: string;
}

/** Who is asking, as far as row visibility goes. */
export interface QueryScope {
  /** The active company; null for platform-level callers of global resources. */
  companyId: number | null;
  /** The signed-in user, for `pinned` on resources with a `pinType`; absent: no pins. */
  userId?: number | null;
}
