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
 * One issue's message in the caller's language: zod's default (French) message is
 * rendered again in the request's locale, a schema author's own message is looked up in
 * the schemas' table of translations (`@app/contracts/i18n/schema-messages`).
 */
function messageIn(locale: Locale, issue: Record<string, unknown>, written: string | undefined): string {
  const isDefault = render('fr', issue) === written;
  return (isDefault ? render(locale, issue) : written && translateSchemaMessage(written, locale)) || statusMessage(422, locale);
}

/** Field errors of a failed schema validation of a route, keyed by dotted path, in the caller's language. */
export function fieldErrors(
  validation: FastifySchemaValidationError[],
  context: string | undefined,
  locale: Locale,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const v of validation) {
    const pathParts = (v.instancePath ?? '').split('/').filter(Boolean);
    const issue = { ...(v.params as object), code: v.keyword, path: pathParts, input: undefined };
    const key = pathParts.join('.') || context || '_';
    if (!out[key]) out[key] = [];
    out[key].push(messageIn(locale, issue, v.message));
  }
  return out;
}

/** One issue of a schema parsed by hand, in the caller's language (an import's row problem). */
export function issueMessage(issue: z.core.$ZodIssue, locale: Locale): string {
  return messageIn(locale, { ...issue, input: undefined }, issue.message);
}

/**
 * The same for the issues of a schema a route or a service parses itself (`safeParse`),
 * keyed by `keyOf` (by default the dotted path, `body` for the whole).
 */
export function issueDetails(
  issues: readonly z.core.$ZodIssue[],
  locale: Locale,
  keyOf: (issue: z.core.$ZodIssue) => string = (issue) => issue.path.join('.') || 'body',
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = keyOf(issue);
    if (!out[key]) out[key] = [];
    out[key].push(issueMessage(issue, locale));
  }
  return out;
}
