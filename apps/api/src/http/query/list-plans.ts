import type { Database } from '../../db/client';
import { type ListResult, runListQuery } from './execute';
import { parseQueryObject } from './parse';
import type { ParsedQuery } from './parsed-query';
import type { QueryScope, ResourceQueryDef } from './resource-def';
import { KeptStatements } from './statements';

/**
 * List plans: a list asked again with the same query object and scope (a page reloaded,
 * a select filled again, the next client asking for the same reference data) reuses its
 * validated query and its built statements, run as named statements. Profiles of the
 * public zones list put the query parsing and drizzle's SQL building at about a fifth of
 * the request's CPU (docs/PERFORMANCE.md).
 *
 * Only for callers that hand the parsed query to `runListQuery` untouched (the regular
 * resource lists of crud-service.ts): a plan's query is shared by every request that
 * hits it and must never be changed.
 */
interface ListPlan {
  query: ParsedQuery;
  statements: KeptStatements;
}

/** Plans kept per resource definition (least recently used dropped first). */
const MAX_PLANS_PER_RESOURCE = 200;
/** Longer query objects are parsed each time rather than kept as a key. */
const MAX_KEY_LENGTH = 4096;

const plansByDef = new WeakMap<ResourceQueryDef, Map<string, ListPlan>>();

function planKey(raw: unknown, scope: QueryScope): string {
  return `${scope.companyId}|${scope.userId ?? null}|${JSON.stringify(raw ?? null)}`;
}

function remember(plans: Map<string, ListPlan>, key: string, plan: ListPlan): void {
  plans.set(key, plan);
  if (plans.size > MAX_PLANS_PER_RESOURCE) plans.delete(plans.keys().next().value as string);
}

/**
 * `parseQueryObject` then `runListQuery`, through the plan of this query object and
 * scope when there is one. Same answers and same 400s as the two calls.
 */
export async function runPlannedList(db: Database, def: ResourceQueryDef, rawQuery: unknown, scope: QueryScope): Promise<ListResult> {
  const key = planKey(rawQuery, scope);
  if (key.length > MAX_KEY_LENGTH) return runListQuery(db, def, parseQueryObject(rawQuery, def), scope);
  let plans = plansByDef.get(def);
  if (!plans) {
    plans = new Map();
    plansByDef.set(def, plans);
  }
  let plan = plans.get(key);
  if (plan && plan.statements.db === db) {
    // Most recently used last.
    plans.delete(key);
    plans.set(key, plan);
  } else {
    plan = { query: parseQueryObject(rawQuery, def), statements: new KeptStatements(db) };
    remember(plans, key, plan);
  }
  return runListQuery(db, def, plan.query, scope, plan.statements);
}
