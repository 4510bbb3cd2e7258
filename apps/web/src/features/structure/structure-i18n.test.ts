import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../../i18n/i18n';
import { APP_LANGUAGES } from '../../i18n/languages';
import { frStructure } from '../../i18n/locales/fr-structure';
import { loadStructureI18n, STRUCTURE_NS } from './structure-i18n';

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

afterAll(async () => {
  await changeLanguage('fr');
});

describe('structure texts', () => {
  it('load in French with the structure screens', async () => {
    await initI18n();
    expect(i18n.hasResourceBundle('fr', STRUCTURE_NS)).toBe(false);
    await loadStructureI18n();
    expect(i18n.t('structure:pins.title')).toBe('Épinglés');
  });

  it.each(APP_LANGUAGES.filter((l) => l !== 'fr'))('follow a switch to %s, with every key translated', async (language) => {
    await loadStructureI18n();
    await changeLanguage(language);
    await expect.poll(() => i18n.hasResourceBundle(language, STRUCTURE_NS)).toBe(true);
    const missing = leafKeys(frStructure).filter((key) => !i18n.exists(key, { lng: language, ns: STRUCTURE_NS, fallbackLng: [] }));
    expect(missing).toEqual([]);
    expect(i18n.t('structure:contacts.new', { lng: language })).not.toBe('Nouveau contact');
  });
});
