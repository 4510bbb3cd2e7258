import { inflateSync } from 'node:zlib';

/**
 * Readers for the files the export endpoints produce, so tests check their content
 * rather than their size: an RFC 4180 CSV parser, and the text and page count of a
 * pdfkit PDF (text is hex-encoded inside Flate-compressed content streams: glyph codes
 * read back through each embedded font's ToUnicode map, or WinAnsi bytes for the
 * standard fonts).
 */

/** Records of a CSV (RFC 4180: quoted fields may hold the separator, "" and line breaks). */
export function parseCsv(text: string, separator = ';'): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === separator) {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

// WinAnsi bytes 0x80-0x9F, in order (unassigned ones kept as their Latin-1 control).
const WIN_ANSI_80_9F = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ';

function decodeWinAnsiHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = Number.parseInt(hex.slice(i, i + 2), 16);
    out += code >= 0x80 && code <= 0x9f ? WIN_ANSI_80_9F[code - 0x80] : String.fromCharCode(code);
  }
  return out;
}

/** A stream's bytes, inflated when it is Flate-compressed (null when it cannot be read). */
function streamContent(pdf: Buffer, dictionary: string, begin: number, end: number): string | null {
  if (!dictionary.includes('/FlateDecode')) return pdf.subarray(begin, end).toString('latin1');
  try {
    return inflateSync(pdf.subarray(begin, end)).toString('latin1');
  } catch {
    // Trailing end-of-line bytes or a stream we cannot read: skip it.
    return null;
  }
}

interface PdfStream {
  /** The number of the object holding the stream. */
  object: number | null;
  content: string;
}

/** Every stream of the PDF with its object's number, Flate streams decompressed. */
function pdfStreams(pdf: Buffer): PdfStream[] {
  const streams: PdfStream[] = [];
  const source = pdf.toString('latin1');
  // A stream starts after its dictionary (">>") and the keyword; "endstream" is not one.
  const starts = /(<<(?:(?!<<)[\s\S])*?>>)\s*stream\r?\n/g;
  for (let match = starts.exec(source); match; match = starts.exec(source)) {
    const begin = match.index + match[0].length;
    const end = source.indexOf('endstream', begin);
    if (end < 0) break;
    const opened = source.lastIndexOf(' 0 obj', match.index);
    const number = opened < 0 ? null : Number(/(\d+)$/.exec(source.slice(Math.max(0, opened - 12), opened))?.[1] ?? Number.NaN);
    const content = streamContent(pdf, match[1], begin, end);
    if (content !== null) streams.push({ object: Number.isNaN(number) ? null : number, content });
    starts.lastIndex = end + 'endstream'.length;
  }
  return streams;
}

/** The decompressed content of every Flate stream of the PDF. */
export function inflatePdfStreams(pdf: Buffer): string[] {
  return pdfStreams(pdf).map((s) => s.content);
}

/** A ToUnicode CMap: glyph code (hex) → text, from its bfchar and bfrange entries. */
function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const text = (hex: string) => {
    const units = hex.replace(/\s/g, '').match(/.{4}/g) ?? [];
    return String.fromCharCode(...units.map((u) => Number.parseInt(u, 16)));
  };
  for (const block of cmap.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? []) {
    for (const [, code, value] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(Number.parseInt(code, 16), text(value));
  }
  for (const block of cmap.match(/beginbfrange([\s\S]*?)endbfrange/g) ?? []) {
    for (const [, from, to, target] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const first = Number.parseInt(from, 16);
      const last = Number.parseInt(to, 16);
      const values = target.startsWith('[') ? (target.match(/<([0-9a-fA-F\s]*)>/g) ?? []).map((h) => text(h.slice(1, -1))) : null;
      for (let code = first; code <= last; code++) {
        if (values) map.set(code, values[code - first] ?? '');
        else {
          const start = Number.parseInt(target.slice(1, -1), 16);
          map.set(code, String.fromCodePoint(start + code - first));
        }
      }
    }
  }
  return map;
}

/**
 * How each font resource name (/F1…) turns its strings into text: through the font's
 * ToUnicode map (embedded fonts write 2-byte glyph codes), else as WinAnsi bytes (the
 * standard fonts).
 */
function fontDecoders(pdf: Buffer, streams: PdfStream[]): Map<string, (hex: string) => string> {
  const source = pdf.toString('latin1');
  const cmaps = new Map(streams.filter((s) => s.object !== null && s.content.includes('begincmap')).map((s) => [s.object, parseToUnicode(s.content)]));
  const toUnicodeOf = new Map<number, Map<number, string>>();
  for (const [, number, body] of source.matchAll(/(\d+) 0 obj\s*<<((?:(?!endobj|stream)[\s\S])*?)>>\s*endobj/g)) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(body);
    const cmap = ref ? cmaps.get(Number(ref[1])) : undefined;
    if (cmap) toUnicodeOf.set(Number(number), cmap);
  }
  const decoders = new Map<string, (hex: string) => string>();
  for (const [, entries] of source.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
    for (const [, name, number] of entries.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const cmap = toUnicodeOf.get(Number(number));
      decoders.set(
        name,
        cmap ? (hex) => (hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((code) => cmap.get(Number.parseInt(code, 16)) ?? '\ufffd').join('') : decodeWinAnsiHex,
      );
    }
  }
  return decoders;
}

/**
 * The text lines of a PDF: the text objects (`BT … ET`) written on one baseline make one
 * line (pdfkit writes a piece per font: a bold label and its value, a Chinese word beside
 * Latin digits), their strings decoded with their font's map and joined (kerning numbers
 * between them dropped).
 */
export function extractPdfText(pdf: Buffer): string[] {
  const streams = pdfStreams(pdf);
  const decoders = fontDecoders(pdf, streams);
  const lines: string[] = [];
  for (const { content } of streams) {
    let font = '';
    let lastY: string | null = null;
    for (const block of content.match(/\bBT\b[\s\S]*?\bET\b/g) ?? []) {
      let text = '';
      for (const [, fontName, hex] of block.matchAll(/\/(\w+) [\d.]+ Tf|<([0-9a-fA-F\s]*)>/g)) {
        if (fontName) font = fontName;
        else text += (decoders.get(font) ?? decodeWinAnsiHex)(hex);
      }
      if (!text) continue;
      const y = /([-\d.]+) Tm/.exec(block)?.[1] ?? null;
      if (y !== null && y === lastY && lines.length) lines[lines.length - 1] += text;
      else lines.push(text);
      lastY = y;
    }
  }
  return lines;
}

/** Pages of a PDF (page objects, not the /Pages tree). */
export function countPdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}
