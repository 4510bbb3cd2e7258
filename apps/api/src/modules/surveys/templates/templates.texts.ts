import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * Errors of survey templates (publishing one, using a premium one), in the caller's
 * language (`ctx.locale`). Package names stay as the platform typed them. French is the
 * source; `templates.texts.unit.test.ts` checks the others with `translationProblems`.
 */
const fr = {
  templateEmpty: 'Ajoutez au moins une question avant de publier ce modèle.',
  premiumRequired: 'Ce modèle est réservé aux formules qui incluent les modèles premium. {{upgrade}}',
  upgradeTo: 'Passez à la formule {{names}} dans Formules (packages) pour l’utiliser.',
  noPremiumOffer: 'Aucune formule ne l’inclut pour le moment : contactez l’équipe de la plateforme.',
  packageName: '« {{name}} »',
  or: ' ou ',
  servesTypes: 'Ce modèle sert aux types suivants : {{types}}.',
  mainTypeServed: 'Le type principal du modèle doit figurer parmi les types qu’il sert.',
  platformOnlyPricing: 'Le prix et le caractère premium ne concernent que les modèles de la plateforme.',
};
export type TemplatesText = keyof typeof fr;

const en: Record<TemplatesText, string> = {
  templateEmpty: 'Add at least one question before publishing this template.',
  premiumRequired: 'This template is reserved for packages that include premium templates. {{upgrade}}',
  upgradeTo: 'Switch to the {{names}} package in Packages to use it.',
  noPremiumOffer: 'No package includes it for now: contact the platform team.',
  packageName: '“{{name}}”',
  or: ' or ',
  servesTypes: 'This template serves the following types: {{types}}.',
  mainTypeServed: 'The template’s main type must be among the types it serves.',
  platformOnlyPricing: 'The price and the premium flag only apply to the platform’s templates.',
};
const de: Record<TemplatesText, string> = {
  templateEmpty: 'Fügen Sie mindestens eine Frage hinzu, bevor Sie diese Vorlage veröffentlichen.',
  premiumRequired: 'Diese Vorlage ist Paketen mit Premium-Vorlagen vorbehalten. {{upgrade}}',
  upgradeTo: 'Wechseln Sie unter Pakete zum Paket {{names}}, um sie zu nutzen.',
  noPremiumOffer: 'Derzeit enthält sie kein Paket: Wenden Sie sich an das Team der Plattform.',
  packageName: '„{{name}}“',
  or: ' oder ',
  servesTypes: 'Diese Vorlage dient den folgenden Typen: {{types}}.',
  mainTypeServed: 'Der Haupttyp der Vorlage muss zu den Typen gehören, denen sie dient.',
  platformOnlyPricing: 'Preis und Premium-Kennzeichen betreffen nur die Vorlagen der Plattform.',
};
const es: Record<TemplatesText, string> = {
  templateEmpty: 'Añada al menos una pregunta antes de publicar esta plantilla.',
  premiumRequired: 'Esta plantilla está reservada a los planes que incluyen las plantillas premium. {{upgrade}}',
  upgradeTo: 'Cámbiese al plan {{names}} en Planes para usarla.',
  noPremiumOffer: 'Por el momento ningún plan la incluye: contacte con el equipo de la plataforma.',
  packageName: '«{{name}}»',
  or: ' o ',
  servesTypes: 'Esta plantilla sirve para los tipos siguientes: {{types}}.',
  mainTypeServed: 'El tipo principal de la plantilla debe figurar entre los tipos para los que sirve.',
  platformOnlyPricing: 'El precio y el carácter premium solo conciernen a las plantillas de la plataforma.',
};
const esMX: Record<TemplatesText, string> = {
  ...es,
  templateEmpty: 'Agrega al menos una pregunta antes de publicar esta plantilla.',
  upgradeTo: 'Cámbiate al plan {{names}} en Planes para usarla.',
  noPremiumOffer: 'Por el momento ningún plan la incluye: contacta al equipo de la plataforma.',
};
const zhCN: Record<TemplatesText, string> = {
  templateEmpty: '发布此模板前请至少添加一个问题。',
  premiumRequired: '此模板仅限包含高级模板的套餐使用。{{upgrade}}',
  upgradeTo: '请在“套餐”中切换到 {{names}} 套餐以使用它。',
  noPremiumOffer: '目前没有套餐包含它：请联系平台团队。',
  packageName: '“{{name}}”',
  or: '或',
  servesTypes: '此模板适用于以下类型：{{types}}。',
  mainTypeServed: '模板的主类型必须在其适用的类型之中。',
  platformOnlyPricing: '价格和高级属性仅适用于平台的模板。',
};

export const TEMPLATES_TEXTS: MessageTexts<TemplatesText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const templatesText = textsReader(TEMPLATES_TEXTS);
