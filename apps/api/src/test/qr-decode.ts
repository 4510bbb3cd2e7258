import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

/**
 * Reads every QR code printed in a PDF, without any outside program: each image XObject
 * (a Flate-compressed RGB or grey raster, as pdfkit embeds PNGs) is inflated, its PNG row
 * filters undone when the dictionary says so, and handed to jsQR. Used by the API tests
 * and the browser journeys of QR sheets.
 */
export function decodeQrCodesInPdf(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const found: string[] = [];
  const starts = /(<<(?:(?!stream)[\s\S])*?\/Subtype \/Image[\s\S]*?>>)\s*stream\r?\n/g;
  for (let match = starts.exec(source); match; match = starts.exec(source)) {
    const dict = match[1];
    const begin = match.index + match[0].length;
    const end = source.indexOf('endstream', begin);
    starts.lastIndex = end;
    if (!dict.includes('/FlateDecode')) continue;
    const width = Number(/\/Width (\d+)/.exec(dict)?.[1]);
    const height = Number(/\/Height (\d+)/.exec(dict)?.[1]);
    const colors = /\/DeviceRGB/.test(dict) ? 3 : 1;
    let pixels: Buffer;
    try {
      pixels = inflateSync(pdf.subarray(begin, end));
    } catch {
      continue;
    }
    if (/\/Predictor 1[0-5]/.test(dict)) pixels = unfilterPngRows(pixels, width, colors);
    if (pixels.length < width * height * colors) continue;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const [r, g, b] = colors === 3 ? [pixels[i * 3], pixels[i * 3 + 1], pixels[i * 3 + 2]] : [pixels[i], pixels[i], pixels[i]];
      rgba.set([r, g, b, 255], i * 4);
    }
    const code = jsQR(rgba, width, height);
    if (code) found.push(code.data);
  }
  return found;
}

/** Undoes PNG row filters (PDF Predictor 10–15): each row starts with its filter type. */
function unfilterPngRows(data: Buffer, columns: number, colors: number): Buffer {
  const stride = columns * colors;
  const rows = Math.floor(data.length / (stride + 1));
  const out = Buffer.alloc(rows * stride);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const raw = data[r * (stride + 1) + 1 + i];
      const left = i >= colors ? out[r * stride + i - colors] : 0;
      const up = r > 0 ? out[(r - 1) * stride + i] : 0;
      const upLeft = r > 0 && i >= colors ? out[(r - 1) * stride + i - colors] : 0;
      let value = raw;
      if (type === 1) value = raw + left;
      else if (type === 2) value = raw + up;
      else if (type === 3) value = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      }
      out[r * stride + i] = value & 0xff;
    }
  }
  return out;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** The text of the QR code in a PNG (8-bit, not interlaced, as the qrcode package writes it). */
export function decodeQrPng(png: Buffer): string | null {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('Only 8-bit, non-interlaced PNGs are read here');
      channels = CHANNELS[data[9]];
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const pixels = unfilterPngRows(inflateSync(Buffer.concat(idat)), width, channels);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const p = pixels.subarray(i * channels, (i + 1) * channels);
    const [r, g, b] = channels >= 3 ? [p[0], p[1], p[2]] : [p[0], p[0], p[0]];
    rgba.set([r, g, b, 255], i * 4);
  }
  return jsQR(rgba, width, height)?.data ?? null;
}
