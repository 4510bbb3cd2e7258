import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * Why a monitor (a supervisor, a target, an evaluation form) is refused, in the caller's
 * language (`ctx.locale`). French is the source; `monitor-rules.texts.unit.test.ts` checks the others.
 */
const fr = {
  surveyNotInCompany: "Ce formulaire n'appartient pas à votre entreprise.",
  evaluationNeeded: "Choisissez un formulaire d'évaluation.",
  anonymousSurvey: 'Un formulaire anonyme ne peut pas servir à superviser : ses réponses ne disent pas qui les a données.',
  targetKindRefused: "Ce formulaire n'évalue pas ce type de cible.",
  targetNotFound: 'Cette cible est introuvable dans votre entreprise.',
  supervisorNotActive: "Ce superviseur n'est pas un agent actif de votre entreprise.",
};
type MonitorRuleText = keyof typeof fr;

const en: Record<MonitorRuleText, string> = {
  surveyNotInCompany: 'This form does not belong to your company.',
  evaluationNeeded: 'Choose an evaluation form.',
  anonymousSurvey: 'An anonymous form cannot be used to supervise: its answers do not say who gave them.',
  targetKindRefused: 'This form does not evaluate this type of target.',
  targetNotFound: 'This target cannot be found in your company.',
  supervisorNotActive: 'This supervisor is not an active agent of your company.',
};
const de: Record<MonitorRuleText, string> = {
  surveyNotInCompany: 'Dieses Formular gehört nicht zu Ihrem Unternehmen.',
  evaluationNeeded: 'Wählen Sie ein Bewertungsformular.',
  anonymousSurvey: 'Ein anonymes Formular kann nicht zur Supervision dienen: Seine Antworten sagen nicht, wer sie gegeben hat.',
  targetKindRefused: 'Dieses Formular bewertet diesen Zieltyp nicht.',
  targetNotFound: 'Dieses Ziel ist in Ihrem Unternehmen nicht zu finden.',
  supervisorNotActive: 'Dieser Supervisor ist kein aktiver Mitarbeiter Ihres Unternehmens.',
};
const es: Record<MonitorRuleText, string> = {
  surveyNotInCompany: 'Este formulario no pertenece a su empresa.',
  evaluationNeeded: 'Elija un formulario de evaluación.',
  anonymousSurvey: 'Un formulario anónimo no puede servir para supervisar: sus respuestas no dicen quién las dio.',
  targetKindRefused: 'Este formulario no evalúa este tipo de destino.',
  targetNotFound: 'Este destino no se encuentra en su empresa.',
  supervisorNotActive: 'Este supervisor no es un agente activo de su empresa.',
};
const esMX: Record<MonitorRuleText, string> = {
  ...es,
  surveyNotInCompany: 'Este formulario no pertenece a tu empresa.',
  evaluationNeeded: 'Elige un formulario de evaluación.',
  targetNotFound: 'Este destino no se encuentra en tu empresa.',
  supervisorNotActive: 'Este supervisor no es un agente activo de tu empresa.',
};
const zhCN: Record<MonitorRuleText, string> = {
  surveyNotInCompany: '该表单不属于贵企业。',
  evaluationNeeded: '请选择一个评估表单。',
  anonymousSurvey: '匿名表单不能用于督导：其回答无法说明是谁提交的。',
  targetKindRefused: '该表单不评估此类目标。',
  targetNotFound: '在贵企业中找不到该目标。',
  supervisorNotActive: '该督导员不是贵企业的在职人员。',
};

export const MONITOR_RULE_TEXTS: MessageTexts<MonitorRuleText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const monitorRuleText = textsReader(MONITOR_RULE_TEXTS);
