import type { ZoneType } from './zones.schemas';

/** Which kinds of zone may contain a zone of each kind. */
const ALLOWED_PARENTS: Record<ZoneType, ZoneType[]> = {
  country: [],
  region: ['country'],
  district: ['region'],
  town: ['district', 'region'],
};

/** A French message when `parentType` may not contain `type`, else null. */
export function checkZoneParent(type: ZoneType, parentType: ZoneType | null): string | null {
  const allowed = ALLOWED_PARENTS[type];
  if (parentType === null) {
    return allowed.length === 0 ? null : `Une zone de type ${type} doit avoir une zone parente (${allowed.join(' ou ')}).`;
  }
  if (allowed.includes(parentType)) return null;
  if (allowed.length === 0) return 'Un pays ne peut pas avoir de zone parente.';
  return `Une zone de type ${type} ne peut pas être rattachée à une zone de type ${parentType} (attendu : ${allowed.join(' ou ')}).`;
}
