import { SUPPORTED_LOCALES } from '@app/contracts/constants';

export type AppLanguage = (typeof SUPPORTED_LOCALES)[number];

/** The app starts in French whatever the browser says (section 4, start-up). */
export const DEFAULT_LANGUAGE: AppLanguage = 'fr';

/**
 * Each language is named in itself (endonym), the convention for language pickers:
 * a reader who does not understand the current interface still finds their own.
 */
export const LANGUAGE_NAMES: Record<AppLanguage, string> = {
  fr: 'Français',
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  'es-MX': 'Español (México)',
  'zh-CN': '简体中文',
};

export const APP_LANGUAGES = SUPPORTED_LOCALES;

export function isAppLanguage(value: string): value is AppLanguage {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value);
}
