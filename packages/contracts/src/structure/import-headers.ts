import { SUPPORTED_LOCALES } from '../constants';
import { type Locale, pickLocale } from '../status-messages';
import { IMPORT_COLUMNS, type ImportKind } from './imports';

/**
 * The column headers of the import files in each language. The sample a user downloads
 * carries the headers of their language; a file is read with the headers of any language
 * (or the column keys), so a French file sent from an English account still imports.
 * French is `IMPORT_COLUMNS`' own `header`; the test of this file checks that no header
 * of a kind, in any language, names two columns.
 */
type Headers = Record<ImportKind, Record<string, string>>;

const en: Headers = {
  agents: { first_name: 'First name', last_name: 'Last name', email: 'E-mail', phone: 'Phone', job: 'Job title' },
  workspaces: { name: 'Name', code: 'Code', site_code: 'Site code', kind: 'Type' },
};
const de: Headers = {
  agents: { first_name: 'Vorname', last_name: 'Nachname', email: 'E-Mail', phone: 'Telefon', job: 'Funktion' },
  workspaces: { name: 'Name', code: 'Code', site_code: 'Standortcode', kind: 'Typ' },
};
const es: Headers = {
  agents: { first_name: 'Nombre', last_name: 'Apellido', email: 'Correo electrónico', phone: 'Teléfono', job: 'Cargo' },
  workspaces: { name: 'Nombre', code: 'Código', site_code: 'Código del sitio', kind: 'Tipo' },
};
const zhCN: Headers = {
  agents: { first_name: '名', last_name: '姓', email: '电子邮箱', phone: '电话', job: '职务' },
  workspaces: { name: '名称', code: '代码', site_code: '站点代码', kind: '类型' },
};
const fr: Headers = {
  agents: Object.fromEntries(IMPORT_COLUMNS.agents.map((c) => [c.key, c.header])),
  workspaces: Object.fromEntries(IMPORT_COLUMNS.workspaces.map((c) => [c.key, c.header])),
};

export const IMPORT_HEADERS: Record<Locale, Headers> = { fr, en, de, es, 'es-MX': es, 'zh-CN': zhCN };

/** A column's header in a language (French for an unknown one). */
export function importHeader(kind: ImportKind, key: string, locale: string | null | undefined): string {
  return IMPORT_HEADERS[pickLocale(locale)][kind][key] ?? key;
}

/** Every header a column is known by, in every language, and its key. */
export function importHeaderNames(kind: ImportKind, key: string): string[] {
  return [key, ...SUPPORTED_LOCALES.map((locale) => IMPORT_HEADERS[locale][kind][key] ?? key)];
}

/**
 * A header as a file's header row is matched (the API's `validate-rows.ts`): lower case, no
 * accents, no spaces or punctuation, so "E-mail" and "email" match; Chinese letters stay.
 */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}
