import { deTplLib } from '../../../../i18n/locales/de-tpllib';
import { enTplLib } from '../../../../i18n/locales/en-tpllib';
import { esMxTplLib } from '../../../../i18n/locales/es-mx-tpllib';
import { esTplLib } from '../../../../i18n/locales/es-tpllib';
import { frTplLib } from '../../../../i18n/locales/fr-tpllib';
import { zhCnTplLib } from '../../../../i18n/locales/zh-cn-tpllib';
import { defineTextNamespace } from '../../../../i18n/text-namespace';

/** The template library's texts (back office and the company's picker), the six languages shipped together. */
const texts = defineTextNamespace('tpllib', frTplLib, { en: enTplLib, de: deTplLib, es: esTplLib, 'es-MX': esMxTplLib, 'zh-CN': zhCnTplLib });

export const loadTemplateLibraryI18n = texts.load;

export function useTplLibT() {
  return texts.useT().t;
}
