import type { QueryObject } from '@app/contracts/query-object';
import { keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activeAgentOf } from '../session/account-model';
import { useCurrentSession } from '../session/use-session';
import {
  actOnResource,
  createResource,
  deleteResource,
  getResource,
  listResource,
  type Resource,
  type ResourceId,
  updateResource,
} from './resource';

// Lists show live work (other people edit the same company): a short freshness instead
// of the app's 30-minute default, which suits reference data.
const FRESH_MS = 15_000;

/**
 * Cache keys carry the session and the active company: two accounts, or one account
 * after a company switch, never read each other's rows from the cache.
 */
export function useCacheScope(): string {
  const { sid, account } = useCurrentSession();
  return `${sid}:${account ? (activeAgentOf(account)?.id ?? 'none') : 'anon'}`;
}

export const resourceKeys = {
  all: (scope: string, resource: Resource<any, any, any>) => ['resource', scope, resource.key] as const,
  list: (scope: string, resource: Resource<any, any, any>, query: QueryObject) => ['resource', scope, resource.key, 'list', query] as const,
  one: (scope: string, resource: Resource<any, any, any>, id: ResourceId, query?: QueryObject) =>
    ['resource', scope, resource.key, 'one', String(id), query ?? null] as const,
};

/** One page of a resource for a query object; the previous page stays shown while the next loads. */
export function useResourceList<TRow>(resource: Resource<TRow, any, any>, query: QueryObject, options: { enabled?: boolean } = {}) {
  const scope = useCacheScope();
  return useQuery({
    queryKey: resourceKeys.list(scope, resource, query),
    queryFn: ({ signal }) => listResource(resource, query, signal),
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
    enabled: options.enabled ?? true,
  });
}

/** One row by id (`includes` and other query parameters optional); idle while the id is unknown. */
export function useResource<TRow>(resource: Resource<TRow, any, any>, id: ResourceId | null | undefined, query?: QueryObject) {
  const scope = useCacheScope();
  const known = id !== null && id !== undefined && id !== '';
  return useQuery({
    queryKey: resourceKeys.one(scope, resource, id ?? '', query),
    queryFn: ({ signal }) => getResource(resource, id as ResourceId, query, signal),
    enabled: known,
    staleTime: FRESH_MS,
  });
}

export interface ResourceMutationOptions<TResult> {
  /** Other resources whose cached pages this change makes stale (the resource itself always is). */
  invalidates?: ReadonlyArray<Resource<any, any, any>>;
  onSuccess?: (result: TResult) => void;
}

/**
 * A change to a resource: runs `mutate` and, once it succeeds, marks every cached page
 * and row of the resource (and of `invalidates`) stale so the screens refetch. Errors
 * are the caller's: forms put 422 messages on their fields, buttons toast them.
 */
export function useResourceMutation<TVariables, TResult>(
  resource: Resource<any, any, any>,
  mutate: (variables: TVariables) => Promise<TResult>,
  options: ResourceMutationOptions<TResult> = {},
) {
  const scope = useCacheScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: mutate,
    onSuccess: async (result) => {
      const keys: QueryKey[] = [resource, ...(options.invalidates ?? [])].map((r) => resourceKeys.all(scope, r));
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
      options.onSuccess?.(result);
    },
  });
}

/** `POST {r}` with the contract's create input. */
export function useCreateResource<TRow, TCreate>(resource: Resource<TRow, TCreate, any>, options?: ResourceMutationOptions<TRow>) {
  return useResourceMutation<TCreate, TRow>(resource, (input) => createResource(resource, input), options);
}

/** `POST {r}/{id}` with a partial update. */
export function useUpdateResource<TRow, TUpdate>(resource: Resource<TRow, any, TUpdate>, id: ResourceId, options?: ResourceMutationOptions<TRow>) {
  return useResourceMutation<TUpdate, TRow>(resource, (input) => updateResource(resource, id, input), options);
}

/** `DELETE {r}/{id}`; the id is the mutation's variable so one hook serves a whole list. */
export function useDeleteResource(resource: Resource<any, any, any>, options?: ResourceMutationOptions<unknown>) {
  return useResourceMutation<ResourceId, unknown>(resource, (id) => deleteResource(resource, id), options);
}

/** A notable route `POST {r}/{id}/{action}` (changestate, validate...), body optional. */
export function useResourceAction<TResult = unknown>(resource: Resource<any, any, any>, action: string, options?: ResourceMutationOptions<TResult>) {
  return useResourceMutation<{ id: ResourceId; body?: unknown }, TResult>(resource, ({ id, body }) => actOnResource<TResult>(resource, id, action, body), options);
}
