/**
 * The messages schema authors write in French (`.min(1, 'Le nom est obligatoire')`,
 * `{ message: … }`, `addIssue`), rendered in the caller's language. Schemas keep their
 * French text (the web forms show it as written, and it is what a French caller reads);
 * the French text is the key of its translations in `schema-message-texts.ts`, so a
 * schema reads as before and the table is the one place a message gets its languages.
 * The server's field errors (`fieldErrors` for a route's schemas, `issueDetails` for a
 * schema parsed by hand, apps/api/src/http/validation-messages.ts) pass every author's
 * message through `translateSchemaMessage`; a unit test of the API
 * (`http/schema-messages.unit.test.ts`) fails when a schema writes a message the table
 * does not know. The web forms' own checks before sending translate with the same table
 * (apps/web/src/lib/schema-language.ts), so they speak the user's language as the server does.
 */
import type { Locale } from '../status-messages';
import { SCHEMA_MESSAGE_TEXTS, type SchemaMessageTranslations } from './schema-message-texts';
import { isSignupMessageKey, translateSignupMessage } from './signup-messages';

export { SCHEMA_MESSAGE_TEXTS, type SchemaMessageTranslations };

/** Placeholders that hold a number (a limit, a year, an amount written with spaces). */
const NUMBER_PLACEHOLDERS = new Set(['min', 'max', 'limit', 'days', 'amount']);
/** Placeholders that hold technical names (event names, types): left as they are. */
const NAME_PATTERN = '([\\w.,:\\s-]+)';
/** `{{label}}` holds another message of the table (a field's name), translated with it. */
const LABEL = 'label';

interface Template {
  key: string;
  names: string[];
  pattern: RegExp;
}

function templateOf(key: string): Template {
  const names: string[] = [];
  const source = key
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      if (NUMBER_PLACEHOLDERS.has(name)) return '(-?\\d[\\d\\s.,]*)';
      return name === LABEL ? '(.+?)' : NAME_PATTERN;
    })
    .join('');
  return { key, names, pattern: new RegExp(`^${source}$`) };
}

const entries = SCHEMA_MESSAGE_TEXTS as Record<string, SchemaMessageTranslations>;
// The most specific first: a longer fixed text wins over a shorter one.
const templates = Object.keys(entries)
  .filter((key) => key.includes('{{'))
  .map(templateOf)
  .sort((a, b) => b.key.replace(/\{\{\w+\}\}/g, '').length - a.key.replace(/\{\{\w+\}\}/g, '').length);

function textIn(entry: SchemaMessageTranslations, key: string, locale: Locale): string {
  if (locale === 'fr') return key;
  if (locale === 'es-MX') return entry['es-MX'] ?? entry.es;
  return entry[locale];
}

/** Every message of the table in one language, keyed by its French text (completeness tests). */
export function schemaMessagesIn(locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).map(([key, entry]) => [key, textIn(entry, key, locale)]));
}

/** The table's entry and the values of its placeholders for a message, if the table knows it. */
function lookUp(message: string): { key: string; values: Record<string, string> } | undefined {
  if (Object.hasOwn(entries, message) && !message.includes('{{')) return { key: message, values: {} };
  for (const template of templates) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(template.names.map((name, i) => [name, match[i + 1] ?? '']));
    // A label must itself be a message of the table, or this template is not the one.
    if (LABEL in values && !Object.hasOwn(entries, values[LABEL] as string)) continue;
    return { key: template.key, values };
  }
  return undefined;
}

/** Whether a schema's message has its translations (sign-up messages included). */
export function knowsSchemaMessage(message: string): boolean {
  return isSignupMessageKey(message) || lookUp(message) !== undefined;
}

/**
 * A schema author's message in a language; a message the table does not know is
 * returned as written. Sign-up messages (English keys, `signup-messages.ts`) too.
 */
export function translateSchemaMessage(message: string, locale: Locale): string {
  if (isSignupMessageKey(message)) return translateSignupMessage(message, locale);
  const found = lookUp(message);
  if (!found) return message;
  const text = textIn(entries[found.key] as SchemaMessageTranslations, found.key, locale);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = found.values[name];
    if (value === undefined) return whole;
    return name === LABEL ? textIn(entries[value] as SchemaMessageTranslations, value, locale) : value;
  });
}
