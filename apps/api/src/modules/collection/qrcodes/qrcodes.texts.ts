import { type MessageTexts, textsReader } from '../../../delivery/message-texts';

/**
 * The file names of the QR codes (a survey's public link, a company's code), before the
 * extension, in the caller's language. French is the source;
 * `qrcodes.texts.unit.test.ts` checks the others.
 */
const fr = {
  surveyFile: 'formulaire-{{code}}',
  companyFile: 'entreprise-{{code}}',
};
export type QrcodeText = keyof typeof fr;

const en: Record<QrcodeText, string> = { surveyFile: 'form-{{code}}', companyFile: 'company-{{code}}' };
const de: Record<QrcodeText, string> = { surveyFile: 'formular-{{code}}', companyFile: 'unternehmen-{{code}}' };
const es: Record<QrcodeText, string> = { surveyFile: 'formulario-{{code}}', companyFile: 'empresa-{{code}}' };
const zhCN: Record<QrcodeText, string> = { surveyFile: '表单-{{code}}', companyFile: '企业-{{code}}' };

export const QRCODE_TEXTS: MessageTexts<QrcodeText> = { fr, en, de, es, 'es-MX': es, 'zh-CN': zhCN };
export const qrcodeText = textsReader(QRCODE_TEXTS);
