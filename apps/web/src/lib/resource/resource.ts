import type { ListMeta } from '@app/contracts/envelope';
import type { QueryObject } from '@app/contracts/query-object';
import { api } from '../api-client';

export type ResourceId = number | string;

/**
 * One API resource of the regular pattern (API.md "Resources"): `GET {r}`, `GET {r}/{id}`,
 * `POST {r}`, `POST {r}/{id}` (partial update), `DELETE {r}/{id}`, `POST {r}/search`,
 * and `POST {r}/{id}/{action}` for the notable routes. Declared once per resource, typed
 * by the contract's row and input types, and read by the hooks and the list page.
 */
export interface Resource<TRow, TCreate = Partial<TRow>, TUpdate = Partial<TCreate>> {
  /** API path, e.g. `zones` or `companies/12/agents`. */
  readonly path: string;
  /** Cache key root; resources sharing it are invalidated together. Defaults to the path. */
  readonly key: string;
  /** Phantom fields carrying the types (never read at run time). */
  readonly _types?: { row: TRow; create: TCreate; update: TUpdate };
}

export function defineResource<TRow, TCreate = Partial<TRow>, TUpdate = Partial<TCreate>>(
  path: string,
  options: { key?: string } = {},
): Resource<TRow, TCreate, TUpdate> {
  return { path, key: options.key ?? path };
}

export type RowOf<R> = R extends Resource<infer T, unknown, unknown> ? T : never;

export interface ResourcePage<TRow> {
  data: TRow[];
  meta?: ListMeta;
}

/**
 * A page of the resource. Free text goes through `POST {r}/search` (the server matches
 * it accent- and case-insensitively against the resource's searchable fields).
 */
export async function listResource<TRow>(resource: Resource<TRow, any, any>, query: QueryObject, signal?: AbortSignal): Promise<ResourcePage<TRow>> {
  const { input, ...rest } = query;
  if (input?.trim()) {
    const { data, meta } = await api.request<TRow[]>('POST', `${resource.path}/search`, { body: { input: input.trim(), ...rest }, signal });
    return { data: data ?? [], meta };
  }
  return api.list<TRow>(resource.path, rest, { signal });
}

export function getResource<TRow>(resource: Resource<TRow, any, any>, id: ResourceId, query?: QueryObject, signal?: AbortSignal): Promise<TRow> {
  return api.get<TRow>(`${resource.path}/${encodeURIComponent(String(id))}`, { query, signal });
}

export function createResource<TRow, TCreate>(resource: Resource<TRow, TCreate, any>, input: TCreate): Promise<TRow> {
  return api.post<TRow>(resource.path, input);
}

export function updateResource<TRow, TUpdate>(resource: Resource<TRow, any, TUpdate>, id: ResourceId, input: TUpdate): Promise<TRow> {
  return api.post<TRow>(`${resource.path}/${encodeURIComponent(String(id))}`, input);
}

export function deleteResource(resource: Resource<any, any, any>, id: ResourceId): Promise<unknown> {
  return api.delete(`${resource.path}/${encodeURIComponent(String(id))}`);
}

/** A notable route on one row, e.g. `POST roles/4/changestate`. */
export function actOnResource<TResult = unknown>(resource: Resource<any, any, any>, id: ResourceId, action: string, body?: unknown): Promise<TResult> {
  return api.post<TResult>(`${resource.path}/${encodeURIComponent(String(id))}/${action}`, body);
}
