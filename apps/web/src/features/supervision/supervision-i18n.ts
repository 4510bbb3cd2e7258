import { enSupervision } from '../../i18n/locales/en-supervision';
import { frSupervision } from '../../i18n/locales/fr-supervision';
import { defineTextNamespace } from '../../i18n/text-namespace';

/**
 * The supervision screens' texts load with those screens: French (the source) and
 * English; the other languages fall back to French.
 */
const supervisionTexts = defineTextNamespace('supervision', frSupervision, { en: enSupervision });

export const SUPERVISION_NS = supervisionTexts.ns;

export const loadSupervisionI18n = supervisionTexts.load;

export function useSupervisionT() {
  return supervisionTexts.useT().t;
}
