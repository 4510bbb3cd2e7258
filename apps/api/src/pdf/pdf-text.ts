import { fontKey, PDF_FACES, type PdfFontStyle, pdfFont } from './pdf-fonts';

type Face = (typeof PDF_FACES)[number];

/** A piece of text drawn with one face. */
export interface TextRun {
  face: Face;
  text: string;
}

const BLANK = /\s/u;

/** Joiners, variation selectors and skin tones (👍🏽, ❤️): no glyph of their own, they stay in their character's run. */
function isJoining(code: number): boolean {
  return (
    (code >= 0x200b && code <= 0x200f) || (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef) || (code >= 0x1f3fb && code <= 0x1f3ff)
  );
}

/**
 * The text cut into runs of one face each: every character goes to the first face of the
 * chain that has it; blanks and joiners stay in the current run (no cut at each space of a
 * Chinese sentence), except blanks after an emoji (the text's font draws them); a character
 * no face has (Arabic, Indic or Thai letters) stays in the current run too and prints as
 * the font's empty box; tabs and control characters become spaces.
 */
export function textRuns(text: string, style: PdfFontStyle): TextRun[] {
  const runs: TextRun[] = [];
  let current: TextRun | null = null;
  for (const typed of text.normalize('NFC').replace(/\r\n?/g, '\n')) {
    // Tabs and other control characters have no glyph: a space keeps the words apart.
    const ch = typed !== '\n' && typed < ' ' ? ' ' : typed;
    const code = ch.codePointAt(0) ?? 0;
    const keep: boolean = current !== null && (isJoining(code) || (BLANK.test(ch) && current.face.drawsBlanks));
    const face: Face | null | undefined = keep ? null : PDF_FACES.find((f) => pdfFont(f, style).hasGlyphForCodePoint(code));
    if (current && (!face || face === current.face)) current.text += ch;
    else {
      current = { face: face ?? PDF_FACES[0], text: ch };
      runs.push(current);
    }
  }
  return runs;
}

/** Selects the face in the style: pdfkit embeds each (face, style) once per document, only the glyphs used. */
export function useFace(doc: PDFKit.PDFDocument, face: Face, style: PdfFontStyle): PDFKit.PDFDocument {
  // pdfkit takes a fontkit font as a source (its types list files and buffers only).
  return doc.font(pdfFont(face, style) as unknown as Buffer, fontKey(face, style));
}

/**
 * `doc.text` for any language: the runs written one after the other (`continued`), so
 * wrapping, alignment, links and underlines work across faces as for one string. The
 * text's first run goes at (x, y) when given; `options.continued` continues past the text.
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  style: PdfFontStyle,
  options: PDFKit.Mixins.TextOptions = {},
  at?: { x: number; y: number },
): PDFKit.PDFDocument {
  const runs = text === '' ? [{ face: PDF_FACES[0], text: '' }] : textRuns(text, style);
  runs.forEach((run, i) => {
    const last = i === runs.length - 1;
    useFace(doc, run.face, style);
    const runOptions = { ...options, continued: last ? options.continued : true };
    if (i === 0 && at) doc.text(run.text, at.x, at.y, runOptions);
    else doc.text(run.text, runOptions);
  });
  return doc;
}

/** The width of the text at the document's font size, each run in its face. */
export function widthOfText(doc: PDFKit.PDFDocument, text: string, style: PdfFontStyle): number {
  return textRuns(text, style).reduce((sum, run) => sum + useFace(doc, run.face, style).widthOfString(run.text), 0);
}

/**
 * The text cut into at most `maxLines` lines of `width` (at a space when the line has one,
 * anywhere in Chinese), the last line ending with "…" when the text does not fit.
 */
export function fitLines(doc: PDFKit.PDFDocument, text: string, style: PdfFontStyle, width: number, maxLines = 1): string[] {
  const lines: string[] = [];
  let rest = [...text.trim()];
  while (rest.length > 0 && lines.length < maxLines) {
    const last = lines.length === maxLines - 1;
    if (widthOfText(doc, rest.join(''), style) <= width) {
      lines.push(rest.join(''));
      return lines;
    }
    // The longest start that fits (with "…" on the last line), then back to its last space.
    let end = 1;
    while (end < rest.length && widthOfText(doc, `${rest.slice(0, end + 1).join('')}${last ? '…' : ''}`, style) <= width) end++;
    const space = rest.lastIndexOf(' ', end);
    if (!last && space > 0) end = space;
    lines.push(last ? `${rest.slice(0, end).join('').trimEnd()}…` : rest.slice(0, end).join('').trimEnd());
    rest = rest.slice(end);
    while (rest[0] === ' ') rest.shift();
  }
  return lines;
}

/**
 * One line, no wrapping, aligned in a box, the position left below it: each run measured
 * in its face and placed by hand (pdfkit aligns each `continued` piece on its own, which misplaces a centred or
 * right-aligned line of several faces: a Chinese label with Latin digits).
 */
export function writeLine(
  doc: PDFKit.PDFDocument,
  text: string,
  style: PdfFontStyle,
  box: { x: number; y: number; width: number; align?: 'left' | 'center' | 'right' },
  options: PDFKit.Mixins.TextOptions = {},
): void {
  const runs = textRuns(text, style);
  const widths = runs.map((run) => useFace(doc, run.face, style).widthOfString(run.text));
  const total = widths.reduce((sum, w) => sum + w, 0);
  const free = Math.max(0, box.width - total);
  let x = box.x + (box.align === 'right' ? free : box.align === 'center' ? free / 2 : 0);
  runs.forEach((run, i) => {
    useFace(doc, run.face, style).text(run.text, x, box.y, { ...options, lineBreak: false });
    x += widths[i];
  });
  // pdfkit leaves y on the line it wrote without wrapping; go below it, as a wrapped line would.
  doc.x = box.x;
  doc.y = box.y + doc.currentLineHeight(true);
}
