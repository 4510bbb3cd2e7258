import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';

/** What the PDF of one participation shows, already in French and formatted. */
export interface ParticipationPdfModel {
  companyName: string;
  surveyTitle: string;
  /** What "N°" shows: the participation's number in its company. */
  participationId: number;
  /** Label/value lines under the title (statut, répondant, date...). */
  details: Array<[string, string]>;
  sections: Array<{ title: string | null; items: PdfAnswerItem[] }>;
  generatedAt: string;
}

export interface PdfAnswerItem {
  label: string;
  /** The answer as text; null for "Sans réponse". */
  text: string | null;
  /** A JPEG or PNG to embed under the answer. */
  image?: Buffer;
  /** Where the answer's file opens (a file or photo answer): the text becomes a link. */
  link?: string;
}

const MARGIN = 50;

// The standard PDF fonts only know WinAnsi: Latin-1 plus these. Anything else (emoji,
// other scripts) would print as garbage, so it becomes "?".
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** The text as the standard fonts can print it. */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\n' || (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === '\t' || ch === '\r') out += ' ';
    else out += '?';
  }
  return out;
}
const IMAGE_BOX: [number, number] = [260, 200];
const GREY = '#555555';
const ACCENT = '#1c4e80';

function ensureRoom(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
}

function writeHeader(doc: PDFKit.PDFDocument, model: ParticipationPdfModel): void {
  doc.font('Helvetica-Bold').fontSize(17).fillColor(ACCENT).text(model.companyName);
  doc.moveDown(0.2);
  doc.font('Helvetica').fontSize(14).fillColor('black').text(model.surveyTitle);
  doc.moveDown(0.2);
  doc.fontSize(11).fillColor(GREY).text(`Participation n° ${model.participationId}`);
  doc.moveDown(0.6);
  for (const [label, value] of model.details) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('black').text(`${label} : `, { continued: true });
    doc.font('Helvetica').text(value);
  }
  doc.moveDown(0.8);
  const width = doc.page.width - 2 * MARGIN;
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).strokeColor('#cccccc').stroke();
  doc.moveDown(0.8);
}

function writeItem(doc: PDFKit.PDFDocument, item: PdfAnswerItem): void {
  ensureRoom(doc, 40);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text(item.label);
  doc.moveDown(0.15);
  if (item.text === null) doc.font('Helvetica-Oblique').fontSize(10).fillColor(GREY).text('Sans réponse');
  else if (item.link) doc.font('Helvetica').fontSize(10).fillColor(ACCENT).text(item.text, { link: item.link, underline: true });
  else doc.font('Helvetica').fontSize(10).fillColor('black').text(item.text);
  if (item.image) {
    doc.moveDown(0.3);
    ensureRoom(doc, IMAGE_BOX[1]);
    const top = doc.y;
    try {
      doc.image(item.image, MARGIN, top, { fit: IMAGE_BOX });
      doc.y = top + IMAGE_BOX[1];
    } catch {
      // A damaged file must not cost the whole document.
      doc.font('Helvetica-Oblique').fontSize(9).fillColor(GREY).text('(image illisible)');
    }
  }
  doc.moveDown(0.7);
}

function writeFooters(doc: PDFKit.PDFDocument, model: ParticipationPdfModel): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would open a new page: lift it for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(`${model.generatedAt} — page ${i - start + 1} / ${count}`, MARGIN, doc.page.height - 35, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

function printable(model: ParticipationPdfModel): ParticipationPdfModel {
  return {
    ...model,
    companyName: toWinAnsi(model.companyName),
    surveyTitle: toWinAnsi(model.surveyTitle),
    details: model.details.map(([label, value]) => [toWinAnsi(label), toWinAnsi(value)]),
    sections: model.sections.map((section) => ({
      title: section.title === null ? null : toWinAnsi(section.title),
      items: section.items.map((item) => ({ ...item, label: toWinAnsi(item.label), text: item.text === null ? null : toWinAnsi(item.text) })),
    })),
  };
}

/** Writes the PDF into `out` (ends it); standard fonts, WinAnsi text, A4. */
export function renderParticipationPdf(input: ParticipationPdfModel, out: Writable): void {
  const model = printable(input);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${model.surveyTitle} — participation n° ${model.participationId}`, Author: model.companyName },
  });
  doc.pipe(out);
  writeHeader(doc, model);
  for (const section of model.sections) {
    if (section.title) {
      ensureRoom(doc, 60);
      doc.font('Helvetica-Bold').fontSize(13).fillColor(ACCENT).text(section.title);
      doc.moveDown(0.5);
    }
    for (const item of section.items) writeItem(doc, item);
  }
  writeFooters(doc, model);
  doc.end();
}
