import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/session/use-session';

type Option = { value: string; label: string };

/**
 * The companies a back-office picker offers (by name; the first 100, the select searches
 * within them), narrowed to a company category and its sub-categories when one is chosen
 * (`mnt/companies?category_id=`, the API's subtree rule).
 */
export function useCompanyOptions(categoryId: number | null = null): Option[] {
  const { sid } = useCurrentSession();
  const companies = useQuery({
    queryKey: ['mnt/companies', 'options', sid, categoryId],
    queryFn: () =>
      api.request<Array<{ id: number; name: string }>>('GET', 'mnt/companies', { query: { limit: 100, sort: 'name', ...(categoryId ? { category_id: categoryId } : {}) } }),
    staleTime: 5 * 60_000,
  });
  return (companies.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
}

/**
 * A company picker with its category filter (CompanyCategoryFilter beside it). The category
 * narrows what is offered, never the page's own list; companies already chosen (`keep`, and
 * the address's `company_id`) stay offered so a select does not lose their names.
 */
export function useCompanyPicker(keep: readonly string[] = []) {
  const [search] = useSearchParams();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const chosen = [...keep, search.get('company_id') ?? ''];
  const all = useCompanyOptions();
  const narrowed = useCompanyOptions(categoryId);
  const kept = categoryId ? all.filter((o) => chosen.includes(o.value) && !narrowed.some((n) => n.value === o.value)) : [];
  return { options: [...narrowed, ...kept], categoryId, setCategoryId };
}
