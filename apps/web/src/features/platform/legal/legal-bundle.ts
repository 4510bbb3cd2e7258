import { i18n } from '../../../i18n/i18n';
import { deLegal } from '../../../i18n/locales/de-legal';
import { enLegal } from '../../../i18n/locales/en-legal';
import { esLegal } from '../../../i18n/locales/es-legal';
import { privacyFr } from '../../../i18n/locales/fr-legal-privacy';
import { zhCNLegal } from '../../../i18n/locales/zh-cn-legal';
import { termsFr } from '../../../i18n/locales/fr-legal-terms';
import type { LegalDocumentContent } from '../../../i18n/locales/legal.types';
import { defineTextNamespace } from '../../../i18n/text-namespace';

export type LegalDocumentKey = 'privacy' | 'terms';

/**
 * The legal texts are long and read rarely, so their namespace is added to i18n when
 * a legal page's chunk loads instead of living in the main bundle. The six languages
 * ship in that chunk (a legal page renders at once; Mexican Spanish reads the Spanish).
 */
const legalTexts = defineTextNamespace(
  'legal',
  { privacy: privacyFr, terms: termsFr },
  { en: enLegal, de: deLegal, es: esLegal, 'es-MX': esLegal, 'zh-CN': zhCNLegal },
);

/** The document in the reader's language when translated, else French, with the language used. */
export function getLegalDocument(key: LegalDocumentKey, language: string): { doc: LegalDocumentContent; lang: string } {
  legalTexts.ensure();
  const lang = i18n.hasResourceBundle(language, 'legal') ? language : 'fr';
  const doc = i18n.t(key, { ns: 'legal', lng: lang, returnObjects: true }) as unknown as LegalDocumentContent;
  return { doc, lang };
}
