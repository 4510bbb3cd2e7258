import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

/** Undoes PNG row filters (PDF Predictor 15): each row starts with its filter type byte. */
function unpredict(data: Buffer, columns: number, colors: number): Buffer {
  const stride = columns * colors;
  const rows = data.length / (stride + 1);
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

/** Finds the image XObjects of a PDF, renders each to RGBA and returns the first QR code's text. */
export function decodeQrFromPdf(pdf: Buffer): string | null {
  const source = pdf.toString('latin1');
  const starts = /(<<(?:(?!stream)[\s\S])*?\/Subtype \/Image[\s\S]*?>>)\s*stream\r?\n/g;
  for (let match = starts.exec(source); match; match = starts.exec(source)) {
    const dict = match[1];
    if (dict.includes('/SMask') === false && /\/ColorSpace \/DeviceGray/.test(dict) && /\/Decode \[/.test(dict)) continue;
    const begin = match.index + match[0].length;
    const end = source.indexOf('endstream', begin);
    const width = Number(/\/Width (\d+)/.exec(dict)?.[1]);
    const height = Number(/\/Height (\d+)/.exec(dict)?.[1]);
    const colors = /\/DeviceRGB/.test(dict) ? 3 : 1;
    let pixels: Buffer;
    try {
      pixels = inflateSync(pdf.subarray(begin, end));
    } catch {
      continue;
    }
    if (/\/Predictor 1[0-5]/.test(dict)) pixels = unpredict(pixels, width, colors);
    if (pixels.length < width * height * colors) continue;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const [r, g, b] = colors === 3 ? [pixels[i * 3], pixels[i * 3 + 1], pixels[i * 3 + 2]] : [pixels[i], pixels[i], pixels[i]];
      rgba.set([r, g, b, 255], i * 4);
    }
    const found = jsQR(rgba, width, height);
    if (found) return found.data;
  }
  return null;
}
