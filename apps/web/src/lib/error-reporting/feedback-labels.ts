import type { AppLanguage } from '../../i18n/languages';

/** The words of the Sentry feedback widget, every key the widget shows. */
export interface FeedbackLabels {
  triggerLabel: string;
  triggerAriaLabel: string;
  formTitle: string;
  nameLabel: string;
  namePlaceholder: string;
  emailLabel: string;
  emailPlaceholder: string;
  messageLabel: string;
  messagePlaceholder: string;
  isRequiredLabel: string;
  submitButtonLabel: string;
  cancelButtonLabel: string;
  confirmButtonLabel: string;
  addScreenshotButtonLabel: string;
  removeScreenshotButtonLabel: string;
  successMessageText: string;
}

const fr: FeedbackLabels = {
  triggerLabel: 'Signaler un problème',
  triggerAriaLabel: 'Signaler un problème',
  formTitle: 'Signaler un problème',
  nameLabel: 'Nom (facultatif)',
  namePlaceholder: 'Votre nom',
  emailLabel: 'E-mail (facultatif)',
  emailPlaceholder: 'vous@exemple.cm',
  messageLabel: 'Que s’est-il passé ?',
  messagePlaceholder: 'Décrivez le problème et ce que vous faisiez.',
  isRequiredLabel: '(obligatoire)',
  submitButtonLabel: 'Envoyer',
  cancelButtonLabel: 'Annuler',
  confirmButtonLabel: 'Confirmer',
  addScreenshotButtonLabel: 'Ajouter une capture d’écran',
  removeScreenshotButtonLabel: 'Retirer la capture d’écran',
  successMessageText: 'Merci, votre message a été envoyé.',
};

const en: FeedbackLabels = {
  triggerLabel: 'Report a problem',
  triggerAriaLabel: 'Report a problem',
  formTitle: 'Report a problem',
  nameLabel: 'Name (optional)',
  namePlaceholder: 'Your name',
  emailLabel: 'E-mail (optional)',
  emailPlaceholder: 'you@example.com',
  messageLabel: 'What happened?',
  messagePlaceholder: 'Describe the problem and what you were doing.',
  isRequiredLabel: '(required)',
  submitButtonLabel: 'Send',
  cancelButtonLabel: 'Cancel',
  confirmButtonLabel: 'Confirm',
  addScreenshotButtonLabel: 'Add a screenshot',
  removeScreenshotButtonLabel: 'Remove the screenshot',
  successMessageText: 'Thank you, your message has been sent.',
};

const de: FeedbackLabels = {
  triggerLabel: 'Problem melden',
  triggerAriaLabel: 'Problem melden',
  formTitle: 'Problem melden',
  nameLabel: 'Name (optional)',
  namePlaceholder: 'Ihr Name',
  emailLabel: 'E-Mail (optional)',
  emailPlaceholder: 'sie@beispiel.de',
  messageLabel: 'Was ist passiert?',
  messagePlaceholder: 'Beschreiben Sie das Problem und was Sie gerade getan haben.',
  isRequiredLabel: '(erforderlich)',
  submitButtonLabel: 'Senden',
  cancelButtonLabel: 'Abbrechen',
  confirmButtonLabel: 'Bestätigen',
  addScreenshotButtonLabel: 'Bildschirmfoto hinzufügen',
  removeScreenshotButtonLabel: 'Bildschirmfoto entfernen',
  successMessageText: 'Danke, Ihre Nachricht wurde gesendet.',
};

const es: FeedbackLabels = {
  triggerLabel: 'Informar de un problema',
  triggerAriaLabel: 'Informar de un problema',
  formTitle: 'Informar de un problema',
  nameLabel: 'Nombre (opcional)',
  namePlaceholder: 'Su nombre',
  emailLabel: 'Correo electrónico (opcional)',
  emailPlaceholder: 'usted@ejemplo.com',
  messageLabel: '¿Qué ha pasado?',
  messagePlaceholder: 'Describa el problema y lo que estaba haciendo.',
  isRequiredLabel: '(obligatorio)',
  submitButtonLabel: 'Enviar',
  cancelButtonLabel: 'Cancelar',
  confirmButtonLabel: 'Confirmar',
  addScreenshotButtonLabel: 'Añadir una captura de pantalla',
  removeScreenshotButtonLabel: 'Quitar la captura de pantalla',
  successMessageText: 'Gracias, su mensaje ha sido enviado.',
};

const zhCN: FeedbackLabels = {
  triggerLabel: '报告问题',
  triggerAriaLabel: '报告问题',
  formTitle: '报告问题',
  nameLabel: '姓名（可选）',
  namePlaceholder: '您的姓名',
  emailLabel: '电子邮箱（可选）',
  emailPlaceholder: 'you@example.com',
  messageLabel: '发生了什么？',
  messagePlaceholder: '请描述问题以及您当时正在做的事情。',
  isRequiredLabel: '（必填）',
  submitButtonLabel: '发送',
  cancelButtonLabel: '取消',
  confirmButtonLabel: '确认',
  addScreenshotButtonLabel: '添加截图',
  removeScreenshotButtonLabel: '移除截图',
  successMessageText: '谢谢，您的消息已发送。',
};

/** Per language (Mexican Spanish uses the Spanish words). */
export const FEEDBACK_LABELS: Record<AppLanguage, FeedbackLabels> = { fr, en, de, es, 'es-MX': es, 'zh-CN': zhCN };

/** The widget's words in `language`; French (the app's start language) for anything else. */
export function feedbackLabels(language: string | null | undefined): FeedbackLabels {
  return FEEDBACK_LABELS[language as AppLanguage] ?? fr;
}
