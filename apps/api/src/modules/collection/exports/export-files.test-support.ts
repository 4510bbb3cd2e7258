import { inflateSync } from 'node:zlib';

/**
 * Readers for the files the export endpoints produce, so tests check their content
 * rather than their size: an RFC 4180 CSV parser, and the text and page count of a
 * pdfkit PDF (text is hex-encoded WinAnsi inside Flate-compressed content streams).
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

/** The decompressed content of every Flate stream of the PDF. */
export function inflatePdfStreams(pdf: Buffer): string[] {
  const contents: string[] = [];
  const source = pdf.toString('latin1');
  // A stream starts after its dictionary (">>") and the keyword; "endstream" is not one.
  const starts = /(<<(?:(?!<<)[\s\S])*?>>)\s*stream\r?\n/g;
  for (let match = starts.exec(source); match; match = starts.exec(source)) {
    const begin = match.index + match[0].length;
    const end = source.indexOf('endstream', begin);
    if (end < 0) break;
    if (match[1].includes('/FlateDecode')) {
      try {
        contents.push(inflateSync(pdf.subarray(begin, end)).toString('latin1'));
      } catch {
        // Trailing end-of-line bytes or a stream we cannot read: skip it.
      }
    }
    starts.lastIndex = end + 'endstream'.length;
  }
  return contents;
}

/**
 * The text lines of a PDF: each text object (`BT … ET`) gives one line, its hex strings
 * decoded and joined (kerning numbers between them dropped).
 */
export function extractPdfText(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const content of inflatePdfStreams(pdf)) {
    for (const block of content.match(/BT[\s\S]*?ET/g) ?? []) {
      const text = (block.match(/<([0-9a-fA-F]*)>/g) ?? []).map((h) => decodeWinAnsiHex(h.slice(1, -1))).join('');
      if (text) lines.push(text);
    }
  }
  return lines;
}

/** Pages of a PDF (page objects, not the /Pages tree). */
export function countPdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}
