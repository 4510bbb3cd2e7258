import { describe, expect, it } from 'vitest';
import { expectCompleteTexts } from '../../test/complete-texts';
import { REFERENCE_TEXTS, referenceCount } from './reference.texts';
import { checkZoneParent } from './zones/zones.rules';

describe('reference data refusals, in every language', () => {
  it('has every French text in each language, same placeholders, translated', () => {
    expectCompleteTexts(REFERENCE_TEXTS, 'reference');
  });

  it('counts in the caller’s language, one and many', () => {
    expect(referenceCount('fr', 'categoryHasChildren', 1)).toBe("Cette catégorie contient 1 sous-catégorie : déplacez-la ou supprimez-la d'abord.");
    expect(referenceCount('en', 'sectorInUse', 3)).toBe('This sector is used by 3 companies: it cannot be deleted. Deactivate it to stop offering it.');
  });

  it('names the kinds of zone in the caller’s language', () => {
    expect(checkZoneParent('town', 'country', 'de')).toBe('Eine Zone vom Typ Stadt kann keiner Zone vom Typ Land zugeordnet werden (erwartet: Bezirk oder Region).');
    expect(checkZoneParent('region', null, 'fr')).toBe('Une zone de type région doit avoir une zone parente (pays).');
    expect(checkZoneParent('country', null, 'zh-CN')).toBeNull();
    expect(checkZoneParent('town', 'region', 'en')).toBeNull();
  });
});
