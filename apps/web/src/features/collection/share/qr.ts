import QRCode from 'qrcode';

/**
 * A QR code of `text` as SVG markup, drawn in the browser (no canvas needed), with a
 * quiet zone and medium error correction so a printed code survives a smudge.
 */
export function renderQrSvg(text: string, width = 320): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width, color: { dark: '#000000', light: '#ffffff' } });
}

/** SVG markup as an `<img src>`. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The absolute public link of a survey code on this site (section 2: /m/su/{code}). */
export function publicSurveyUrl(code: string, origin = window.location.origin): string {
  return `${origin}/m/su/${encodeURIComponent(code)}`;
}
