/**
 * The query-object engine (Bruno format, API.md "The query object").
 *
 *   const query = parseQueryObject(rawQueryOrBody, def);   // 400 AppError on anything unknown
 *   const { rows, meta } = await runListQuery(db, def, query, { companyId });
 *   const row = await getOne(db, def, id, { companyId }, query.includes);  // null -> 404
 *   const list = await runPlannedList(db, def, rawQuery, scope);  // same, parsed and built once per query (list-plans.ts)
 *
 * Choices the spec leaves open, fixed here:
 * - `not` is the exact negation: rows where the filter is unknown (NULL column) match
 *   `not` (`qty not gt 5` keeps rows with no qty).
 * - `"null"`/`""`/null means IS NULL for every operator; `in` accepts a null member
 *   (`IN (...) OR IS NULL`) and an empty or missing list (matches nothing).
 * - Timestamps filter as instants (a date alone is midnight UTC) and come out as
 *   `YYYY-MM-DDTHH:MM:SS.mmmZ`; dates as `YYYY-MM-DD`; integer/number fields as numbers.
 * - `group_by` rows carry every group key plus `count`; sort there by a group key or
 *   `count`. `includes`/`load` are refused with `group_by`.
 * - hasMany includes keep at most MAX_INCLUDED_PER_PARENT rows per parent (a relation's
 *   `maxPerParent` may raise it), cut in SQL, and set `<relation>_has_more`; `load` too.
 * - `load` applies to hasMany relations and puts its rows under the relation name; it
 *   cannot share a relation with an embedded include. `wherehas[].load` embeds the
 *   relation restricted to the matching rows.
 * - Hidden fields behave as unknown keys everywhere (never a filtering oracle).
 * - meta.page is null when `start` was given (or no limit); meta.limit is null without limit.
 */
export { compileListQuery } from './compile';
export { getOne, type ListResult, runListQuery } from './execute';
export { runPlannedList } from './list-plans';
export { parseQueryObject } from './parse';
export type { IncludeNode, ParsedFilter, ParsedFilterGroup, ParsedQuery } from './parsed-query';
export type { FieldDef, QueryScope, RelationDef, ResourceQueryDef, TenantScope } from './resource-def';
