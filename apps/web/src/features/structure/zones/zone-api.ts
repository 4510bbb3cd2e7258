import { ZONE_TYPES, type ZoneType } from '@app/contracts/zones';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCacheScope } from '../../../lib/resource/use-resource';

/** A reference zone as the zone routes answer it. */
export interface ZoneRow {
  id: number;
  type: ZoneType;
  name: string;
  code: string;
  parent_id: number | null;
  parent_name?: string | null;
}

/** The kinds a zone of `type` may contain, outermost first (a town sits in a district or a region). */
export function childTypesOf(type: ZoneType): ZoneType[] {
  if (type === 'country') return ['region'];
  if (type === 'region') return ['district', 'town'];
  if (type === 'district') return ['town'];
  return [];
}

export const isZoneType = (value: string | undefined): value is ZoneType => (ZONE_TYPES as readonly string[]).includes(value ?? '');

/** `GET zones/{type}/parent/{parent}`: the zones of one kind right under `parent` (idle without a parent). */
export function useZoneChildren(type: ZoneType, parent: number | null) {
  return useQuery({
    queryKey: ['zones', 'children', type, parent],
    queryFn: ({ signal }) => api.get<ZoneRow[]>(`zones/${type}/parent/${parent}`, { signal }),
    enabled: parent !== null,
    staleTime: 5 * 60_000,
  });
}

export const companyZonesKey = (scope: string) => ['companyzones', scope] as const;

/** `GET companyzones`: the zones the active company works in. */
export function useCompanyZones() {
  const scope = useCacheScope();
  return useQuery({
    queryKey: companyZonesKey(scope),
    queryFn: ({ signal }) => api.get<ZoneRow[]>('companyzones', { signal }),
  });
}
