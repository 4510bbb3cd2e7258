import type { FastifySchemaValidationError } from 'fastify';
import { z } from 'zod';
import { type Locale, statusMessage } from '@app/contracts';
import { translateSchemaMessage } from '@app/contracts/i18n/schema-messages';

// Zod's own messages default to French: the product is French-first, and schema
// authors write their custom messages in French too.
z.config(z.locales.fr());

const localeErrors: Partial<Record<Locale, () => { localeError: (issue: any) => unknown }>> = {
  fr: z.locales.fr,
  en: z.locales.en,
  de: z.locales.de,
  es: z.locales.es,
  'es-MX': z.locales.es,
  'zh-CN': z.locales.zhCN,
};

function render(locale: Locale, issue: Record<string, unknown>): string | undefined {
  const out = localeErrors[locale]?.().localeError(issue);
  if (typeof out === 'string') return out;
  return (out as { message?: string } | undefined)?.message;
}

/**
 * Field errors of a failed schema validation, keyed by dotted path, in the caller's
 * language: zod's default (French) messages are rendered again in the request's locale,
 * a schema author's own message is looked up in the schemas' table of translations
 * (`@app/contracts/i18n/schema-messages`).
 */
export function fieldErrors(
  validation: FastifySchemaValidationError[],
  context: string | undefined,
  locale: Locale,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const v of validation) {
    const pathParts = (v.instancePath ?? '').split('/').filter(Boolean);
    const issue = { ...(v.params as object), code: v.keyword, path: pathParts, input: undefined };
    const isDefault = render('fr', issue) === v.message;
    const message = (isDefault ? render(locale, issue) : v.message && translateSchemaMessage(v.message, locale)) || statusMessage(422, locale);
    const key = pathParts.join('.') || context || '_';
    if (!out[key]) out[key] = [];
    out[key].push(message);
  }
  return out;
}
