import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * Why a payment failed, as the payer or the company reads it (`failure-reasons.ts` keeps
 * the code and writes this text at read time). `{{detail}}` is the operator's own word
 * (a status code, its reason), never translated; without one, the sentence without it
 * (no empty brackets). French is the source;
 * `failure-reasons.unit.test.ts` checks the others.
 */
const fr = {
  payerRejected: 'Paiement refusé par le payeur.',
  insufficientFunds: 'Solde insuffisant.',
  payerUnknown: 'Numéro inconnu de l’opérateur.',
  payerTimeout: 'Le payeur n’a pas répondu à temps.',
  cancelled: 'Paiement annulé.',
  operatorError: 'Erreur de l’opérateur.',
  requestUnknown: 'Demande inconnue de l’opérateur.',
  operatorRefused: 'Paiement refusé par l’opérateur.',
  operatorRefusedWithDetail: 'Paiement refusé par l’opérateur ({{detail}}).',
  requestRefused: 'L’opérateur a refusé la demande.',
  requestRefusedWithDetail: 'L’opérateur a refusé la demande ({{detail}}).',
  operatorUnreachable: 'L’opérateur était injoignable : rien n’a été demandé au payeur, réessayez.',
};
export type FailureText = keyof typeof fr;

const en: Record<FailureText, string> = {
  payerRejected: 'Payment declined by the payer.',
  insufficientFunds: 'Insufficient balance.',
  payerUnknown: 'Number unknown to the operator.',
  payerTimeout: 'The payer did not answer in time.',
  cancelled: 'Payment cancelled.',
  operatorError: 'Operator error.',
  requestUnknown: 'Request unknown to the operator.',
  operatorRefused: 'Payment refused by the operator.',
  operatorRefusedWithDetail: 'Payment refused by the operator ({{detail}}).',
  requestRefused: 'The operator refused the request.',
  requestRefusedWithDetail: 'The operator refused the request ({{detail}}).',
  operatorUnreachable: 'The operator could not be reached: nothing was asked of the payer, try again.',
};
const de: Record<FailureText, string> = {
  payerRejected: 'Zahlung vom Zahler abgelehnt.',
  insufficientFunds: 'Unzureichendes Guthaben.',
  payerUnknown: 'Nummer beim Anbieter unbekannt.',
  payerTimeout: 'Der Zahler hat nicht rechtzeitig geantwortet.',
  cancelled: 'Zahlung storniert.',
  operatorError: 'Fehler des Anbieters.',
  requestUnknown: 'Anfrage beim Anbieter unbekannt.',
  operatorRefused: 'Zahlung vom Anbieter abgelehnt.',
  operatorRefusedWithDetail: 'Zahlung vom Anbieter abgelehnt ({{detail}}).',
  requestRefused: 'Der Anbieter hat die Anfrage abgelehnt.',
  requestRefusedWithDetail: 'Der Anbieter hat die Anfrage abgelehnt ({{detail}}).',
  operatorUnreachable: 'Der Anbieter war nicht erreichbar: Vom Zahler wurde nichts angefordert, versuchen Sie es erneut.',
};
const es: Record<FailureText, string> = {
  payerRejected: 'Pago rechazado por el pagador.',
  insufficientFunds: 'Saldo insuficiente.',
  payerUnknown: 'Número desconocido para el operador.',
  payerTimeout: 'El pagador no respondió a tiempo.',
  cancelled: 'Pago anulado.',
  operatorError: 'Error del operador.',
  requestUnknown: 'Solicitud desconocida para el operador.',
  operatorRefused: 'Pago rechazado por el operador.',
  operatorRefusedWithDetail: 'Pago rechazado por el operador ({{detail}}).',
  requestRefused: 'El operador rechazó la solicitud.',
  requestRefusedWithDetail: 'El operador rechazó la solicitud ({{detail}}).',
  operatorUnreachable: 'No se pudo contactar con el operador: no se pidió nada al pagador, inténtelo de nuevo.',
};
const esMX: Record<FailureText, string> = {
  ...es,
  cancelled: 'Pago cancelado.',
  operatorUnreachable: 'No se pudo contactar al operador: no se le pidió nada al pagador, inténtalo de nuevo.',
};
const zhCN: Record<FailureText, string> = {
  payerRejected: '付款人拒绝了付款。',
  insufficientFunds: '余额不足。',
  payerUnknown: '运营商无此号码。',
  payerTimeout: '付款人未及时响应。',
  cancelled: '付款已取消。',
  operatorError: '运营商出错。',
  requestUnknown: '运营商无此请求。',
  operatorRefused: '运营商拒绝了付款。',
  operatorRefusedWithDetail: '运营商拒绝了付款（{{detail}}）。',
  requestRefused: '运营商拒绝了该请求。',
  requestRefusedWithDetail: '运营商拒绝了该请求（{{detail}}）。',
  operatorUnreachable: '无法联系运营商：未向付款人发起任何请求，请重试。',
};

export const FAILURE_TEXTS: MessageTexts<FailureText> = { fr, en, de, es, 'es-MX': esMX, 'zh-CN': zhCN };
export const failureText = textsReader(FAILURE_TEXTS);
