import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { eq } from 'drizzle-orm';
import { pickLocale } from '@app/contracts';
import type { Database } from '../../../db/client';
import { companies } from '../../../db/schema';
import { writeLine, writeText } from '../../../pdf/pdf-text';
import { linesOf, type InvoiceRow } from './invoices.repository';
import { formatInvoiceNumber } from '@app/contracts/commerce';
import { invoicePdfText, type InvoicePdfText } from './invoice-pdf.texts';

const MARGIN = 50;
const ACCENT = '#1c4e80';
/** Invoices are dated on the platform's clock (Cameroon). */
const INVOICE_TIME_ZONE = 'Africa/Douala';

/** Amounts, dates and rates written with Intl in the reader's language. */
export function invoiceFormats(locale: string) {
  const day = new Intl.DateTimeFormat(locale, { timeZone: INVOICE_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const money = new Map<string, Intl.NumberFormat>();
  return {
    /** An amount in integer minor units (XAF has none: 1 500 is 1 500 FCFA; 1 500 EUR cents is 15,00 €). */
    money(minor: number, currency: string): string {
      let format = money.get(currency);
      if (!format) {
        format = new Intl.NumberFormat(locale, { style: 'currency', currency });
        money.set(currency, format);
      }
      return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 0));
    },
    day: (d: Date | null) => (d ? day.format(d) : '—'),
    /** A rate in basis points (1925 is 19.25 %). */
    rate: (basisPoints: number) => percent.format(basisPoints / 10_000),
    number: (n: number) => n.toLocaleString(locale),
  };
}

/** The PDF's file name in the downloader's language ("invoice-FAC-000012.pdf"), for Content-Disposition. */
export function invoiceFileName(invoice: InvoiceRow, requestedLocale?: string | null): string {
  return `${invoicePdfText(pickLocale(requestedLocale), 'fileName', { number: formatInvoiceNumber(invoice) })}.pdf`;
}

/**
 * The invoice's PDF: the company's identity, the customer, the lines, the totals and a QR
 * code of the public check address; its words, dates and amounts in `locale` (the reader's).
 */
export async function renderInvoicePdf(db: Database, invoice: InvoiceRow, checkUrl: string, requestedLocale?: string | null): Promise<Buffer> {
  const locale = pickLocale(requestedLocale);
  const say = (key: InvoicePdfText, values?: Record<string, string | number>) => invoicePdfText(locale, key, values);
  const format = invoiceFormats(locale);
  const [company] = await db.orm.select().from(companies).where(eq(companies.id, invoice.company_id));
  const lines = await linesOf(db, invoice.id);
  const qr = await QRCode.toBuffer(checkUrl, { type: 'png', margin: 1, width: 220, errorCorrectionLevel: 'M' });
  const title = say('title', { number: formatInvoiceNumber(invoice) });
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  writeText(doc.fontSize(18).fillColor(ACCENT), company?.name ?? '', 'bold');
  doc.fontSize(10).fillColor('black');
  for (const part of [company?.address, company?.phone, company?.email, company ? say('companyCode', { code: company.code }) : null]) {
    if (part) writeText(doc, part, 'regular');
  }
  doc.image(qr, doc.page.width - MARGIN - 110, MARGIN, { width: 110 });
  writeLine(doc.fontSize(8), say('checkThisInvoice'), 'regular', { x: doc.page.width - MARGIN - 110, y: MARGIN + 112, width: 110, align: 'center' });
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, MARGIN + 140);

  writeText(doc.fontSize(16), title, 'bold', {}, { x: MARGIN, y: doc.y });
  doc.fontSize(10);
  writeText(doc, say('status', { status: say(`status_${invoice.status}`) }), 'regular');
  writeText(doc, `${say('issuedOn', { date: format.day(invoice.issued_at ?? invoice.created_at) })}    ${say('dueOn', { date: format.day(invoice.due_at) })}`, 'regular');
  writeText(doc, say('checkCode', { code: invoice.code }), 'regular');
  doc.moveDown(0.6);
  writeText(doc, say('customer'), 'bold');
  writeText(doc, invoice.customer_name, 'regular');
  for (const part of [invoice.customer_email, invoice.customer_phone]) if (part) writeText(doc, part, 'regular');
  doc.moveDown(0.8);

  // Designation wraps on the left; quantity, unit price and amount are right-aligned single lines.
  const numberColumns = [
    { x: MARGIN + width * 0.52, width: width * 0.1 },
    { x: MARGIN + width * 0.64, width: width * 0.16 },
    { x: MARGIN + width * 0.82, width: width * 0.18 },
  ];
  const row = (cells: [string, string, string, string], bold = false) => {
    const style = bold ? 'bold' : 'regular';
    const y = doc.y;
    doc.fontSize(10);
    if (cells[0]) writeText(doc, cells[0], style, { width: width * 0.5 }, { x: MARGIN, y });
    const h = doc.y;
    for (const [i, column] of numberColumns.entries()) writeLine(doc, cells[i + 1], style, { ...column, y, align: 'right' });
    doc.x = MARGIN;
    doc.y = Math.max(h, doc.y) + 4;
    if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
  };
  row([say('colLabel'), say('colQuantity'), say('colUnitPrice'), say('colAmount')], true);
  for (const line of lines) {
    row([line.label, format.number(line.quantity), format.money(line.unit_price, invoice.currency), format.money(line.amount, invoice.currency)]);
  }
  doc.moveDown(0.5);
  row(['', '', say('subtotal'), format.money(invoice.subtotal, invoice.currency)]);
  row(['', '', say('vat', { rate: format.rate(invoice.tax_rate_bp) }), format.money(invoice.tax_amount, invoice.currency)]);
  row(['', '', say('total'), format.money(invoice.total, invoice.currency)], true);
  if (invoice.note) {
    doc.moveDown(0.8);
    writeText(doc.fontSize(9), invoice.note, 'regular', {}, { x: MARGIN, y: doc.y });
  }
  doc.moveDown(1);
  writeText(doc.fontSize(8).fillColor('#555555'), say('authenticity', { url: checkUrl }), 'regular', {}, { x: MARGIN, y: doc.y });
  doc.end();
  return done;
}
