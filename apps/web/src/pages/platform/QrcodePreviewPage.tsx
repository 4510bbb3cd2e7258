import { QrPrintView } from '../../features/surveys/share/QrPrintView';

/** /qrcode-preview?url=… or ?code=… — a QR code large enough to print (public). */
export function QrcodePreviewPage() {
  return <QrPrintView />;
}
