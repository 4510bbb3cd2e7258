import { useQuery } from '@tanstack/react-query';
import { listSectors, listTowns } from './company.api';

/** Reference lists change rarely: the app's 30-minute cache (section 9). */
const REFERENCE_STALE_MS = 30 * 60 * 1000;

export function useCompanyOptions() {
  const towns = useQuery({ queryKey: ['reference', 'towns'], queryFn: ({ signal }) => listTowns(signal), staleTime: REFERENCE_STALE_MS });
  const sectors = useQuery({ queryKey: ['reference', 'sectors'], queryFn: ({ signal }) => listSectors(signal), staleTime: REFERENCE_STALE_MS });
  const asData = (rows: Array<{ id: number; name: string }> | undefined) => (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  return { towns: asData(towns.data), sectors: asData(sectors.data), loading: towns.isPending || sectors.isPending };
}
