import { useQuery } from '@tanstack/react-query';
import { listSectors, listTowns } from './company.api';

/** Reference lists change rarely: the app's 30-minute cache (section 9). */
const REFERENCE_STALE_MS = 30 * 60 * 1000;

/**
 * Towns and sectors for a company's form or a list's filters. A deactivated sector is no
 * longer offered as a new choice: `choice` leaves them out but keeps `keepSectorId` (the
 * company's own sector stays shown); filters (no `choice`) show them all.
 */
export function useCompanyOptions(options: { choice?: boolean; keepSectorId?: number | null } = {}) {
  const towns = useQuery({ queryKey: ['reference', 'towns'], queryFn: ({ signal }) => listTowns(signal), staleTime: REFERENCE_STALE_MS });
  const sectors = useQuery({ queryKey: ['reference', 'sectors'], queryFn: ({ signal }) => listSectors(signal), staleTime: REFERENCE_STALE_MS });
  const asData = (rows: Array<{ id: number; name: string }> | undefined) => (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  const offered = (sectors.data ?? []).filter((s) => !options.choice || s.active !== false || s.id === options.keepSectorId);
  return { towns: asData(towns.data), sectors: asData(offered), loading: towns.isPending || sectors.isPending };
}
