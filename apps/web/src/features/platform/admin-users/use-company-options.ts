import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/session/use-session';

/** The companies a filter offers (by name; the first 100, the select searches within them). */
export function useCompanyOptions() {
  const { sid } = useCurrentSession();
  const companies = useQuery({
    queryKey: ['companies', 'options', sid],
    queryFn: () => api.list<{ id: number; name: string }>('companies', { limit: 100, sort: [{ key: 'name', direction: 'asc' }] }),
    staleTime: 5 * 60_000,
  });
  return (companies.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
}
