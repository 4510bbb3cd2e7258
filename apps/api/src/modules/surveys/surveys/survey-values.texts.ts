import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * Why a survey's shape is refused (its answering window, its target), in the caller's
 * language. French is the source; `survey-values.texts.unit.test.ts` checks the others.
 */
const fr = {
  closesAfterOpens: "La date de clôture doit être postérieure à la date d'ouverture.",
  evaluationNeedsTarget: 'Une évaluation doit indiquer ce qu’elle évalue (agent, group, site, workspace, audience ou company).',
  onlyEvaluationHasTarget: 'Seule une évaluation a une cible.',
};
type SurveyValuesText = keyof typeof fr;

const en: Record<SurveyValuesText, string> = {
  closesAfterOpens: 'The closing date must be after the opening date.',
  evaluationNeedsTarget: 'An evaluation must say what it evaluates (agent, group, site, workspace, audience or company).',
  onlyEvaluationHasTarget: 'Only an evaluation has a target.',
};
const de: Record<SurveyValuesText, string> = {
  closesAfterOpens: 'Das Schlussdatum muss nach dem Eröffnungsdatum liegen.',
  evaluationNeedsTarget: 'Eine Bewertung muss angeben, was sie bewertet (agent, group, site, workspace, audience oder company).',
  onlyEvaluationHasTarget: 'Nur eine Bewertung hat ein Ziel.',
};
const es: Record<SurveyValuesText, string> = {
  closesAfterOpens: 'La fecha de cierre debe ser posterior a la fecha de apertura.',
  evaluationNeedsTarget: 'Una evaluación debe indicar lo que evalúa (agent, group, site, workspace, audience o company).',
  onlyEvaluationHasTarget: 'Solo una evaluación tiene un destino.',
};
const zhCN: Record<SurveyValuesText, string> = {
  closesAfterOpens: '截止日期必须晚于开放日期。',
  evaluationNeedsTarget: '评估必须说明其评估对象（agent、group、site、workspace、audience 或 company）。',
  onlyEvaluationHasTarget: '只有评估才有对象。',
};

export const SURVEY_VALUES_TEXTS: MessageTexts<SurveyValuesText> = { fr, en, de, es, 'es-MX': es, 'zh-CN': zhCN };
export const surveyValuesText = textsReader(SURVEY_VALUES_TEXTS);
