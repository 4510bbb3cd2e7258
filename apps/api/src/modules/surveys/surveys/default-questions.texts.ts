import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * The title of the first step a new evaluation gets with its default questions
 * (`default-questions.ts`), stored in the creator's language. French is the source;
 * `default-questions.texts.unit.test.ts` checks the others.
 */
const fr = {
  stepTitle: 'Questions générales',
};
export type DefaultQuestionsText = keyof typeof fr;

const en: Record<DefaultQuestionsText, string> = { stepTitle: 'General questions' };
const de: Record<DefaultQuestionsText, string> = { stepTitle: 'Allgemeine Fragen' };
const es: Record<DefaultQuestionsText, string> = { stepTitle: 'Preguntas generales' };
const zhCN: Record<DefaultQuestionsText, string> = { stepTitle: '一般问题' };

export const DEFAULT_QUESTIONS_TEXTS: MessageTexts<DefaultQuestionsText> = { fr, en, de, es, 'es-MX': es, 'zh-CN': zhCN };
export const defaultQuestionsText = textsReader(DEFAULT_QUESTIONS_TEXTS);
