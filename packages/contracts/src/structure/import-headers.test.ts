import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../constants';
import { translationProblems } from '../i18n/completeness';
import { IMPORT_HEADERS, importHeader, importHeaderNames, normalizeHeader } from './import-headers';
import { IMPORT_COLUMNS, IMPORT_KINDS } from './imports';

describe('import headers, in every language', () => {
  it.each(SUPPORTED_LOCALES.filter((l) => l !== 'fr'))('%s names every column, translated', (locale) => {
    expect(translationProblems(IMPORT_HEADERS.fr, IMPORT_HEADERS[locale], locale, 'import headers')).toEqual([]);
  });

  it.each(IMPORT_KINDS)('%s: no header of any language names two columns', (kind) => {
    const owner = new Map<string, string>();
    for (const column of IMPORT_COLUMNS[kind]) {
      for (const name of new Set(importHeaderNames(kind, column.key).map(normalizeHeader))) {
        expect(name, `${kind} ${column.key}`).not.toBe('');
        expect(owner.get(name) ?? column.key, `"${name}" names ${owner.get(name)} and ${column.key}`).toBe(column.key);
        owner.set(name, column.key);
      }
    }
  });

  it('matches a header without case, accents, spaces or punctuation, Chinese letters kept', () => {
    expect(normalizeHeader(' Téléphone ')).toBe('telephone');
    expect(normalizeHeader('E-Mail')).toBe(normalizeHeader('email'));
    expect(normalizeHeader('Código del sitio')).toBe('codigodelsitio');
    expect(normalizeHeader('站点 代码')).toBe('站点代码');
  });

  it('answers in the language asked, French for an unknown one', () => {
    expect(importHeader('agents', 'phone', 'en')).toBe('Phone');
    expect(importHeader('workspaces', 'site_code', 'zh-CN')).toBe('站点代码');
    expect(importHeader('agents', 'phone', 'ja')).toBe('Téléphone');
  });
});
