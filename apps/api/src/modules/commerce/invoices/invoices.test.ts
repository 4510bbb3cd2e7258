import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills } from '../../../db/schema';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { extractPdfText } from '../../collection/exports/export-files.test-support';
import { call, createOwner, createTestUser, headersOf, type Session } from '../../tenancy/companies/tenancy.test-support';
import { createCustomer, createMember, createOpenInvoice, emailOf } from '../commerce.test-support';
import { decodeQrCodesInPdf } from '../../../test/qr-decode';

let t: TestApp;
let owner: Session;
let companyId: number;
let customer: Session;
beforeAll(async () => {
  t = await openTestApp({ PUBLIC_BASE_URL: 'https://enquetes.example.cm' });
  const created = await createOwner(t, 'Facturation SARL');
  owner = created.session;
  companyId = created.company.id;
  customer = await createCustomer(t);
});
afterAll(() => t.close());

/** How Intl writes an amount of XAF and a rate in a language (the PDF's formats). */
const xaf = (locale: string, amount: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'XAF' }).format(amount);
const percent = (locale: string, rate: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rate);

const lines = [
  { label: 'Audit terrain', quantity: 3, unit_price: 25_000 },
  { label: 'Rapport', quantity: 1, unit_price: 12_345 },
];

describe('invoices', () => {
  it('computes totals in minor units with the VAT setting (19.25 %), XAF by default', async () => {
    const res = await call(t, 'POST', 'invoices', owner, { customer_name: 'Client A', lines, due_at: '2026-12-31T00:00:00Z' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'draft', currency: 'XAF', tax_rate_bp: 1925, subtotal: 87_345, tax_amount: 16_814, total: 104_159 });
    expect(res.body.data.lines.map((l: any) => l.amount)).toEqual([75_000, 12_345]);
    expect(res.body.data.code).toMatch(/^[A-Z2-9]{10}$/);
  });

  it('numbers 50 concurrent creations without gap or duplicate', async () => {
    const ownerOf = await createOwner(t, 'Concurrence SARL');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call(t, 'POST', 'invoices', ownerOf.session, { customer_name: 'X', lines: [lines[0]] })),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const numbers = results.map((r) => r.body.data.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('draft → open → paid; close cancels a draft and closes an open invoice; settled invoices stay as they are', async () => {
    const draft = (await call(t, 'POST', 'invoices', owner, { customer_name: 'B', lines })).body.data;
    const edited = await call(t, 'POST', `invoices/${draft.id}`, owner, { lines: [{ label: 'Unique', quantity: 1, unit_price: 1000 }] });
    expect(edited.body.data).toMatchObject({ subtotal: 1000, tax_amount: 193, total: 1193 });
    expect((await call(t, 'POST', `invoices/${draft.id}/issue`, owner)).body.data.status).toBe('open');
    expect((await call(t, 'POST', `invoices/${draft.id}`, owner, { note: 'x' })).status).toBe(409);
    expect((await call(t, 'POST', `invoices/${draft.id}/pay`, owner)).body.data.status).toBe('paid');
    const again = await call(t, 'POST', `invoices/${draft.id}/close`, owner);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('déjà payée');
    // The same refusal in the caller's language (Accept-Language), same code and status.
    const inGerman = await t.app.inject({ method: 'POST', url: `/api/v2/invoices/${draft.id}/close`, headers: { ...headersOf(owner), 'accept-language': 'de' } });
    expect(inGerman.statusCode).toBe(409);
    expect(inGerman.json()).toMatchObject({ code: 'invoice_settled', message: 'Diese Rechnung ist bereits bezahlt, abgeschlossen oder storniert.' });
    const other = (await call(t, 'POST', 'invoices', owner, { customer_name: 'C', lines })).body.data;
    expect((await call(t, 'POST', `invoices/${other.id}/close`, owner)).body.data.status).toBe('cancelled');
    const open = await createOpenInvoice(t, owner, customer);
    expect((await call(t, 'POST', `invoices/${open.id}/close`, owner)).body.data.status).toBe('closed');
  });

  it('addresses an invoice by e-mail or phone to the account behind a verified address; by id only to a person the company deals with', async () => {
    // A stranger's account id: "not found", as another company's record (ids reveal no one).
    const stranger = await createCustomer(t);
    const byId = await call(t, 'POST', 'invoices', owner, { customer_user_id: stranger.userId, customer_name: 'Inconnu', lines });
    expect(byId.status).toBe(404);
    expect(byId.body.message).toBe('Client introuvable.');
    expect((await call(t, 'GET', 'invoices', stranger)).body.data).toEqual([]);
    // By e-mail: the invoice reaches the person's "Mes factures".
    const byEmail = await call(t, 'POST', 'invoices', owner, { customer_email: (await emailOf(t, stranger)).toUpperCase(), customer_name: 'Par e-mail', lines, issue: true });
    expect(byEmail.status).toBe(201);
    expect(byEmail.body.data.customer_user_id).toBe(stranger.userId);
    expect((await call(t, 'GET', 'invoices', stranger)).body.data.map((i: any) => i.id)).toEqual([byEmail.body.data.id]);
    // Now the company deals with them: their id is accepted.
    expect((await call(t, 'POST', 'invoices', owner, { customer_user_id: stranger.userId, customer_name: 'Par id', lines })).status).toBe(201);
    // By phone, once verified; an unverified one links no one.
    const phoned = await createTestUser(t, { phone: '+237690112233' });
    await t.db.rows(sql`UPDATE users SET phone_verified_at = now() WHERE id = ${phoned.id}`);
    const byPhone = await call(t, 'POST', 'invoices', owner, { customer_phone: '+237690112233', customer_name: 'Par téléphone', lines });
    expect(byPhone.body.data.customer_user_id).toBe(phoned.id);
    const unverified = await createTestUser(t, { phone: '+237690445566' });
    const notLinked = await call(t, 'POST', 'invoices', owner, { customer_phone: '+237690445566', customer_name: 'Non vérifié', lines });
    expect(notLinked.status).toBe(201);
    expect(notLinked.body.data.customer_user_id).toBeNull();
    expect(unverified.id).toBeGreaterThan(0);
    // A draft re-addressed by id to a stranger: refused the same way.
    const other = await createCustomer(t);
    expect((await call(t, 'POST', `invoices/${notLinked.body.data.id}`, owner, { customer_user_id: other.userId })).status).toBe(404);
    // A member of the company may be invoiced by id.
    const member = await createMember(t, companyId);
    expect((await call(t, 'POST', 'invoices', owner, { customer_user_id: member.userId, customer_name: 'Membre', lines })).status).toBe(201);
  });

  it('latest of a company; the customer sees their own invoices but never drafts', async () => {
    const open = await createOpenInvoice(t, owner, customer);
    const latest = await call(t, 'GET', `invoices/companies/${companyId}/latest`, owner);
    expect(latest.body.data.id).toBe(open.id);
    await call(t, 'POST', 'invoices', owner, { customer_user_id: customer.userId, customer_name: 'Brouillon', lines });
    const mine = await call(t, 'GET', 'invoices', customer);
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((i: any) => i.customer_user_id === customer.userId && i.status !== 'draft')).toBe(true);
    expect((await call(t, 'GET', `invoices/${open.id}`, customer)).body.data.lines).toHaveLength(1);
  });

  it('the PDF holds the company, the lines, the totals and a QR code of the public check address', async () => {
    const open = await createOpenInvoice(t, owner, customer, lines);
    const res = await t.app.inject({ method: 'POST', url: `/api/v2/invoices/${open.id}/download`, headers: headersOf(customer) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="facture-FAC-${String(open.number).padStart(6, '0')}.pdf"`);
    const text = extractPdfText(res.rawPayload).join('\n');
    // Amounts and rates as Intl writes them in French ("75 000 FCFA", "19,25 %", with no-break spaces).
    for (const expected of [
      'Facturation SARL',
      `Facture FAC-${String(open.number).padStart(6, '0')}`,
      'Statut : À payer',
      'Audit terrain',
      xaf('fr', 75_000),
      `TVA ${percent('fr', 0.1925)}`,
      `Total TTC${xaf('fr', 104_159)}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(decodeQrCodesInPdf(res.rawPayload)).toEqual([`https://enquetes.example.cm/check/invoices/${open.code}`]);
  });

  it('the PDF speaks the downloader’s language (en, zh-CN): words, dates and amounts with Intl', async () => {
    const open = await createOpenInvoice(t, owner, customer, lines);
    const number = `FAC-${String(open.number).padStart(6, '0')}`;
    const download = (language: string) =>
      t.app.inject({ method: 'GET', url: `/api/v2/invoices/${open.id}/download`, headers: { ...headersOf(customer), 'accept-language': language } });
    const english = await download('en-US,en;q=0.9');
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-disposition']).toContain(`filename="invoice-${number}.pdf"`);
    const text = extractPdfText(english.rawPayload).join('\n');
    for (const expected of [`Invoice ${number}`, 'Status: To pay', 'Issued on: ', 'Verification code: ', 'Customer', 'Description', 'Unit price', xaf('en', 75_000), 'VAT 19.25%', `Total incl. tax${xaf('en', 104_159)}`, 'Check this invoice']) {
      expect(text, expected).toContain(expected);
    }
    for (const french of ['Facture', 'Statut', 'TVA', 'Désignation']) expect(text, french).not.toContain(french);
    const chinese = await download('zh-CN');
    const zh = extractPdfText(chinese.rawPayload).join('\n');
    expect(chinese.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`发票-${number}.pdf`)}`);
    for (const expected of [`发票 ${number}`, '状态：待支付', '单价', '增值税 19.25%', `含税合计${xaf('zh-CN', 104_159)}`, '验证此发票']) {
      expect(zh, expected).toContain(expected);
    }
    expect(decodeQrCodesInPdf(chinese.rawPayload)).toEqual([`https://enquetes.example.cm/check/invoices/${open.code}`]);
    console.info(`invoice PDF sizes: en ${english.rawPayload.length} B, zh-CN ${chinese.rawPayload.length} B`);
    expect(english.rawPayload.length).toBeLessThan(60_000);
    expect(chinese.rawPayload.length).toBeLessThan(250_000);
  });

  it('the public check tells genuine and status only; unknown codes and drafts are not found', async () => {
    const open = await createOpenInvoice(t, owner, customer);
    const res = await call(t, 'GET', `invoices/check/${open.code.toLowerCase()}`, null);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ code: open.code, genuine: true, status: 'open' });
    const unknown = await call(t, 'GET', 'invoices/check/ZZZZZZZZZZ', null);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Aucune facture ne correspond à ce code.');
    const inEnglish = await t.app.inject({ method: 'GET', url: '/api/v2/invoices/check/ZZZZZZZZZZ', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(inEnglish.json()).toMatchObject({ code: 'invoice_unknown', message: 'No invoice matches this code.' });
    const draft = (await call(t, 'POST', 'invoices', owner, { customer_name: 'D', lines })).body.data;
    expect((await call(t, 'GET', `invoices/check/${draft.code}`, null)).status).toBe(404);
  });

  it('access: 401 signed out, 404 other company, 403 without permission, 422 in French', async () => {
    const open = await createOpenInvoice(t, owner, customer);
    expect((await call(t, 'GET', 'invoices', null)).status).toBe(401);
    expect((await call(t, 'POST', 'invoices', null, { customer_name: 'x', lines })).status).toBe(401);
    const other = (await createOwner(t, 'Concurrent')).session;
    for (const [method, url] of [
      ['GET', `invoices/${open.id}`],
      ['POST', `invoices/${open.id}/close`],
      ['POST', `invoices/${open.id}/pay`],
      ['POST', `invoices/${open.id}/download`],
      ['GET', `invoices/companies/${companyId}/latest`],
    ] as const) {
      expect((await call(t, method, url, other)).status, url).toBe(404);
    }
    expect((await call(t, 'GET', 'invoices', other)).body.data.some((i: any) => i.id === open.id)).toBe(false);
    const member = await createMember(t, companyId);
    expect((await call(t, 'GET', 'invoices', member)).status).toBe(403);
    expect((await call(t, 'POST', 'invoices', member, { customer_name: 'x', lines })).status).toBe(403);
    expect((await call(t, 'POST', `invoices/${open.id}/close`, member)).status).toBe(403);
    const bad = await call(t, 'POST', 'invoices', owner, { customer_name: '', lines: [{ label: 'x', quantity: 0, unit_price: 1.5 }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.customer_name[0]).toBe('Le nom du client est obligatoire.');
    expect(JSON.stringify(bad.body.errors)).toContain('La quantité doit être au moins 1.');
    const [{ n }] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM invoices WHERE customer_name = ''`);
    expect(n).toBe(0);
  });

  it('refuses amounts that would overflow (a line, the lines’ sum, the total with VAT) with 422 in French, saving nothing', async () => {
    const countOf = async (name: string) =>
      (await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM invoices WHERE customer_name = ${name}`))[0].n;
    // Each bound respected alone (quantity ≤ 1 000 000, price ≤ 2 000 000 000), the product is not.
    const line = await call(t, 'POST', 'invoices', owner, { customer_name: 'Débordement', lines: [{ label: 'x', quantity: 1_000_000, unit_price: 1_000_000 }] });
    expect(line.status).toBe(422);
    expect(line.body.errors['lines.0.unit_price']).toEqual(['Le montant de la ligne (quantité × prix unitaire) ne peut pas dépasser 2 000 000 000.']);
    // Two lines each under the bound, their sum over it.
    const half = { label: 'y', quantity: 1, unit_price: 1_500_000_000 };
    const sum = await call(t, 'POST', 'invoices', owner, { customer_name: 'Débordement', lines: [half, half] });
    expect(sum.status).toBe(422);
    expect(sum.body.errors.lines).toEqual(['Le total des lignes de la facture ne peut pas dépasser 2 000 000 000.']);
    // The subtotal under the bound, the total with 19.25 % VAT over it.
    const vat = await call(t, 'POST', 'invoices', owner, { customer_name: 'Débordement', lines: [{ label: 'z', quantity: 1, unit_price: 1_900_000_000 }] });
    expect(vat.status).toBe(422);
    expect(vat.body.errors.lines).toEqual(['Le total de la facture TVA comprise ne peut pas dépasser 2 000 000 000.']);
    expect(await countOf('Débordement')).toBe(0);

    // A draft's lines changed to overflowing ones: refused, the draft and its lines unchanged.
    const draft = (await call(t, 'POST', 'invoices', owner, { customer_name: 'Brouillon borné', lines })).body.data;
    for (const body of [{ lines: [half, half] }, { lines: [{ label: 'z', quantity: 1, unit_price: 1_900_000_000 }] }]) {
      const res = await call(t, 'POST', `invoices/${draft.id}`, owner, { ...body, note: 'jamais enregistrée' });
      expect(res.status).toBe(422);
      expect(res.body.errors.lines).toHaveLength(1);
    }
    const after = (await call(t, 'GET', `invoices/${draft.id}`, owner)).body.data;
    expect(after).toMatchObject({ subtotal: 87_345, total: 104_159, note: null });
    expect(after.lines.map((l: any) => l.amount)).toEqual([75_000, 12_345]);
    // Just under the bound once VAT is added (1 677 000 000 × 1.1925): accepted.
    const edge = await call(t, 'POST', 'invoices', owner, { customer_name: 'Au plafond', lines: [{ label: 'max', quantity: 1, unit_price: 1_677_000_000 }] });
    expect(edge.status).toBe(201);
    expect(edge.body.data.total).toBeLessThanOrEqual(2_000_000_000);
  });
});

describe('bills export', () => {
  it('streams the company’s billed lines as an xlsx that opens with the right rows', async () => {
    await t.db.orm.insert(bills).values([
      { company_id: companyId, kind: 'package_fee', label: 'Formule Essentiel', unit_price: 15_000, amount: 15_000 },
      { company_id: companyId, kind: 'overage', label: 'Dépassement participations', quantity: 3, unit_price: 100, amount: 300 },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/bills/export/xlsx', headers: headersOf(owner) });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Facturation')!;
    expect(sheet.getRow(1).getCell(4).value).toBe('Libellé');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(3).getCell(3).value).toBe('Dépassement');
    expect(sheet.getRow(3).getCell(7).value).toBe(300);
    expect((await call(t, 'GET', 'bills/export/xlsx', null)).status).toBe(401);
    expect((await call(t, 'GET', 'bills/export/xlsx', await createMember(t, companyId))).status).toBe(403);
    const other = (await createOwner(t, 'Sans facturation')).session;
    const empty = await t.app.inject({ method: 'GET', url: '/api/v2/bills/export/xlsx', headers: headersOf(other) });
    const otherBook = new ExcelJS.Workbook();
    await otherBook.xlsx.load(empty.rawPayload as unknown as ArrayBuffer);
    expect(otherBook.getWorksheet('Facturation')!.rowCount).toBe(1);
    // The same export in the reader's language: sheet, headers and kinds of line.
    const inEnglish = await t.app.inject({ method: 'GET', url: '/api/v2/bills/export/xlsx', headers: { ...headersOf(owner), 'accept-language': 'en' } });
    expect(inEnglish.headers['content-disposition']).toContain('filename="billing-');
    const englishBook = new ExcelJS.Workbook();
    await englishBook.xlsx.load(inEnglish.rawPayload as unknown as ArrayBuffer);
    const englishSheet = englishBook.getWorksheet('Billing')!;
    expect(englishSheet.getRow(1).getCell(4).value).toBe('Label');
    expect(englishSheet.getRow(3).getCell(3).value).toBe('Overage');
  });
});
