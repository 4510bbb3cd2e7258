import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../../i18n/i18n';
import { APP_LANGUAGES } from '../../i18n/languages';
import { frSurveys } from '../../i18n/locales/fr-surveys';
import { loadSurveysI18n, SURVEYS_NS } from './surveys-i18n';

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

afterAll(async () => {
  await changeLanguage('fr');
});

describe('survey texts', () => {
  it('load in French with the screens, not with the shell', async () => {
    await initI18n();
    expect(i18n.hasResourceBundle('fr', SURVEYS_NS)).toBe(false);
    await loadSurveysI18n();
    expect(i18n.t('surveys:nav.surveys')).toBe('Formulaires');
  });

  it.each(APP_LANGUAGES.filter((l) => l !== 'fr'))('follow a switch to %s, with every key translated', async (language) => {
    await loadSurveysI18n();
    await changeLanguage(language);
    // The bundle arrives on the languageChanged event; give it the next turns of the loop.
    await expect.poll(() => i18n.hasResourceBundle(language, SURVEYS_NS)).toBe(true);
    const missing = leafKeys(frSurveys).filter((key) => !i18n.exists(key, { lng: language, ns: SURVEYS_NS, fallbackLng: [] }));
    expect(missing).toEqual([]);
    expect(i18n.t('surveys:lifecycle.publish', { lng: language })).not.toBe('Publier');
  });
});
