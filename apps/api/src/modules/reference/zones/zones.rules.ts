import { referenceText, type ReferenceText } from '../reference.texts';
import type { ZoneType } from './zones.schemas';

/** Which kinds of zone may contain a zone of each kind. */
const ALLOWED_PARENTS: Record<ZoneType, ZoneType[]> = {
  country: [],
  region: ['country'],
  district: ['region'],
  town: ['district', 'region'],
};

const TYPE_TEXT: Record<ZoneType, ReferenceText> = { country: 'typeCountry', region: 'typeRegion', district: 'typeDistrict', town: 'typeTown' };

/** Why `parentType` may not contain `type`, in the caller's language, else null. */
export function checkZoneParent(type: ZoneType, parentType: ZoneType | null, locale: string | null | undefined): string | null {
  const allowed = ALLOWED_PARENTS[type];
  const name = (kind: ZoneType) => referenceText(locale, TYPE_TEXT[kind]);
  // A kind of zone has one or two possible parents.
  const [first, second] = allowed.map(name);
  const expected = second ? referenceText(locale, 'eitherKind', { first, second }) : first;
  if (parentType === null) {
    return allowed.length === 0 ? null : referenceText(locale, 'zoneNeedsParent', { type: name(type), allowed: expected });
  }
  if (allowed.includes(parentType)) return null;
  if (allowed.length === 0) return referenceText(locale, 'countryHasNoParent');
  return referenceText(locale, 'zoneParentWrongType', { type: name(type), parentType: name(parentType), allowed: expected });
}
