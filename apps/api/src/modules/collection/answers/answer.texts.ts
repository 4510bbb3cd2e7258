import type { Locale } from '@app/contracts';
import { type MessageTexts, messageText } from '../../../delivery/message-texts';

/**
 * The words the server writes into an answer's text (review screen, answer lists, results,
 * exports): the one place for yes/no and an unnamed file, in the reader's language.
 */
const fr = { yes: 'Oui', no: 'Non', file: 'Fichier n° {{id}}' };
export type AnswerText = keyof typeof fr;

export const ANSWER_TEXTS: MessageTexts<AnswerText> = {
  fr,
  en: { yes: 'Yes', no: 'No', file: 'File no. {{id}}' },
  de: { yes: 'Ja', no: 'Nein', file: 'Datei Nr. {{id}}' },
  es: { yes: 'Sí', no: 'No', file: 'Archivo n.º {{id}}' },
  'es-MX': { yes: 'Sí', no: 'No', file: 'Archivo núm. {{id}}' },
  'zh-CN': { yes: '是', no: '否', file: '文件 {{id}}' },
};

/** "Oui"/"Yes"/"是"… for a yes/no answer in the reader's language (French by default). */
export function yesNoWord(value: boolean, locale: Locale | string | null | undefined = 'fr'): string {
  return messageText(ANSWER_TEXTS, locale, value ? 'yes' : 'no');
}

export function unnamedFileWord(id: number | string, locale: Locale | string | null | undefined = 'fr'): string {
  return messageText(ANSWER_TEXTS, locale, 'file', { id });
}
