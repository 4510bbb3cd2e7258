import QRCode from 'qrcode';
import { surveyPublicPath } from '@app/contracts/surveys';

export type QrFormat = 'png' | 'svg';

export const QR_DEFAULT_SIZE = 512;
export const QR_MIN_SIZE = 128;
export const QR_MAX_SIZE = 2048;

/** Quartile correction: printed codes survive folds and stains, and still scan on a phone. */
const options = { errorCorrectionLevel: 'Q' as const, margin: 2 };

/** The QR code of `text` as PNG bytes or SVG markup, `size` pixels wide. */
export async function renderQrCode(text: string, format: QrFormat, size = QR_DEFAULT_SIZE): Promise<Buffer | string> {
  if (format === 'png') return QRCode.toBuffer(text, { ...options, type: 'png', width: size });
  return QRCode.toString(text, { ...options, type: 'svg', width: size });
}

/**
 * The QR code of `text` for print sheets: 4 pixels a module (about 150 pixels wide), an
 * exact grid that the PDF scales up; eight times cheaper to draw than a 400-pixel one.
 */
export async function renderSheetQrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...options, type: 'png', scale: 4 });
}

/** The absolute public link of a survey: `{base}/m/su/{code}`. */
export function surveyPublicUrl(baseUrl: string, code: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${surveyPublicPath(code)}`;
}

export const QR_CONTENT_TYPES: Record<QrFormat, string> = {
  png: 'image/png',
  svg: 'image/svg+xml; charset=utf-8',
};
