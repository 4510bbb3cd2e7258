import { type MessageTexts, textsReader } from '../delivery/message-texts';

/**
 * The name a duplicate is stored under (`copy-name.ts`), in the language of the person who
 * duplicates. French is the source; `copy-name.texts.unit.test.ts` checks the others.
 */
const fr = {
  copyOf: '{{name}} (copie)',
};
export type CopyNameText = keyof typeof fr;

const en: Record<CopyNameText, string> = { copyOf: '{{name}} (copy)' };
const de: Record<CopyNameText, string> = { copyOf: '{{name}} (Kopie)' };
const es: Record<CopyNameText, string> = { copyOf: '{{name}} (copia)' };
const zhCN: Record<CopyNameText, string> = { copyOf: '{{name}} (副本)' };

export const COPY_NAME_TEXTS: MessageTexts<CopyNameText> = { fr, en, de, es, 'es-MX': es, 'zh-CN': zhCN };
export const copyNameText = textsReader(COPY_NAME_TEXTS);
