import { type Locale, pickLocale } from '@app/contracts/status-messages';
import { z } from 'zod';
import fr from 'zod/v4/locales/fr.js';
import { currentLanguage, i18n } from '../i18n/i18n';

/**
 * The messages a form's own check shows (a contract's zod schema, checked before sending)
 * in the interface's language, as the server answers in it (apps/api/src/http/validation-messages.ts):
 * zod's built-in messages through zod's locale of that language, a schema author's message
 * (written in French) through the contracts' table of translations. French, the product's
 * first language, needs neither: the other languages' pieces load when one is chosen.
 */
z.config(fr());

type ZodLocale = () => { default: () => Parameters<typeof z.config>[0] };
const ZOD_LOCALES: Record<Exclude<Locale, 'fr'>, () => Promise<ReturnType<ZodLocale>>> = {
  en: () => import('zod/v4/locales/en.js'),
  de: () => import('zod/v4/locales/de.js'),
  es: () => import('zod/v4/locales/es.js'),
  'es-MX': () => import('zod/v4/locales/es.js'),
  'zh-CN': () => import('zod/v4/locales/zh-CN.js'),
};

let translate: ((message: string, locale: Locale) => string) | null = null;
let ready: Promise<void> = Promise.resolve();

function follow(language: string): Promise<void> {
  const locale = pickLocale(language);
  ready = (async () => {
    if (locale === 'fr') {
      z.config(fr());
      return;
    }
    const [zodLocale, messages] = await Promise.all([ZOD_LOCALES[locale](), import('@app/contracts/i18n/schema-messages')]);
    // Another language chosen meanwhile: its own load decides.
    if (pickLocale(currentLanguage()) !== locale) return;
    z.config(zodLocale.default());
    translate = messages.translateSchemaMessage;
  })();
  return ready;
}
i18n.on('languageChanged', (language: string) => void follow(language));
void follow(currentLanguage());

/** Resolves once the current language's messages are in place (tests wait for it after a switch). */
export function schemaLanguageReady(): Promise<void> {
  return ready;
}

/** A schema's message in the interface's language (an author's French text translated; others as they are). */
export function schemaMessage(message: string): string {
  const locale = pickLocale(currentLanguage());
  return locale === 'fr' || !translate ? message : translate(message, locale);
}

const dottedPath = (path: PropertyKey[]) => path.map(String).join('.');

/**
 * The first message per field of a zod check, in the interface's language, for a Mantine
 * form's `validate`. A field is an issue's dotted path (`fieldOf` may name it otherwise);
 * an issue on the whole value is under `''`.
 */
export function schemaFormErrors(schema: z.ZodType<unknown>, values: unknown, fieldOf: (path: PropertyKey[]) => string = dottedPath): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path);
    if (!(field in errors)) errors[field] = schemaMessage(issue.message);
  }
  return errors;
}
