import { type AnswerMessages, FR_ANSWER_MESSAGES, type Locale, pickLocale } from '@app/contracts';
import { DE_ANSWER_MESSAGES } from '@app/contracts/i18n/answer-messages-de';
import { EN_ANSWER_MESSAGES } from '@app/contracts/i18n/answer-messages-en';
import { ES_ANSWER_MESSAGES } from '@app/contracts/i18n/answer-messages-es';
import { ES_MX_ANSWER_MESSAGES } from '@app/contracts/i18n/answer-messages-es-mx';
import { ZH_CN_ANSWER_MESSAGES } from '@app/contracts/i18n/answer-messages-zh-cn';
import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * What answering a survey says back, in the caller's language (the request's
 * Accept-Language): the submission's errors and its confirmation. French is the source;
 * `participation.texts.unit.test.ts` checks the other languages with `translationProblems`.
 */
const fr = {
  surveyNotFound: 'Formulaire introuvable.',
  keyReused: 'Cette clé client_uuid a déjà servi pour une autre réponse.',
  alreadySubmitted: 'Cette participation est déjà envoyée : elle ne peut plus être modifiée.',
  alreadyParticipated: 'Vous avez déjà répondu à ce formulaire.',
  invalidAnswers: 'Certaines réponses ne sont pas valides.',
  geolocationRequired: 'La position est obligatoire pour répondre à ce formulaire.',
  targetMissing: 'Indiquez ce qui est évalué.',
  targetKindRefused: 'Ce formulaire n’évalue pas ce type de cible.',
  targetNotFound: 'La cible évaluée est introuvable.',
  fileNotFound: 'Fichier introuvable : envoyez-le de nouveau.',
  invalidEmail: "L'adresse e-mail n'est pas valide.",
  invalidPhone: "Le numéro de téléphone n'est pas valide.",
  unknownQuestion: 'Cette question ne fait pas partie du formulaire.',
  duplicateAnswer: 'Une seule réponse par question.',
  questionNotYours: 'Vous ne pouvez pas répondre à cette question.',
  created: 'Votre réponse a été enregistrée.',
  updated: 'Votre réponse a été mise à jour.',
  replayed: 'Votre réponse était déjà enregistrée.',
};
export type ParticipationText = keyof typeof fr;

const en: Record<ParticipationText, string> = {
  surveyNotFound: 'Form not found.',
  keyReused: 'This client_uuid key was already used for another answer.',
  alreadySubmitted: 'This participation is already sent: it can no longer be changed.',
  alreadyParticipated: 'You have already answered this form.',
  invalidAnswers: 'Some answers are not valid.',
  geolocationRequired: 'Your location is required to answer this form.',
  targetMissing: 'Say what is being evaluated.',
  targetKindRefused: 'This form does not evaluate this kind of target.',
  targetNotFound: 'The evaluated target cannot be found.',
  fileNotFound: 'File not found: send it again.',
  invalidEmail: 'The e-mail address is not valid.',
  invalidPhone: 'The phone number is not valid.',
  unknownQuestion: 'This question is not part of the form.',
  duplicateAnswer: 'Only one answer per question.',
  questionNotYours: 'You cannot answer this question.',
  created: 'Your answer was saved.',
  updated: 'Your answer was updated.',
  replayed: 'Your answer was already saved.',
};
const de: Record<ParticipationText, string> = {
  surveyNotFound: 'Formular nicht gefunden.',
  keyReused: 'Dieser client_uuid-Schlüssel wurde bereits für eine andere Antwort verwendet.',
  alreadySubmitted: 'Diese Teilnahme ist bereits gesendet: Sie kann nicht mehr geändert werden.',
  alreadyParticipated: 'Sie haben dieses Formular bereits beantwortet.',
  invalidAnswers: 'Einige Antworten sind ungültig.',
  geolocationRequired: 'Ihr Standort ist erforderlich, um dieses Formular zu beantworten.',
  targetMissing: 'Geben Sie an, was bewertet wird.',
  targetKindRefused: 'Dieses Formular bewertet diese Art von Ziel nicht.',
  targetNotFound: 'Das bewertete Ziel wurde nicht gefunden.',
  fileNotFound: 'Datei nicht gefunden: Senden Sie sie erneut.',
  invalidEmail: 'Die E-Mail-Adresse ist ungültig.',
  invalidPhone: 'Die Telefonnummer ist ungültig.',
  unknownQuestion: 'Diese Frage gehört nicht zum Formular.',
  duplicateAnswer: 'Nur eine Antwort pro Frage.',
  questionNotYours: 'Sie können diese Frage nicht beantworten.',
  created: 'Ihre Antwort wurde gespeichert.',
  updated: 'Ihre Antwort wurde aktualisiert.',
  replayed: 'Ihre Antwort war bereits gespeichert.',
};
const es: Record<ParticipationText, string> = {
  surveyNotFound: 'Formulario no encontrado.',
  keyReused: 'Esta clave client_uuid ya se usó para otra respuesta.',
  alreadySubmitted: 'Esta participación ya se envió: ya no se puede modificar.',
  alreadyParticipated: 'Ya respondió a este formulario.',
  invalidAnswers: 'Algunas respuestas no son válidas.',
  geolocationRequired: 'La ubicación es obligatoria para responder a este formulario.',
  targetMissing: 'Indique lo que se evalúa.',
  targetKindRefused: 'Este formulario no evalúa este tipo de objetivo.',
  targetNotFound: 'No se encuentra el objetivo evaluado.',
  fileNotFound: 'Archivo no encontrado: envíelo de nuevo.',
  invalidEmail: 'La dirección de correo electrónico no es válida.',
  invalidPhone: 'El número de teléfono no es válido.',
  unknownQuestion: 'Esta pregunta no forma parte del formulario.',
  duplicateAnswer: 'Una sola respuesta por pregunta.',
  questionNotYours: 'No puede responder a esta pregunta.',
  created: 'Su respuesta se guardó.',
  updated: 'Su respuesta se actualizó.',
  replayed: 'Su respuesta ya estaba guardada.',
};
const esMX: Record<ParticipationText, string> = {
  ...es,
  alreadyParticipated: 'Ya respondiste este formulario.',
  geolocationRequired: 'La ubicación es obligatoria para responder este formulario.',
  targetMissing: 'Indica lo que se evalúa.',
  questionNotYours: 'No puedes responder esta pregunta.',
  fileNotFound: 'Archivo no encontrado: envíalo de nuevo.',
  created: 'Tu respuesta se guardó.',
  updated: 'Tu respuesta se actualizó.',
  replayed: 'Tu respuesta ya estaba guardada.',
};
const zhCN: Record<ParticipationText, string> = {
  surveyNotFound: '找不到该表单。',
  keyReused: '此 client_uuid 密钥已用于另一份回答。',
  alreadySubmitted: '此参与已提交：无法再修改。',
  alreadyParticipated: '您已填写过此表单。',
  invalidAnswers: '部分回答无效。',
  geolocationRequired: '填写此表单需要提供您的位置。',
  targetMissing: '请指明评估对象。',
  targetKindRefused: '此表单不评估这类对象。',
  targetNotFound: '找不到被评估的对象。',
  fileNotFound: '找不到文件：请重新发送。',
  invalidEmail: '电子邮件地址无效。',
  invalidPhone: '电话号码无效。',
  unknownQuestion: '此问题不属于该表单。',
  duplicateAnswer: '每个问题只能回答一次。',
  questionNotYours: '您不能回答此问题。',
  created: '您的回答已保存。',
  updated: '您的回答已更新。',
  replayed: '您的回答此前已保存。',
};

export const PARTICIPATION_TEXTS: MessageTexts<ParticipationText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const participationText = textsReader(PARTICIPATION_TEXTS);

/** An answer's own checks (required, format, bounds), in the words the web shows in that language. */
const ANSWER_MESSAGES: Record<Locale, AnswerMessages> = {
  fr: FR_ANSWER_MESSAGES,
  en: EN_ANSWER_MESSAGES,
  de: DE_ANSWER_MESSAGES,
  es: ES_ANSWER_MESSAGES,
  'es-MX': ES_MX_ANSWER_MESSAGES,
  'zh-CN': ZH_CN_ANSWER_MESSAGES,
};
export const answerMessagesIn = (locale: string | null | undefined): AnswerMessages => ANSWER_MESSAGES[pickLocale(locale)];
