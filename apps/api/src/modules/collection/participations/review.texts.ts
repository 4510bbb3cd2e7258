import { countedKey, type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * The review states' words and the refusals built from them (check, uncheck, validate one
 * participation or a filtered set), in the caller's language (`ctx.locale`). One sentence
 * per action rather than a verb slotted into a French sentence: word order and agreement
 * differ between languages. French is the source; `review.texts.unit.test.ts` checks the others.
 */
const fr = {
  in_progress: 'en cours de saisie',
  submitted: 'envoyée',
  checked: 'contrôlée',
  validated: 'validée',
  cannotCheck: "Impossible de contrôler cette participation : elle est {{status}}. Seule une participation envoyée peut l'être.",
  cannotUncheck: "Impossible d'annuler le contrôle de cette participation : elle est {{status}}. Seule une participation contrôlée peut l'être.",
  cannotValidate: "Impossible de valider cette participation : elle est {{status}}. Seule une participation contrôlée peut l'être.",
  bulkChecked_one: '{{count}} participation contrôlée',
  bulkChecked_other: '{{count}} participations contrôlées',
  bulkUnchecked_one: '{{count}} participation remise à contrôler',
  bulkUnchecked_other: '{{count}} participations remises à contrôler',
  bulkValidated_one: '{{count}} participation validée',
  bulkValidated_other: '{{count}} participations validées',
};
export type ReviewText = keyof typeof fr;

const en: Record<ReviewText, string> = {
  in_progress: 'being filled in',
  submitted: 'sent',
  checked: 'checked',
  validated: 'validated',
  cannotCheck: 'Cannot check this participation: it is {{status}}. Only a sent participation can be.',
  cannotUncheck: 'Cannot cancel the check of this participation: it is {{status}}. Only a checked participation can be.',
  cannotValidate: 'Cannot validate this participation: it is {{status}}. Only a checked participation can be.',
  bulkChecked_one: '{{count}} participation checked',
  bulkChecked_other: '{{count}} participations checked',
  bulkUnchecked_one: '{{count}} participation back to checking',
  bulkUnchecked_other: '{{count}} participations back to checking',
  bulkValidated_one: '{{count}} participation validated',
  bulkValidated_other: '{{count}} participations validated',
};
const de: Record<ReviewText, string> = {
  in_progress: 'in Bearbeitung',
  submitted: 'gesendet',
  checked: 'geprüft',
  validated: 'bestätigt',
  cannotCheck: 'Diese Teilnahme kann nicht geprüft werden: Sie ist {{status}}. Nur eine gesendete Teilnahme kann es werden.',
  cannotUncheck: 'Die Prüfung dieser Teilnahme kann nicht aufgehoben werden: Sie ist {{status}}. Nur bei einer geprüften Teilnahme geht das.',
  cannotValidate: 'Diese Teilnahme kann nicht bestätigt werden: Sie ist {{status}}. Nur eine geprüfte Teilnahme kann es werden.',
  bulkChecked_one: '{{count}} Teilnahme geprüft',
  bulkChecked_other: '{{count}} Teilnahmen geprüft',
  bulkUnchecked_one: '{{count}} Teilnahme zur erneuten Prüfung',
  bulkUnchecked_other: '{{count}} Teilnahmen zur erneuten Prüfung',
  bulkValidated_one: '{{count}} Teilnahme bestätigt',
  bulkValidated_other: '{{count}} Teilnahmen bestätigt',
};
const es: Record<ReviewText, string> = {
  in_progress: 'en curso de captura',
  submitted: 'enviada',
  checked: 'controlada',
  validated: 'validada',
  cannotCheck: 'No se puede controlar esta participación: está {{status}}. Solo una participación enviada puede serlo.',
  cannotUncheck: 'No se puede anular el control de esta participación: está {{status}}. Solo una participación controlada puede serlo.',
  cannotValidate: 'No se puede validar esta participación: está {{status}}. Solo una participación controlada puede serlo.',
  bulkChecked_one: '{{count}} participación controlada',
  bulkChecked_other: '{{count}} participaciones controladas',
  bulkUnchecked_one: '{{count}} participación por controlar de nuevo',
  bulkUnchecked_other: '{{count}} participaciones por controlar de nuevo',
  bulkValidated_one: '{{count}} participación validada',
  bulkValidated_other: '{{count}} participaciones validadas',
};
const esMX: Record<ReviewText, string> = { ...es };
const zhCN: Record<ReviewText, string> = {
  in_progress: '填写中',
  submitted: '已提交',
  checked: '已核查',
  validated: '已验证',
  cannotCheck: '无法核查此参与：其状态为{{status}}。只有已提交的参与可以核查。',
  cannotUncheck: '无法撤销此参与的核查：其状态为{{status}}。只有已核查的参与可以撤销。',
  cannotValidate: '无法验证此参与：其状态为{{status}}。只有已核查的参与可以验证。',
  bulkChecked_one: '{{count}} 条参与已核查',
  bulkChecked_other: '{{count}} 条参与已核查',
  bulkUnchecked_one: '{{count}} 条参与待重新核查',
  bulkUnchecked_other: '{{count}} 条参与待重新核查',
  bulkValidated_one: '{{count}} 条参与已验证',
  bulkValidated_other: '{{count}} 条参与已验证',
};

export const REVIEW_TEXTS: MessageTexts<ReviewText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const reviewText = textsReader(REVIEW_TEXTS);

/** "45 participations validées": a bulk run's line of the timeline, in `locale`, singular or plural as it says. */
export function bulkRunName(locale: string, action: 'check' | 'uncheck' | 'validate', count: number): string {
  const base = ({ check: 'bulkChecked', uncheck: 'bulkUnchecked', validate: 'bulkValidated' } as const)[action];
  return reviewText(locale, countedKey(base, locale, count), { count });
}
