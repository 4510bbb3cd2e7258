import { describe, expect, it } from 'vitest';
import { APP_LANGUAGES } from '../../../i18n/languages';
import { frTargets } from '../../../i18n/locales/fr-targets';
import { TARGETS_MESSAGES } from './targets-i18n';

function leaves(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value !== 'object' || value === null) return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('QR screens texts', () => {
  const source = new Map(leaves(frTargets));

  it.each(APP_LANGUAGES.filter((l) => l !== 'fr'))('%s has every French key, with the same placeholders', (language) => {
    const translated = new Map(leaves(TARGETS_MESSAGES[language]));
    expect([...translated.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [key, text] of translated) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(source.get(key) ?? ''));
    }
  });

  it('German, Spanish and Chinese are translations, not copies of the French', () => {
    for (const language of ['de', 'es', 'zh-CN'] as const) {
      expect(TARGETS_MESSAGES[language].landing.chooseSurvey).not.toBe(frTargets.landing.chooseSurvey);
      expect(TARGETS_MESSAGES[language].qr.copy).not.toBe(frTargets.qr.copy);
    }
  });
});
