import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import PDFDocument from 'pdfkit';
import { fitLines, writeLine } from '../../../pdf/pdf-text';

/** One code of a printable sheet: the QR code of its link, the object's name under it, its code. */
export interface SheetItem {
  name: string;
  /** A line under the name (the site of a workspace), or null. */
  subtitle: string | null;
  code: string;
  url: string;
}

/** What the sheet shows, its words already in the reader's language. */
export interface SheetModel {
  title: string;
  companyName: string;
  items: SheetItem[];
  /** Each page's line under the title: company, page number, date. */
  header(page: number, count: number): string;
  /** The line under a name: "Code : W1". */
  codeLine(code: string): string;
}

const MARGIN = 36;
const COLUMNS = 3;
const ROWS = 4;
const QR_SIZE = 140;
const GREY = '#555555';
const NAME_LINE_HEIGHT = 12.5;

/**
 * A4 sheets of QR codes, 12 a page (3 × 4), each with the object's name, its site and
 * its code under it, to cut out and stick on counters and doors. Embedded Unicode fonts
 * (src/pdf), so a Chinese name or a Cameroonian "ŋ" prints as typed.
 *
 * Written page by page into `out` as the client reads it: a page's codes are drawn
 * (`qrPng`), then the event loop gets a turn and, when the client is slower, the sheet
 * waits for it; never the whole file nor all the images in memory.
 */
export async function renderTargetSheet(model: SheetModel, out: PassThrough, qrPng: (url: string) => Promise<Buffer>): Promise<void> {
  // No page margin of pdfkit's own: everything is placed by hand, and a name near the
  // bottom must not make pdfkit start a page by itself.
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: model.title, Author: model.companyName } });
  doc.pipe(out);
  const pageWidth = doc.page.width - 2 * MARGIN;
  const headerHeight = 44;
  const cellWidth = pageWidth / COLUMNS;
  const cellHeight = (doc.page.height - 2 * MARGIN - headerHeight) / ROWS;
  const perPage = COLUMNS * ROWS;
  const pages = Math.max(1, Math.ceil(model.items.length / perPage));
  for (let page = 0; page < pages; page++) {
    if (out.destroyed) return;
    if (page > 0) doc.addPage();
    doc.fontSize(14).fillColor('#000000');
    writeLine(doc, fitLines(doc, model.title, 'bold', pageWidth)[0] ?? '', 'bold', { x: MARGIN, y: MARGIN, width: pageWidth });
    doc.fontSize(9).fillColor(GREY);
    const header = model.header(page + 1, pages);
    writeLine(doc, fitLines(doc, header, 'regular', pageWidth)[0] ?? '', 'regular', { x: MARGIN, y: MARGIN + 20, width: pageWidth });
    const items = model.items.slice(page * perPage, (page + 1) * perPage);
    for (const [index, item] of items.entries()) {
      const x = MARGIN + (index % COLUMNS) * cellWidth;
      const y = MARGIN + headerHeight + Math.floor(index / COLUMNS) * cellHeight;
      // A dashed frame to cut along.
      doc.save().dash(3, { space: 3 }).strokeColor('#bbbbbb').rect(x + 2, y + 2, cellWidth - 4, cellHeight - 4).stroke().restore();
      doc.image(await qrPng(item.url), x + (cellWidth - QR_SIZE) / 2, y + 8, { width: QR_SIZE, height: QR_SIZE });
      const textX = x + 8;
      const textWidth = cellWidth - 16;
      let textY = y + 12 + QR_SIZE;
      // The name on two lines at most, centred, "…" when longer. Lines are set closer than
      // Noto Sans' own height (15 pt at 11 pt): the cell has room for Helvetica's 12.5.
      doc.fontSize(11).fillColor('#000000');
      for (const line of fitLines(doc, item.name, 'bold', textWidth, 2)) {
        writeLine(doc, line, 'bold', { x: textX, y: textY, width: textWidth, align: 'center' });
        textY += NAME_LINE_HEIGHT;
      }
      textY += 2;
      doc.fontSize(8).fillColor(GREY);
      if (item.subtitle) {
        writeLine(doc, fitLines(doc, item.subtitle, 'regular', textWidth)[0] ?? '', 'regular', { x: textX, y: textY, width: textWidth, align: 'center' });
        textY += 11;
      }
      writeLine(doc, model.codeLine(item.code), 'regular', { x: textX, y: textY, width: textWidth, align: 'center' });
    }
    await new Promise((resolve) => setImmediate(resolve));
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  }
  doc.end();
}
