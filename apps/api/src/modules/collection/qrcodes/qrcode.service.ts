import QRCode from 'qrcode';
import { surveyPublicPath } from '@app/contracts/surveys';

export type QrFormat = 'png' | 'svg';

export const QR_DEFAULT_SIZE = 512;
export const QR_MIN_SIZE = 128;
export const QR_MAX_SIZE = 2048;

/** Quartile correction: printed codes survive folds and stains, and still scan on a phone. */
const options = { errorCorrectionLevel: 'Q' as const, margin: 2 };

/**
 * A buffer of its own: a small one may be a slice of Node's shared 8 KiB pool, which
 * would stay in memory whole as long as the slice is kept (and escape the byte count).
 */
function unpooled(buffer: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(own);
  return own;
}

function drawQrCode(text: string, format: QrFormat, size: number): Promise<Buffer | string> {
  if (format === 'png') return QRCode.toBuffer(text, { ...options, type: 'png', width: size }).then(unpooled);
  return QRCode.toString(text, { ...options, type: 'svg', width: size });
}

/**
 * `renderQrCode` with the codes drawn lately kept, up to `maxBytes` (least recently used
 * dropped first): a code never changes, and a public poster's code is asked for by every
 * phone that shows it, each draw of a 2,048-pixel PNG costing tens of milliseconds of CPU.
 */
export function keptQrRenderer(maxBytes: number) {
  const kept = new Map<string, Promise<Buffer | string>>();
  const sizes = new Map<string, number>();
  let bytes = 0;
  const forget = (key: string) => {
    bytes -= sizes.get(key) ?? 0;
    sizes.delete(key);
    kept.delete(key);
  };
  return function render(text: string, format: QrFormat, size = QR_DEFAULT_SIZE): Promise<Buffer | string> {
    const key = `${format}|${size}|${text}`;
    const known = kept.get(key);
    if (known) {
      // Most recently used last.
      kept.delete(key);
      kept.set(key, known);
      return known;
    }
    // The promise is kept at once, so requests arriving together draw the code once.
    const drawing = drawQrCode(text, format, size);
    kept.set(key, drawing);
    drawing.then(
      (body) => {
        if (kept.get(key) !== drawing) return;
        sizes.set(key, body.length);
        bytes += body.length;
        for (const oldest of kept.keys()) {
          if (bytes <= maxBytes) break;
          if (sizes.has(oldest)) forget(oldest);
        }
      },
      () => kept.get(key) === drawing && forget(key),
    );
    return drawing;
  };
}

/** The QR code of `text` as PNG bytes or SVG markup, `size` pixels wide (kept: keptQrRenderer). */
export const renderQrCode = keptQrRenderer(8 * 1024 * 1024);

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
