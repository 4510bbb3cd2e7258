import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * What the platform writes on the invoices and bill lines it issues to a company (renewal,
 * overage, package fee), in the language of the company's owner (`ownerLocale`), fixed at
 * issue like every text of an invoice. `{{from}}`/`{{to}}` are dates (YYYY-MM-DD); a
 * package's name is the catalogue's, a counted feature's is `feature.<slug>`. French is the source; `platform-billing.texts.unit.test.ts` checks the others.
 */
const fr = {
  renewalNote: 'Renouvellement de votre formule : réglez cette facture avant l’échéance pour la garder.',
  overageNote: 'Dépassements de la période écoulée.',
  packageFee: 'Formule {{name}} du {{from}} au {{to}}',
  packageLine: 'Formule {{name}}',
  overageLine: 'Dépassement {{feature}} ({{used}} pour {{allowed}} inclus)',
  unnamedCompany: 'Entreprise',
  // The counted features by slug (the web's `featureNames`): an overage line names them in
  // the owner's language; package names stay as the platform typed them (DOMAIN.md).
  'feature.surveys': 'Enquêtes',
  'feature.agents': 'Agents',
  'feature.participations': 'Participations par mois',
  'feature.storage': 'Stockage (Mo)',
  'feature.articles': 'Articles',
};
export type PlatformBillingText = keyof typeof fr;

const en: Record<PlatformBillingText, string> = {
  renewalNote: 'Renewal of your package: pay this invoice before the due date to keep it.',
  overageNote: 'Overage of the past period.',
  packageFee: 'Package {{name}} from {{from}} to {{to}}',
  packageLine: 'Package {{name}}',
  overageLine: 'Overage {{feature}} ({{used}} for {{allowed}} included)',
  unnamedCompany: 'Company',
  'feature.surveys': 'Surveys',
  'feature.agents': 'Members',
  'feature.participations': 'Responses per month',
  'feature.storage': 'Storage (MB)',
  'feature.articles': 'Items',
};
const de: Record<PlatformBillingText, string> = {
  renewalNote: 'Verlängerung Ihres Pakets: Begleichen Sie diese Rechnung vor dem Fälligkeitsdatum, um es zu behalten.',
  overageNote: 'Überschreitungen des abgelaufenen Zeitraums.',
  packageFee: 'Paket {{name}} vom {{from}} bis {{to}}',
  packageLine: 'Paket {{name}}',
  overageLine: 'Überschreitung {{feature}} ({{used}} bei {{allowed}} inklusive)',
  unnamedCompany: 'Unternehmen',
  'feature.surveys': 'Umfragen',
  'feature.agents': 'Mitglieder',
  'feature.participations': 'Antworten pro Monat',
  'feature.storage': 'Speicher (MB)',
  'feature.articles': 'Artikel',
};
const es: Record<PlatformBillingText, string> = {
  renewalNote: 'Renovación de su plan: pague esta factura antes del vencimiento para conservarlo.',
  overageNote: 'Excedentes del período anterior.',
  packageFee: 'Plan {{name}} del {{from}} al {{to}}',
  packageLine: 'Plan {{name}}',
  overageLine: 'Excedente {{feature}} ({{used}} para {{allowed}} incluidos)',
  unnamedCompany: 'Empresa',
  'feature.surveys': 'Encuestas',
  'feature.agents': 'Miembros',
  'feature.participations': 'Respuestas por mes',
  'feature.storage': 'Almacenamiento (MB)',
  'feature.articles': 'Artículos',
};
const esMX: Record<PlatformBillingText, string> = {
  ...es,
  renewalNote: 'Renovación de tu plan: paga esta factura antes del vencimiento para conservarlo.',
};
const zhCN: Record<PlatformBillingText, string> = {
  renewalNote: '套餐续订：请在到期日前支付此发票以保留套餐。',
  overageNote: '上一周期的超额使用。',
  packageFee: '套餐 {{name}}（{{from}} 至 {{to}}）',
  packageLine: '套餐 {{name}}',
  overageLine: '超额 {{feature}}（已用 {{used}}，含 {{allowed}}）',
  unnamedCompany: '企业',
  'feature.surveys': '调查',
  'feature.agents': '成员',
  'feature.participations': '每月回答',
  'feature.storage': '存储（MB）',
  'feature.articles': '商品',
};

export const PLATFORM_BILLING_TEXTS: MessageTexts<PlatformBillingText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const platformBillingText = textsReader(PLATFORM_BILLING_TEXTS);
