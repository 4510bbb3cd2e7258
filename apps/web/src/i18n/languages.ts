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

/**
 * A supported language for a tag (`en`, `EN-cm`, `es-MX`, `zh-Hans`...): exact, else by
 * base language (any Chinese reads the simplified one we have), else null.
 */
export function matchLanguage(tag: string | null | undefined): AppLanguage | null {
  const text = tag?.trim().toLowerCase().replace('_', '-');
  if (!text) return null;
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === text);
  if (exact) return exact;
  const base = text.split('-')[0];
  if (base === 'zh') return 'zh-CN';
  return SUPPORTED_LOCALES.find((l) => l === base) ?? null;
}

/**
 * Section 9: the browser's language when we have it, else English (sign-up and the
 * update prompt speak it until the person picks a language).
 */
export function browserLanguage(preferred: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])): AppLanguage {
  return preferred.map(matchLanguage).find((l) => l !== null) ?? 'en';
}
