import { defineTextNamespace } from '../../i18n/text-namespace';
import { frStructure } from '../../i18n/locales/fr-structure';

/**
 * The structure screens' texts load with those screens. French is bundled here (source
 * and fallback); the other languages load on demand (Mexican Spanish uses the Spanish
 * texts: nothing in them differs).
 */
const structureTexts = defineTextNamespace('structure', frStructure, {
  en: () => import('../../i18n/locales/en-structure').then((m) => m.enStructure),
  de: () => import('../../i18n/locales/de-structure').then((m) => m.deStructure),
  es: () => import('../../i18n/locales/es-structure').then((m) => m.esStructure),
  'es-MX': () => import('../../i18n/locales/es-structure').then((m) => m.esStructure),
  'zh-CN': () => import('../../i18n/locales/zh-cn-structure').then((m) => m.zhCNStructure),
});

export const STRUCTURE_NS = structureTexts.ns;

/** Makes the structure texts available in French and the current language, and follows language changes. */
export const loadStructureI18n = structureTexts.load;

/** `t` of the structure namespace. */
export function useStructureT() {
  return structureTexts.useT().t;
}
