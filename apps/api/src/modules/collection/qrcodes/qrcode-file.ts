import { attachmentHeader } from '../exports/export-filename';
import type { QrFormat } from './qrcode.service';
import { type QrcodeText, qrcodeText } from './qrcodes.texts';

/**
 * The Content-Disposition of a QR code (a survey's, a company's): named in the caller's
 * language, shown in the page unless `download` (`1`/`true`) asks to save it.
 */
export function qrFileDisposition(locale: string, of: QrcodeText, code: string, format: QrFormat, download: string | undefined): string {
  const saved = download === '1' || download === 'true';
  return attachmentHeader(`${qrcodeText(locale, of, { code })}.${format}`, saved ? 'attachment' : 'inline');
}
