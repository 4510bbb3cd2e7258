import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { companies } from '../../../db/schema';
import { toWinAnsi } from '../../collection/exports/participation-pdf.document';
import { linesOf, type InvoiceRow } from './invoices.repository';
import { formatInvoiceNumber } from '@app/contracts/commerce';

const MARGIN = 50;
const ACCENT = '#1c4e80';
const STATUS_LABELS: Record<InvoiceRow['status'], string> = {
  draft: 'Brouillon',
  open: 'À payer',
  paid: 'Payée',
  closed: 'Clôturée',
  cancelled: 'Annulée',
};

/** 1 500 XAF: French grouping with a narrow space the standard fonts can print. */
export function formatMoney(amount: number, currency: string): string {
  return `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} ${currency}`;
}

const day = (d: Date | null) => (d ? d.toLocaleDateString('fr-FR', { timeZone: 'Africa/Douala' }) : '—');

/** The invoice's PDF: the company's identity, the customer, the lines, the totals and a QR code of the public check address. */
export async function renderInvoicePdf(db: Database, invoice: InvoiceRow, checkUrl: string): Promise<Buffer> {
  const [company] = await db.orm.select().from(companies).where(eq(companies.id, invoice.company_id));
  const lines = await linesOf(db, invoice.id);
  const qr = await QRCode.toBuffer(checkUrl, { type: 'png', margin: 1, width: 220, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `Facture ${formatInvoiceNumber(invoice)}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const t = (s: string) => toWinAnsi(s);
  const width = doc.page.width - 2 * MARGIN;

  doc.font('Helvetica-Bold').fontSize(18).fillColor(ACCENT).text(t(company?.name ?? ''));
  doc.font('Helvetica').fontSize(10).fillColor('black');
  for (const part of [company?.address, company?.phone, company?.email, company ? `Code entreprise : ${company.code}` : null]) {
    if (part) doc.text(t(part));
  }
  doc.image(qr, doc.page.width - MARGIN - 110, MARGIN, { width: 110 });
  doc.fontSize(8).text(t('Vérifier cette facture'), doc.page.width - MARGIN - 110, MARGIN + 112, { width: 110, align: 'center' });
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, MARGIN + 140);

  doc.font('Helvetica-Bold').fontSize(16).text(t(`Facture ${formatInvoiceNumber(invoice)}`), MARGIN);
  doc.font('Helvetica').fontSize(10);
  doc.text(t(`Statut : ${STATUS_LABELS[invoice.status]}`));
  doc.text(t(`Émise le : ${day(invoice.issued_at ?? invoice.created_at)}    Échéance : ${day(invoice.due_at)}`));
  doc.text(t(`Code de vérification : ${invoice.code}`));
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').text(t('Client'));
  doc.font('Helvetica').text(t(invoice.customer_name));
  for (const part of [invoice.customer_email, invoice.customer_phone]) if (part) doc.text(t(part));
  doc.moveDown(0.8);

  const cols = [MARGIN, MARGIN + width * 0.52, MARGIN + width * 0.64, MARGIN + width * 0.82];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(t(cells[0]), cols[0], y, { width: width * 0.5 });
    const h = doc.y;
    doc.text(t(cells[1]), cols[1], y, { width: width * 0.1, align: 'right' });
    doc.text(t(cells[2]), cols[2], y, { width: width * 0.16, align: 'right' });
    doc.text(t(cells[3]), cols[3], y, { width: width * 0.18, align: 'right' });
    doc.x = MARGIN;
    doc.y = Math.max(h, doc.y) + 4;
    if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
  };
  row(['Désignation', 'Qté', 'Prix unitaire', 'Montant'], true);
  for (const line of lines) {
    row([line.label, String(line.quantity), formatMoney(line.unit_price, invoice.currency), formatMoney(line.amount, invoice.currency)]);
  }
  doc.moveDown(0.5);
  const vat = (invoice.tax_rate_bp / 100).toLocaleString('fr-FR');
  row(['', '', 'Total HT', formatMoney(invoice.subtotal, invoice.currency)]);
  row(['', '', `TVA ${vat} %`, formatMoney(invoice.tax_amount, invoice.currency)]);
  row(['', '', 'Total TTC', formatMoney(invoice.total, invoice.currency)], true);
  if (invoice.note) {
    doc.moveDown(0.8);
    doc.font('Helvetica').fontSize(9).text(t(invoice.note), MARGIN);
  }
  doc.moveDown(1);
  doc.fontSize(8).fillColor('#555555').text(t(`Authenticité : ${checkUrl}`), MARGIN);
  doc.end();
  return done;
}
