import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * Why a question (its type, choices, step, display condition) is refused, in the caller's
 * language; the display conditions' order checks of `surveys/condition-order.ts` too.
 * The settings' and conditions' schema messages come from the schemas' table
 * (`issueDetails`). French is the source; `question-rules.texts.unit.test.ts` checks the others.
 */
const fr = {
  unknownType: 'Type de question inconnu : {{type}}. Types possibles : {{types}}.',
  noChoices: "Une question de type {{type}} n'a pas de choix.",
  conditionInvalid: 'Condition d’affichage invalide.',
  conditionLooksAhead: 'Une condition ne peut porter que sur une question posée avant celle-ci.',
  conditionLooksAheadOf: 'Une condition ne peut porter que sur une question posée avant celle-ci (question « {{label}} »).',
  conditionDependency: "La condition d'affichage de la question « {{label}} » porte sur cet élément : modifiez-la d'abord.",
  conditionUsesChoice: "La condition d'affichage de la question « {{label}} » utilise ce choix : modifiez-la d'abord.",
  stepNotFound: "Cette étape n'existe pas.",
  stepOrDefault: "Indiquez soit l'étape de la question (step_id), soit la cible des questions par défaut (default_for).",
  defaultHasNoStep: "Une question par défaut n'appartient à aucune étape.",
  onlyDefaultHasTarget: 'Seule une question par défaut (hors formulaire) a une cible.',
  stepOfOtherForm: 'Cette étape appartient à un autre formulaire.',
  questionNotFound: "Cette question n'existe pas.",
};
type QuestionRuleText = keyof typeof fr;

const en: Record<QuestionRuleText, string> = {
  unknownType: 'Unknown question type: {{type}}. Possible types: {{types}}.',
  noChoices: 'A question of type {{type}} has no choices.',
  conditionInvalid: 'Invalid display condition.',
  conditionLooksAhead: 'A condition can only look at a question asked before this one.',
  conditionLooksAheadOf: 'A condition can only look at a question asked before this one (question “{{label}}”).',
  conditionDependency: 'The display condition of the question “{{label}}” looks at this item: change it first.',
  conditionUsesChoice: 'The display condition of the question “{{label}}” uses this choice: change it first.',
  stepNotFound: 'This step does not exist.',
  stepOrDefault: "Give either the question's step (step_id) or the target of the default questions (default_for).",
  defaultHasNoStep: 'A default question belongs to no step.',
  onlyDefaultHasTarget: 'Only a default question (outside a form) has a target.',
  stepOfOtherForm: 'This step belongs to another form.',
  questionNotFound: 'This question does not exist.',
};
const de: Record<QuestionRuleText, string> = {
  unknownType: 'Unbekannter Fragetyp: {{type}}. Mögliche Typen: {{types}}.',
  noChoices: 'Eine Frage vom Typ {{type}} hat keine Auswahlmöglichkeiten.',
  conditionInvalid: 'Ungültige Anzeigebedingung.',
  conditionLooksAhead: 'Eine Bedingung kann sich nur auf eine vorher gestellte Frage beziehen.',
  conditionLooksAheadOf: 'Eine Bedingung kann sich nur auf eine vorher gestellte Frage beziehen (Frage „{{label}}“).',
  conditionDependency: 'Die Anzeigebedingung der Frage „{{label}}“ bezieht sich auf dieses Element: Ändern Sie sie zuerst.',
  conditionUsesChoice: 'Die Anzeigebedingung der Frage „{{label}}“ verwendet diese Auswahl: Ändern Sie sie zuerst.',
  stepNotFound: 'Dieser Schritt existiert nicht.',
  stepOrDefault: 'Geben Sie entweder den Schritt der Frage (step_id) oder das Ziel der Standardfragen (default_for) an.',
  defaultHasNoStep: 'Eine Standardfrage gehört zu keinem Schritt.',
  onlyDefaultHasTarget: 'Nur eine Standardfrage (außerhalb eines Formulars) hat ein Ziel.',
  stepOfOtherForm: 'Dieser Schritt gehört zu einem anderen Formular.',
  questionNotFound: 'Diese Frage existiert nicht.',
};
const es: Record<QuestionRuleText, string> = {
  unknownType: 'Tipo de pregunta desconocido: {{type}}. Tipos posibles: {{types}}.',
  noChoices: 'Una pregunta de tipo {{type}} no tiene opciones.',
  conditionInvalid: 'Condición de visualización no válida.',
  conditionLooksAhead: 'Una condición solo puede referirse a una pregunta planteada antes que esta.',
  conditionLooksAheadOf: 'Una condición solo puede referirse a una pregunta planteada antes que esta (pregunta «{{label}}»).',
  conditionDependency: 'La condición de visualización de la pregunta «{{label}}» se refiere a este elemento: modifíquela primero.',
  conditionUsesChoice: 'La condición de visualización de la pregunta «{{label}}» usa esta opción: modifíquela primero.',
  stepNotFound: 'Este paso no existe.',
  stepOrDefault: 'Indique el paso de la pregunta (step_id) o el destino de las preguntas predeterminadas (default_for).',
  defaultHasNoStep: 'Una pregunta predeterminada no pertenece a ningún paso.',
  onlyDefaultHasTarget: 'Solo una pregunta predeterminada (fuera de un formulario) tiene un destino.',
  stepOfOtherForm: 'Este paso pertenece a otro formulario.',
  questionNotFound: 'Esta pregunta no existe.',
};
const esMX: Record<QuestionRuleText, string> = {
  ...es,
  conditionDependency: 'La condición de visualización de la pregunta «{{label}}» se refiere a este elemento: modifícala primero.',
  conditionUsesChoice: 'La condición de visualización de la pregunta «{{label}}» usa esta opción: modifícala primero.',
  stepOrDefault: 'Indica el paso de la pregunta (step_id) o el destino de las preguntas predeterminadas (default_for).',
};
const zhCN: Record<QuestionRuleText, string> = {
  unknownType: '未知的问题类型：{{type}}。可用类型：{{types}}。',
  noChoices: '{{type}} 类型的问题没有选项。',
  conditionInvalid: '显示条件无效。',
  conditionLooksAhead: '条件只能引用在此之前提出的问题。',
  conditionLooksAheadOf: '条件只能引用在此之前提出的问题（问题“{{label}}”）。',
  conditionDependency: '问题“{{label}}”的显示条件引用了此项：请先修改该条件。',
  conditionUsesChoice: '问题“{{label}}”的显示条件使用了此选项：请先修改该条件。',
  stepNotFound: '该步骤不存在。',
  stepOrDefault: '请指定问题的步骤（step_id）或默认问题的对象（default_for），二者选一。',
  defaultHasNoStep: '默认问题不属于任何步骤。',
  onlyDefaultHasTarget: '只有默认问题（表单之外）才有对象。',
  stepOfOtherForm: '该步骤属于另一个表单。',
  questionNotFound: '该问题不存在。',
};

export const QUESTION_RULE_TEXTS: MessageTexts<QuestionRuleText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const questionRuleText = textsReader(QUESTION_RULE_TEXTS);
