import { type Locale, pickLocale, SUPPORTED_LOCALES } from '@app/contracts';

/**
 * The texts of one kind of e-mail or SMS in the six languages (French the source; each
 * module's `*.texts.unit.test.ts` checks the others with `translationProblems`).
 */
export type MessageTexts<K extends string> = Record<Locale, Record<K, string>>;

/** One text in the recipient's language (French for an unknown one), `{{name}}` filled. */
export function messageText<K extends string>(texts: MessageTexts<K>, locale: string | null | undefined, key: K, values: Record<string, string | number> = {}): string {
  return texts[pickLocale(locale)][key].replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * A module's reader of its table: `(locale, key, values?)`, so that a service throws its
 * error in the caller's language with `xText(ctx.locale, 'key')` rather than repeating the
 * table at every site. The request's locale reaches services as `ctx.locale` (contextOf).
 */
export function textsReader<K extends string>(texts: MessageTexts<K>) {
  return (locale: string | null | undefined, key: K, values?: Record<string, string | number>): string => messageText(texts, locale, key, values);
}

/** One Intl.PluralRules per language: building one costs more than asking it. */
const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * The key of a counted text for `count` in the language of `locale`: `{base}_one` when the
 * language says "one" for it (in French 0 and 1, in English 1 only: Intl.PluralRules), else
 * `{base}_other`. The tables write those two forms only; the others a language has ("many")
 * read as "other", as i18next does on the web.
 */
export function countedKey<B extends string>(base: B, locale: string | null | undefined, count: number): `${B}_one` | `${B}_other` {
  const language = pickLocale(locale);
  const rules = pluralRules.get(language) ?? new Intl.PluralRules(language);
  pluralRules.set(language, rules);
  return rules.select(count) === 'one' ? `${base}_one` : `${base}_other`;
}

/**
 * A text written once per language, for a message stored for several people who each read
 * it in their own language (`users.locale`): a notification's title to a company's managers.
 */
export function inEveryLocale(write: (locale: Locale) => string): Record<Locale, string> {
  return Object.fromEntries(SUPPORTED_LOCALES.map((locale) => [locale, write(locale)])) as Record<Locale, string>;
}
