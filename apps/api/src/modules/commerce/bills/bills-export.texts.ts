import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * The words of a company's billing export (`bills.export.ts`), in the reader's language:
 * file and sheet names, column headers and the kinds of line. The line's own label is
 * stored as it was written. French is the source; `bills-export.texts.unit.test.ts` checks the others.
 */
const fr = {
  file: 'facturation',
  sheet: 'Facturation',
  number: 'N°',
  date: 'Date',
  kind: 'Type',
  label: 'Libellé',
  quantity: 'Quantité',
  unitPrice: 'Prix unitaire',
  amount: 'Montant',
  currency: 'Devise',
  periodStart: 'Début de période',
  periodEnd: 'Fin de période',
  transaction: 'Transaction',
  package_fee: 'Formule',
  overage: 'Dépassement',
  payment_fee: 'Frais de paiement',
};
export type BillsExportText = keyof typeof fr;

const en: Record<BillsExportText, string> = {
  file: 'billing',
  sheet: 'Billing',
  number: 'No.',
  date: 'Date',
  kind: 'Type',
  label: 'Label',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  amount: 'Amount',
  currency: 'Currency',
  periodStart: 'Period start',
  periodEnd: 'Period end',
  transaction: 'Transaction',
  package_fee: 'Package',
  overage: 'Overage',
  payment_fee: 'Payment fee',
};
const de: Record<BillsExportText, string> = {
  file: 'abrechnung',
  sheet: 'Abrechnung',
  number: 'Nr.',
  date: 'Datum',
  kind: 'Art',
  label: 'Bezeichnung',
  quantity: 'Menge',
  unitPrice: 'Stückpreis',
  amount: 'Betrag',
  currency: 'Währung',
  periodStart: 'Beginn des Zeitraums',
  periodEnd: 'Ende des Zeitraums',
  transaction: 'Transaktion',
  package_fee: 'Paket',
  overage: 'Überschreitung',
  payment_fee: 'Zahlungsgebühr',
};
const es: Record<BillsExportText, string> = {
  file: 'facturacion',
  sheet: 'Facturación',
  number: 'N.º',
  date: 'Fecha',
  kind: 'Tipo',
  label: 'Concepto',
  quantity: 'Cantidad',
  unitPrice: 'Precio unitario',
  amount: 'Importe',
  currency: 'Moneda',
  periodStart: 'Inicio del período',
  periodEnd: 'Fin del período',
  transaction: 'Transacción',
  package_fee: 'Plan',
  overage: 'Excedente',
  payment_fee: 'Comisión de pago',
};
const esMX: Record<BillsExportText, string> = { ...es, number: 'Núm.', amount: 'Monto' };
const zhCN: Record<BillsExportText, string> = {
  file: '账单明细',
  sheet: '账单明细',
  number: '编号',
  date: '日期',
  kind: '类型',
  label: '名称',
  quantity: '数量',
  unitPrice: '单价',
  amount: '金额',
  currency: '币种',
  periodStart: '周期开始',
  periodEnd: '周期结束',
  transaction: '交易',
  package_fee: '套餐',
  overage: '超额',
  payment_fee: '支付手续费',
};

export const BILLS_EXPORT_TEXTS: MessageTexts<BillsExportText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const billsExportText = textsReader(BILLS_EXPORT_TEXTS);
