import type { SurveyStatus } from '@app/contracts/surveys';
import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * A survey's lifecycle in the caller's language (`ctx.locale`): its status words, the
 * refusals of a transition its status does not allow (one sentence per action, naming the
 * statuses `SURVEY_TRANSITIONS` / `SURVEY_MODERATION` start from), and the platform's
 * moderation notices, stored in each recipient's language. French is the source;
 * `survey-lifecycle.texts.unit.test.ts` checks the other languages.
 */
const fr = {
  draft: 'brouillon',
  submitted: 'soumis',
  published: 'publié',
  rejected: 'rejeté',
  closed: 'clôturé',
  cannotSubmit: "Impossible de soumettre ce formulaire : il est {{status}}. Seul un formulaire brouillon ou rejeté peut l'être.",
  cannotPublish: "Impossible de publier ce formulaire : il est {{status}}. Seul un formulaire brouillon, rejeté ou soumis peut l'être.",
  cannotReject: "Impossible de rejeter ce formulaire : il est {{status}}. Seul un formulaire soumis peut l'être.",
  cannotClose: "Impossible de clôturer ce formulaire : il est {{status}}. Seul un formulaire publié peut l'être.",
  adminCannotReject: "Impossible de rejeter ce formulaire : il est {{status}}. Seul un formulaire soumis ou publié peut l'être.",
  templateHasNoLifecycle: 'Un modèle ne se publie pas : créez un formulaire à partir de ce modèle.',
  activeQuestionNeeded: 'Ajoutez au moins une question active avant de soumettre le formulaire.',
  closingDatePassed: 'La date de clôture est déjà passée : modifiez-la avant de soumettre.',
  approvalRequired: 'La publication de ce formulaire passe par une approbation : soumettez-le, il sera publié une fois la demande approuvée.',
  approvalPending: "La publication de ce formulaire passe par une demande d'approbation : décidez-en dans les approbations.",
  surveyGone: "Ce formulaire n'existe pas ou a été supprimé.",
  templateNotModerated: 'Un modèle ne se modère pas : il ne reçoit pas de réponses.',
  rejectedByPlatform: "L'équipe de la plateforme a rejeté le formulaire « {{survey}} »",
  closedByPlatform: "L'équipe de la plateforme a clôturé le formulaire « {{survey}} »",
  rejectionReason: 'Raison : {{comment}}',
  structureLocked: "Ce formulaire est {{status}} : ses étapes, questions et choix ne peuvent plus être modifiés. Seul un formulaire en brouillon ou rejeté se modifie ; dupliquez-le pour préparer une nouvelle version.",
  surveyNotFound: "Ce formulaire n'existe pas.",
  notPendingPublication: "Ce formulaire n'est plus en attente de publication.",
  changedMeanwhile: "Ce formulaire a changé d'état entre-temps : réessayez.",
  categoryNotFound: "Cette catégorie n'existe pas.",
  listEveryItemOnce: 'La liste doit contenir chaque élément exactement une fois, et seulement ceux-là.',
  deletePublished: 'Ce formulaire est publié : clôturez-le avant de le supprimer.',
  deletePending: 'Ce formulaire attend sa publication : attendez la décision avant de le supprimer.',
};
export type SurveyLifecycleText = keyof typeof fr;

const en: Record<SurveyLifecycleText, string> = {
  draft: 'a draft',
  submitted: 'submitted',
  published: 'published',
  rejected: 'rejected',
  closed: 'closed',
  cannotSubmit: 'Cannot submit this form: it is {{status}}. Only a draft or rejected form can be.',
  cannotPublish: 'Cannot publish this form: it is {{status}}. Only a draft, rejected or submitted form can be.',
  cannotReject: 'Cannot reject this form: it is {{status}}. Only a submitted form can be.',
  cannotClose: 'Cannot close this form: it is {{status}}. Only a published form can be.',
  adminCannotReject: 'Cannot reject this form: it is {{status}}. Only a submitted or published form can be.',
  templateHasNoLifecycle: 'A template is not published: create a form from this template.',
  activeQuestionNeeded: 'Add at least one active question before submitting the form.',
  closingDatePassed: 'The closing date has already passed: change it before submitting.',
  approvalRequired: 'Publishing this form needs an approval: submit it, it will be published once the request is approved.',
  approvalPending: 'Publishing this form awaits an approval request: decide it in the approvals.',
  surveyGone: 'This form does not exist or was deleted.',
  templateNotModerated: 'A template is not moderated: it receives no answers.',
  rejectedByPlatform: 'The platform team rejected the form “{{survey}}”',
  closedByPlatform: 'The platform team closed the form “{{survey}}”',
  rejectionReason: 'Reason: {{comment}}',
  structureLocked: "This form is {{status}}: its steps, questions and choices can no longer be changed. Only a draft or rejected form can be changed; duplicate it to prepare a new version.",
  surveyNotFound: "This form does not exist.",
  notPendingPublication: 'This form is no longer waiting for publication.',
  changedMeanwhile: 'This form changed state in the meantime: try again.',
  categoryNotFound: 'This category does not exist.',
  listEveryItemOnce: 'The list must contain each item exactly once, and only those.',
  deletePublished: 'This form is published: close it before deleting it.',
  deletePending: 'This form is waiting for publication: wait for the decision before deleting it.',
};
const de: Record<SurveyLifecycleText, string> = {
  draft: 'ein Entwurf',
  submitted: 'eingereicht',
  published: 'veröffentlicht',
  rejected: 'abgelehnt',
  closed: 'abgeschlossen',
  cannotSubmit: 'Dieses Formular kann nicht eingereicht werden: Es ist {{status}}. Nur ein Entwurf oder ein abgelehntes Formular kann es werden.',
  cannotPublish: 'Dieses Formular kann nicht veröffentlicht werden: Es ist {{status}}. Nur ein Entwurf, ein abgelehntes oder eingereichtes Formular kann es werden.',
  cannotReject: 'Dieses Formular kann nicht abgelehnt werden: Es ist {{status}}. Nur ein eingereichtes Formular kann es werden.',
  cannotClose: 'Dieses Formular kann nicht abgeschlossen werden: Es ist {{status}}. Nur ein veröffentlichtes Formular kann es werden.',
  adminCannotReject: 'Dieses Formular kann nicht abgelehnt werden: Es ist {{status}}. Nur ein eingereichtes oder veröffentlichtes Formular kann es werden.',
  templateHasNoLifecycle: 'Eine Vorlage wird nicht veröffentlicht: Erstellen Sie ein Formular aus dieser Vorlage.',
  activeQuestionNeeded: 'Fügen Sie mindestens eine aktive Frage hinzu, bevor Sie das Formular einreichen.',
  closingDatePassed: 'Das Schlussdatum ist bereits vorbei: Ändern Sie es vor dem Einreichen.',
  approvalRequired: 'Die Veröffentlichung dieses Formulars erfordert eine Genehmigung: Reichen Sie es ein, es wird nach Genehmigung des Antrags veröffentlicht.',
  approvalPending: 'Die Veröffentlichung dieses Formulars wartet auf einen Genehmigungsantrag: Entscheiden Sie darüber in den Genehmigungen.',
  surveyGone: 'Dieses Formular existiert nicht oder wurde gelöscht.',
  templateNotModerated: 'Eine Vorlage wird nicht moderiert: Sie erhält keine Antworten.',
  rejectedByPlatform: 'Das Plattform-Team hat das Formular „{{survey}}“ abgelehnt',
  closedByPlatform: 'Das Plattform-Team hat das Formular „{{survey}}“ abgeschlossen',
  rejectionReason: 'Grund: {{comment}}',
  structureLocked: "Dieses Formular ist {{status}}: Seine Schritte, Fragen und Auswahlmöglichkeiten können nicht mehr geändert werden. Nur ein Entwurf oder ein abgelehntes Formular lässt sich ändern; duplizieren Sie es, um eine neue Version vorzubereiten.",
  surveyNotFound: "Dieses Formular existiert nicht.",
  notPendingPublication: 'Dieses Formular wartet nicht mehr auf Veröffentlichung.',
  changedMeanwhile: 'Der Status dieses Formulars hat sich inzwischen geändert: Versuchen Sie es erneut.',
  categoryNotFound: 'Diese Kategorie existiert nicht.',
  listEveryItemOnce: 'Die Liste muss jedes Element genau einmal enthalten, und nur diese.',
  deletePublished: 'Dieses Formular ist veröffentlicht: Schließen Sie es, bevor Sie es löschen.',
  deletePending: 'Dieses Formular wartet auf Veröffentlichung: Warten Sie die Entscheidung ab, bevor Sie es löschen.',
};
const es: Record<SurveyLifecycleText, string> = {
  draft: 'en borrador',
  submitted: 'enviado',
  published: 'publicado',
  rejected: 'rechazado',
  closed: 'cerrado',
  cannotSubmit: 'No se puede enviar este formulario: está {{status}}. Solo un borrador o un formulario rechazado puede serlo.',
  cannotPublish: 'No se puede publicar este formulario: está {{status}}. Solo un borrador o un formulario rechazado o enviado puede serlo.',
  cannotReject: 'No se puede rechazar este formulario: está {{status}}. Solo un formulario enviado puede serlo.',
  cannotClose: 'No se puede cerrar este formulario: está {{status}}. Solo un formulario publicado puede serlo.',
  adminCannotReject: 'No se puede rechazar este formulario: está {{status}}. Solo un formulario enviado o publicado puede serlo.',
  templateHasNoLifecycle: 'Una plantilla no se publica: cree un formulario a partir de esta plantilla.',
  activeQuestionNeeded: 'Agregue al menos una pregunta activa antes de enviar el formulario.',
  closingDatePassed: 'La fecha de cierre ya pasó: modifíquela antes de enviar.',
  approvalRequired: 'La publicación de este formulario requiere una aprobación: envíelo, se publicará una vez aprobada la solicitud.',
  approvalPending: 'La publicación de este formulario espera una solicitud de aprobación: decídala en las aprobaciones.',
  surveyGone: 'Este formulario no existe o fue eliminado.',
  templateNotModerated: 'Una plantilla no se modera: no recibe respuestas.',
  rejectedByPlatform: 'El equipo de la plataforma rechazó el formulario «{{survey}}»',
  closedByPlatform: 'El equipo de la plataforma cerró el formulario «{{survey}}»',
  rejectionReason: 'Motivo: {{comment}}',
  structureLocked: "Este formulario está {{status}}: sus etapas, preguntas y opciones ya no se pueden modificar. Solo un formulario en borrador o rechazado se modifica; duplíquelo para preparar una nueva versión.",
  surveyNotFound: "Este formulario no existe.",
  notPendingPublication: 'Este formulario ya no está pendiente de publicación.',
  changedMeanwhile: 'Este formulario cambió de estado entretanto: vuelva a intentarlo.',
  categoryNotFound: 'Esta categoría no existe.',
  listEveryItemOnce: 'La lista debe contener cada elemento exactamente una vez, y solo esos.',
  deletePublished: 'Este formulario está publicado: ciérrelo antes de eliminarlo.',
  deletePending: 'Este formulario espera su publicación: espere la decisión antes de eliminarlo.',
};
const esMX: Record<SurveyLifecycleText, string> = {
  ...es,
  templateHasNoLifecycle: 'Una plantilla no se publica: crea un formulario a partir de esta plantilla.',
  activeQuestionNeeded: 'Agrega al menos una pregunta activa antes de enviar el formulario.',
  closingDatePassed: 'La fecha de cierre ya pasó: modifícala antes de enviar.',
  approvalRequired: 'La publicación de este formulario requiere una aprobación: envíalo, se publicará una vez aprobada la solicitud.',
  approvalPending: 'La publicación de este formulario espera una solicitud de aprobación: decídela en las aprobaciones.',
  structureLocked: "Este formulario está {{status}}: sus etapas, preguntas y opciones ya no se pueden modificar. Solo un formulario en borrador o rechazado se modifica; duplícalo para preparar una nueva versión.",
  changedMeanwhile: 'Este formulario cambió de estado entretanto: vuelve a intentarlo.',
  deletePublished: 'Este formulario está publicado: ciérralo antes de eliminarlo.',
  deletePending: 'Este formulario espera su publicación: espera la decisión antes de eliminarlo.',
};
const zhCN: Record<SurveyLifecycleText, string> = {
  draft: '草稿',
  submitted: '已提交',
  published: '已发布',
  rejected: '已驳回',
  closed: '已关闭',
  cannotSubmit: '无法提交此表单：其状态为{{status}}。只有草稿或已驳回的表单可以提交。',
  cannotPublish: '无法发布此表单：其状态为{{status}}。只有草稿、已驳回或已提交的表单可以发布。',
  cannotReject: '无法驳回此表单：其状态为{{status}}。只有已提交的表单可以驳回。',
  cannotClose: '无法关闭此表单：其状态为{{status}}。只有已发布的表单可以关闭。',
  adminCannotReject: '无法驳回此表单：其状态为{{status}}。只有已提交或已发布的表单可以驳回。',
  templateHasNoLifecycle: '模板不能发布：请基于此模板创建表单。',
  activeQuestionNeeded: '提交表单前请至少添加一个启用的问题。',
  closingDatePassed: '截止日期已过：请先修改再提交。',
  approvalRequired: '发布此表单需要审批：请提交，申请获批后即会发布。',
  approvalPending: '此表单的发布正在等待审批申请：请在审批中处理。',
  surveyGone: '该表单不存在或已被删除。',
  templateNotModerated: '模板不接受审核：它不接收回答。',
  rejectedByPlatform: '平台团队驳回了表单“{{survey}}”',
  closedByPlatform: '平台团队关闭了表单“{{survey}}”',
  rejectionReason: '原因：{{comment}}',
  structureLocked: "此表单状态为{{status}}：其步骤、问题和选项不能再修改。只有草稿或已驳回的表单可以修改；请复制它来准备新版本。",
  surveyNotFound: "该表单不存在。",
  notPendingPublication: '此表单已不再等待发布。',
  changedMeanwhile: '此表单的状态在此期间已更改：请重试。',
  categoryNotFound: '该类别不存在。',
  listEveryItemOnce: '列表必须恰好包含每个项目一次，且仅包含这些项目。',
  deletePublished: '此表单已发布：请先关闭再删除。',
  deletePending: '此表单正在等待发布：请等待决定后再删除。',
};

export const SURVEY_LIFECYCLE_TEXTS: MessageTexts<SurveyLifecycleText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const surveyLifecycleText = textsReader(SURVEY_LIFECYCLE_TEXTS);

const REFUSALS = { submit: 'cannotSubmit', publish: 'cannotPublish', reject: 'cannotReject', close: 'cannotClose' } as const;

const STATUSES: Record<SurveyStatus, true> = { draft: true, submitted: true, published: true, rejected: true, closed: true };

/** The status word of a survey in `locale` (an unknown status as stored). */
export function surveyStatusWord(locale: string, status: string): string {
  return status in STATUSES ? surveyLifecycleText(locale, status as SurveyStatus) : status;
}

/** The 409 message of a transition that the state machine does not allow, in `locale`. */
export function transitionRefusal(locale: string, action: keyof typeof REFUSALS, status: string): string {
  return surveyLifecycleText(locale, REFUSALS[action], { status: surveyStatusWord(locale, status) });
}
