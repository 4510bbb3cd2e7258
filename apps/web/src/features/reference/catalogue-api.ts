import type { CategoryFeatureRow, CategoryNode, CategoryObjectRow, CategoryType, SectorCompanyRow } from '@app/contracts/catalogue';
import type { ListMeta } from '@app/contracts/envelope';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { defineResource } from '../../lib/resource/resource';
import { useCacheScope } from '../../lib/resource/use-resource';

/** A sector as the sector routes answer it. */
export interface SectorRow {
  id: number;
  name: string;
  code: string;
  description: string | null;
  active: boolean;
  created_at: string;
}

/** A category row (`GET categories/{id}`, `includes: ['parent']`). */
export interface CategoryRow {
  id: number;
  type: CategoryType;
  name: string;
  code: string;
  description: string | null;
  parent_id: number | null;
  position: number;
  active: boolean;
  parent?: CategoryRow | null;
}

export const sectorsResource = defineResource<SectorRow>('sectors');
export const categoriesResource = defineResource<CategoryRow>('categories');

type Page = { q?: string; page: number; limit: number };
const query = (filter: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));

async function page<T>(path: string, filter: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<{ data: T[]; meta?: ListMeta }> {
  const { data, meta } = await api.request<T[]>('GET', path, { query: query(filter), signal });
  return { data: data ?? [], meta };
}

/** The catalogue's calls beyond the resource routes (API.md "Sectors", "Categories"). */
export const catalogueApi = {
  sectorCompanies: (id: number, filter: Page, signal?: AbortSignal) => page<SectorCompanyRow>(`sectors/${id}/companies`, filter, signal),
  tree: (type: CategoryType, activeOnly: boolean, signal?: AbortSignal) => api.get<CategoryNode[]>(`categories/tree/${type}`, { query: activeOnly ? { active: 'true' } : {}, signal }),
  reorder: (type: CategoryType, parentId: number | null, ids: number[]) => api.post<CategoryNode[]>('categories/reorder', { type, parent_id: parentId, ids }),
  objects: (id: number, filter: Page & { scope?: 'filed' | 'candidates' }, signal?: AbortSignal) => page<CategoryObjectRow>(`categories/${id}/objects`, filter, signal),
  file: (id: number, ids: number[]) => api.post<{ filed: number }>(`categories/${id}/objects`, { ids }),
  unfile: (id: number, objectId: number) => api.delete<null>(`categories/${id}/objects/${objectId}`),
  features: (id: number) => api.get<CategoryFeatureRow[]>(`categories/${id}/features`),
  feature: (id: number, featureId: number) => api.get<CategoryFeatureRow & { companies: number }>(`categories/${id}/features/${featureId}`),
  giveFeature: async (id: number, featureId: number, limit: number | null) =>
    (await api.request<CategoryFeatureRow & { companies: number }>('PUT', `categories/${id}/features/${featureId}`, { body: { limit_value: limit } })).data,
  withdrawFeature: (id: number, featureId: number) => api.delete<null>(`categories/${id}/features/${featureId}`),
};

/** Query keys of the catalogue's own reads: a change invalidates `catalogueKeys.all`. */
export const catalogueKeys = {
  all: (scope: string) => ['catalogue-admin', scope] as const,
  tree: (scope: string, type: CategoryType, activeOnly: boolean) => ['catalogue-admin', scope, 'tree', type, activeOnly] as const,
};

/**
 * The tree of one kind of category. `activeOnly` (pickers): the categories still offered.
 * Any screen that files a record under a category (templates, questions, articles…) uses
 * this or `CategorySelect`.
 */
export function useCategoryTree(type: CategoryType, activeOnly = false) {
  const scope = useCacheScope();
  return useQuery({
    queryKey: catalogueKeys.tree(scope, type, activeOnly),
    queryFn: ({ signal }) => catalogueApi.tree(type, activeOnly, signal),
  });
}

/** The tree flattened in display order, with each node's depth (for indented lists and selects). */
export function flattenTree(nodes: readonly CategoryNode[], depth = 0): Array<{ node: CategoryNode; depth: number }> {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenTree(node.children, depth + 1)]);
}
