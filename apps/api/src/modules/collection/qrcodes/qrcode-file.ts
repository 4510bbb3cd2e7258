import { attachmentHeader } from '../exports/export-filename';
import type { QrFormat } from './qrcode.service';
import { type QrcodeText, qrcodeText } from './qrcodes.texts';

/** The Content-Disposition of a QR code file: shown in the page unless `download` (`1`/`true`) asks to save it. */
export function qrDisposition(filename: string, download: string | undefined): string {
  const saved = download === '1' || download === 'true';
  return attachmentHeader(filename, saved ? 'attachment' : 'inline');
}

/** A survey's or a company's QR code, named in the caller's language. */
export function qrFileDisposition(locale: string, of: QrcodeText, code: string, format: QrFormat, download: string | undefined): string {
  return qrDisposition(`${qrcodeText(locale, of, { code })}.${format}`, download);
}
