import { QrPrintView } from '../../features/collection/share/QrPrintView';

/** /qrcode-preview?url=… or ?code=… — a QR code large enough to print (public). */
export function QrcodePreviewPage() {
  return <QrPrintView />;
}
