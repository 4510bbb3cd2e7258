import { SURVEY_REFUSAL_MESSAGES } from '@app/contracts/surveys';
import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * Why a survey cannot be answered, in the caller's language (the request's Accept-Language):
 * its public page, its definition, a submission, a media upload, a contribution. French is
 * the source (the refusals' French lives in contracts, shared with the web); the unit test
 * checks the other languages with `translationProblems`.
 */
const fr = {
  signInRequired: 'Connectez-vous pour répondre à ce formulaire.',
  ...SURVEY_REFUSAL_MESSAGES,
};
export type SurveyAnsweringText = keyof typeof fr;

const en: Record<SurveyAnsweringText, string> = {
  signInRequired: 'Sign in to answer this form.',
  not_published: 'This form is not published.',
  closed: 'This form is closed: it no longer accepts answers.',
  inactive: 'This form is deactivated for now.',
  unavailable: 'This form is not available for now.',
  not_open_yet: 'This form is not open for answers yet.',
  expired: 'The answering period of this form is over.',
  quota_reached: 'This form has reached its maximum number of answers.',
  company_unavailable: 'The company of this form is not available for now.',
};
const de: Record<SurveyAnsweringText, string> = {
  signInRequired: 'Melden Sie sich an, um dieses Formular zu beantworten.',
  not_published: 'Dieses Formular ist nicht veröffentlicht.',
  closed: 'Dieses Formular ist abgeschlossen: Es nimmt keine Antworten mehr an.',
  inactive: 'Dieses Formular ist derzeit deaktiviert.',
  unavailable: 'Dieses Formular ist derzeit nicht verfügbar.',
  not_open_yet: 'Dieses Formular ist noch nicht für Antworten geöffnet.',
  expired: 'Der Antwortzeitraum dieses Formulars ist abgelaufen.',
  quota_reached: 'Dieses Formular hat die maximale Anzahl an Antworten erreicht.',
  company_unavailable: 'Das Unternehmen dieses Formulars ist derzeit nicht verfügbar.',
};
const es: Record<SurveyAnsweringText, string> = {
  signInRequired: 'Inicie sesión para responder a este formulario.',
  not_published: 'Este formulario no está publicado.',
  closed: 'Este formulario está cerrado: ya no recibe respuestas.',
  inactive: 'Este formulario está desactivado por el momento.',
  unavailable: 'Este formulario no está disponible por el momento.',
  not_open_yet: 'Este formulario todavía no está abierto a respuestas.',
  expired: 'El periodo de respuesta de este formulario ha terminado.',
  quota_reached: 'Este formulario alcanzó el número máximo de respuestas.',
  company_unavailable: 'La empresa de este formulario no está disponible por el momento.',
};
const esMX: Record<SurveyAnsweringText, string> = {
  ...es,
  signInRequired: 'Inicia sesión para responder este formulario.',
};
const zhCN: Record<SurveyAnsweringText, string> = {
  signInRequired: '请登录后填写此表单。',
  not_published: '此表单尚未发布。',
  closed: '此表单已关闭：不再接收回答。',
  inactive: '此表单目前已停用。',
  unavailable: '此表单目前不可用。',
  not_open_yet: '此表单尚未开放作答。',
  expired: '此表单的作答期限已结束。',
  quota_reached: '此表单的回答数已达上限。',
  company_unavailable: '此表单所属的公司目前不可用。',
};

export const SURVEY_ANSWERING_TEXTS: MessageTexts<SurveyAnsweringText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const surveyAnsweringText = textsReader(SURVEY_ANSWERING_TEXTS);
