import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStoredLanguage, browserLanguageUntilChosen, changeLanguage, i18n, initI18n, loadLanguage } from './i18n';
import { LANGUAGE_STORAGE_KEY } from './language-preference';
import { APP_LANGUAGES, type AppLanguage, browserLanguage } from './languages';
import { fr } from './locales/fr';
import { frKit } from './locales/fr-kit';
import { frSession } from './locales/fr-session';

/** Every leaf key of a nested messages object, as dotted paths. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

const others = APP_LANGUAGES.filter((lng): lng is Exclude<AppLanguage, 'fr'> => lng !== 'fr');

beforeAll(async () => {
  await initI18n();
  await Promise.all(others.map((lng) => loadLanguage(lng)));
});

afterAll(async () => {
  await changeLanguage('fr');
});

describe('i18n', () => {
  it('starts in French', () => {
    expect(i18n.language).toBe('fr');
    expect(i18n.t('update:reload')).toBe('Recharger');
  });

  it.each(others)('%s has every key of the update namespace, translated', (lng) => {
    for (const key of leafKeys(fr.update)) {
      expect(i18n.exists(key, { lng, ns: 'update', fallbackLng: [] }), `${lng} update:${key}`).toBe(true);
      const value = i18n.t(key, { lng, ns: 'update' });
      expect(value, `${lng} update:${key}`).not.toBe('');
    }
    // Reload/Close must really be translated, not copied from French.
    if (!lng.startsWith('es')) expect(i18n.t('update:reload', { lng })).not.toBe('Recharger');
  });

  it.each(others)('%s has every key of the French source in every namespace', (lng) => {
    const missing = Object.entries(fr).flatMap(([ns, messages]) =>
      leafKeys(messages).filter((key) => !i18n.exists(key, { lng, ns, fallbackLng: [] })),
    );
    expect(missing).toEqual([]);
  });

  it.each(others)('%s translates every text of the signed-in area (session namespace)', (lng) => {
    const keys = Object.keys(frSession.session);
    expect(keys.filter((key) => !i18n.exists(key, { lng, ns: 'session', fallbackLng: [] }))).toEqual([]);
    if (!lng.startsWith('es')) expect(i18n.t('session:businessTitle', { lng })).not.toBe(frSession.session.businessTitle);
    expect(i18n.t('session:welcome', { lng, name: 'Awa' })).toContain('Awa');
  });

  it('starts in the language chosen before on this device (a reload keeps it)', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    await applyStoredLanguage(localStorage);
    expect(i18n.language).toBe('de');
    expect(i18n.t('session:activeCompany')).toBe('Aktives Unternehmen');
    expect(document.documentElement.lang).toBe('de');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    await changeLanguage('fr');
    await applyStoredLanguage(localStorage);
    expect(i18n.language).toBe('fr');
  });

  it.each(others)('%s translates every text of the screen kit and the navigation frame', (lng) => {
    const kitKeys = leafKeys(frKit.kit).filter((key) => !key.endsWith('_one') || lng !== 'zh-CN');
    expect(kitKeys.filter((key) => !i18n.exists(key, { lng, ns: 'kit', fallbackLng: [] }))).toEqual([]);
    const navKeys = leafKeys(frKit.nav);
    expect(navKeys.filter((key) => !i18n.exists(key, { lng, ns: 'nav', fallbackLng: [] }))).toEqual([]);
    if (!lng.startsWith('es')) expect(i18n.t('kit:noMoreItems', { lng })).not.toBe(frKit.kit.noMoreItems);
    expect(i18n.t('nav:items.surveys', { lng })).not.toBe('items.surveys');
  });

  it('switches language and keeps <html lang> in step', async () => {
    await changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('update:close')).toBe('Close');
    expect(document.documentElement.lang).toBe('en');
    await changeLanguage('zh-CN');
    expect(i18n.t('update:reload')).toBe('重新加载');
    // Kept on the device for the public answering page.
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
    await changeLanguage('es-MX');
    expect(i18n.t('common:backHome')).toBe('Regresar al inicio');
    await changeLanguage('fr');
    expect(i18n.t('update:close')).toBe('Fermer');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('the update prompt follows the browser language, else English, until the person picks one (section 9)', async () => {
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    expect(browserLanguage(['de-AT', 'fr'])).toBe('de');
    expect(browserLanguage(['zh-Hans-CN'])).toBe('zh-CN');
    expect(browserLanguage(['ja-JP', 'ko'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
    expect(await browserLanguageUntilChosen(['es-MX', 'en'])).toBe('es-MX');
    expect(i18n.hasResourceBundle('es-MX', 'update')).toBe(true);
    // Not a choice: the app stays in French and nothing is kept, the next start is French again.
    expect(i18n.language).toBe('fr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    await changeLanguage('fr');
    // Once a language is picked, the prompt speaks it (the app's).
    expect(await browserLanguageUntilChosen(['de'])).toBeNull();
  });
});
