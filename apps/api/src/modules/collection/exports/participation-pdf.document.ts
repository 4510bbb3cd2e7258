import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { writeLine, writeText } from '../../../pdf/pdf-text';

/** What the PDF of one participation shows, already in the reader's language and formatted. */
export interface ParticipationPdfModel {
  companyName: string;
  surveyTitle: string;
  /** "Participation n° 12" in the reader's language. */
  heading: string;
  /** The file's title (its properties). */
  documentTitle: string;
  /** Label/value lines under the title (status, respondent, date...); each label ends with its colon ("Statut : ", "状态："). */
  details: Array<[string, string]>;
  sections: Array<{ title: string | null; items: PdfAnswerItem[] }>;
  /** What an unanswered question and a damaged image show. */
  noAnswer: string;
  unreadableImage: string;
  /** Each page's footer: "Document généré le … — page 1 / 3". */
  footer(page: number, count: number): string;
}

export interface PdfAnswerItem {
  label: string;
  /** The answer as text; null when unanswered. */
  text: string | null;
  /** A JPEG or PNG to embed under the answer. */
  image?: Buffer;
  /** Where the answer's file opens (a file or photo answer): the text becomes a link. */
  link?: string;
}

const MARGIN = 50;
const IMAGE_BOX: [number, number] = [260, 200];
const GREY = '#555555';
const ACCENT = '#1c4e80';

function ensureRoom(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
}

function writeHeader(doc: PDFKit.PDFDocument, model: ParticipationPdfModel): void {
  writeText(doc.fontSize(17).fillColor(ACCENT), model.companyName, 'bold');
  doc.moveDown(0.2);
  writeText(doc.fontSize(14).fillColor('black'), model.surveyTitle, 'regular');
  doc.moveDown(0.2);
  writeText(doc.fontSize(11).fillColor(GREY), model.heading, 'regular');
  doc.moveDown(0.6);
  for (const [label, value] of model.details) {
    writeText(doc.fontSize(10).fillColor('black'), label, 'bold', { continued: true });
    writeText(doc, value, 'regular');
  }
  doc.moveDown(0.8);
  const width = doc.page.width - 2 * MARGIN;
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).strokeColor('#cccccc').stroke();
  doc.moveDown(0.8);
}

function writeItem(doc: PDFKit.PDFDocument, item: PdfAnswerItem, model: ParticipationPdfModel): void {
  ensureRoom(doc, 40);
  writeText(doc.fontSize(11).fillColor('black'), item.label, 'bold');
  doc.moveDown(0.15);
  if (item.text === null) writeText(doc.fontSize(10).fillColor(GREY), model.noAnswer, 'italic');
  else if (item.link) writeText(doc.fontSize(10).fillColor(ACCENT), item.text, 'regular', { link: item.link, underline: true });
  else writeText(doc.fontSize(10).fillColor('black'), item.text, 'regular');
  if (item.image) {
    doc.moveDown(0.3);
    ensureRoom(doc, IMAGE_BOX[1]);
    const top = doc.y;
    try {
      doc.image(item.image, MARGIN, top, { fit: IMAGE_BOX });
      doc.y = top + IMAGE_BOX[1];
    } catch {
      // A damaged file must not cost the whole document.
      writeText(doc.fontSize(9).fillColor(GREY), model.unreadableImage, 'italic');
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
    writeLine(doc.fontSize(8).fillColor(GREY), model.footer(i - start + 1, count), 'regular', {
      x: MARGIN,
      y: doc.page.height - 35,
      width: doc.page.width - 2 * MARGIN,
      align: 'center',
    });
    doc.page.margins.bottom = bottom;
  }
}

/** Writes the PDF into `out` (ends it); embedded Unicode fonts (any language, any answer), A4. */
export function renderParticipationPdf(model: ParticipationPdfModel, out: Writable): void {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: model.documentTitle, Author: model.companyName } });
  doc.pipe(out);
  writeHeader(doc, model);
  for (const section of model.sections) {
    if (section.title) {
      ensureRoom(doc, 60);
      writeText(doc.fontSize(13).fillColor(ACCENT), section.title, 'bold');
      doc.moveDown(0.5);
    }
    for (const item of section.items) writeItem(doc, item, model);
  }
  writeFooters(doc, model);
  doc.end();
}
