import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { createOwner, createTestUser, headersOf, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { createSurveyFixture, type SurveyFixture } from '../participations/participations.test-support';
import { countPdfPages, extractPdfText } from './export-files.test-support';
import { createExportSurvey, submit, uploadPhoto } from './exports.test-support';

let t: TestApp;
let dataDir: string;
let owner: Session;
let other: Session;
let survey: SurveyFixture;
let withPhoto: number;
let photoId: number;
let saidNo: number;
/** "N°" in the file: the participation's number in its company. */
const numbers = new Map<number, number>();
const numberOf = (id: number) => numbers.get(id);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pdf-export-'));
  t = await openTestApp({ DATA_DIR: dataDir });
  const a = await createOwner(t, 'Boulangerie Akwa');
  owner = a.session;
  other = (await createOwner(t, 'Autre SARL')).session;
  survey = await createExportSurvey(t, a.company.id, 'Qualité de l’accueil – Douala');
  const key = randomUUID();
  const photo = await uploadPhoto(t, dataDir, a.company.id, key);
  photoId = photo;
  withPhoto = await submit(
    t,
    survey,
    {
      name: 'Awa Bello',
      comment: 'Accueil très chaleureux, «\u00a0parfait\u00a0» 👍',
      shop: survey.c.shop[2],
      channels: [survey.c.channels[1], survey.c.channels[2]],
      again: true,
      stars: 5,
      visit: '2026-03-15',
      photo,
    },
    { client_uuid: key, participant: { name: 'Awa Bello', phone: '677 12 34 56', email: 'awa@exemple.cm' } },
  );
  saidNo = await submit(t, survey, { name: 'Jean', again: false, why: 'Trop d’attente' });
  for (const row of await t.db.rows<{ id: number; number: number }>(sql`SELECT id, number FROM participations WHERE survey_id = ${survey.id}`)) numbers.set(row.id, row.number);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function pdfOf(id: number, session: Session | null = owner, method: 'GET' | 'POST' = 'POST', language?: string) {
  const headers = { ...(session ? headersOf(session) : {}), ...(language && { 'accept-language': language }) };
  return t.app.inject({ method, url: `/api/v2/participations/${id}/export`, headers });
}

describe('POST participations/{id}/export', () => {
  it('answers a PDF with the company, survey, respondent and each visible answer in French', async () => {
    const res = await pdfOf(withPhoto);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="participation-${numberOf(withPhoto)}-${survey.code}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(countPdfPages(pdf)).toBeGreaterThanOrEqual(1);
    const text = extractPdfText(pdf).join('\n');
    for (const expected of [
      'Boulangerie Akwa',
      'Qualité de l’accueil – Douala',
      `Participation n° ${numberOf(withPhoto)}`,
      'Awa Bello',
      '677123456',
      'awa@exemple.cm',
      'Envoyée',
      'Étape 1',
      'Étape 2',
      'Agence',
      'Bastos',
      'Téléphone, WhatsApp',
      'Reviendriez-vous ?',
      'Oui',
      '5/5',
      '15/03/2026',
      'comptoir.png',
      'Sans réponse',
      'Document généré le',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toContain('Statut : Envoyée');
    // Drawn with embedded Unicode fonts: the emoji is printed, not replaced by "?".
    expect(text).toContain('«\u00a0parfait\u00a0» 👍');
    // The question shown only to those who would not come back is left out.
    expect(text).not.toContain('Pourquoi pas ?');
  });

  it('writes its own words, dates and numbers in the requester’s language (en), the survey’s texts as written', async () => {
    const res = await pdfOf(withPhoto, owner, 'POST', 'en-GB,en;q=0.9');
    expect(res.statusCode).toBe(200);
    const text = extractPdfText(res.rawPayload).join('\n');
    for (const expected of [
      `Participation no. ${numberOf(withPhoto)}`,
      'Status: Sent',
      'Respondent: Awa Bello',
      'Phone: 677123456',
      'Submission date: ',
      'Reviendriez-vous ?',
      'Yes',
      '03/15/2026',
      'No answer',
      'Document generated on',
      'page 1 of ',
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const french of ['Statut', 'Sans réponse', 'Oui', 'Document généré']) expect(text, french).not.toContain(french);
  });

  it('draws Chinese labels, a Chinese answer, "ŋ" and an emoji (zh-CN), with subset fonts that keep the file small', async () => {
    const company = (await t.db.rows<{ company_id: number }>(sql`SELECT company_id FROM surveys WHERE id = ${survey.id}`))[0].company_id;
    const chinese = await createSurveyFixture(t, {
      companyId: company,
      title: '顾客满意度调查',
      questions: [
        { key: 'opinion', type: 'long_text', label: '您对服务的意见' },
        { key: 'name', type: 'short_text', label: 'Nom du vendeur' },
        { key: 'again', type: 'yes_no', label: '您还会再来吗？' },
        { key: 'visit', type: 'date', label: '访问日期' },
        { key: 'empty', type: 'short_text', label: '其他' },
      ],
    });
    const id = await submit(t, chinese, { opinion: '服务很好，非常满意！😀', name: 'Ŋono Mbɔŋ', again: true, visit: '2026-03-15' });
    const res = await pdfOf(id, owner, 'POST', 'zh-CN');
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    const text = extractPdfText(pdf).join('\n');
    for (const expected of ['顾客满意度调查', '参与记录', '状态：已发送', '您对服务的意见', '服务很好，非常满意！😀', 'Ŋono Mbɔŋ', '2026/03/15', '未作答', '文档生成于', '第 1 页，共 1 页']) {
      expect(text, expected).toContain(expected);
    }
    // The glyphs come from the embedded Noto fonts, subset (a six-letter tag before the name).
    const fonts = pdf.toString('latin1').match(/\/BaseFont \/[A-Z]{6}\+[\w-]+/g) ?? [];
    expect(fonts.some((f) => f.endsWith('NotoSansHans-Regular'))).toBe(true);
    expect(fonts.some((f) => f.endsWith('NotoSans-Regular'))).toBe(true);
    expect(fonts.some((f) => f.endsWith('NotoEmoji-Regular'))).toBe(true);
    const french = (await pdfOf(saidNo)).rawPayload;
    const english = (await pdfOf(saidNo, owner, 'POST', 'en')).rawPayload;
    console.info(`participation PDF sizes: fr ${french.length} B, en ${english.length} B, zh-CN with a Chinese answer ${pdf.length} B`);
    // A whole CJK font is 8 MB: only the glyphs used are embedded.
    expect(pdf.length).toBeLessThan(250_000);
    expect(french.length).toBeLessThan(60_000);
  });

  it('embeds the photo answer as an image', async () => {
    const pdf = (await pdfOf(withPhoto)).rawPayload.toString('latin1');
    expect(pdf).toMatch(/\/Subtype \/Image/);
    const without = (await pdfOf(saidNo)).rawPayload.toString('latin1');
    expect(without).not.toMatch(/\/Subtype \/Image/);
  });

  it('links the photo to the page that opens it, in the PDF and in the xlsx and csv exports', async () => {
    const link = `http://localhost:80/medias/${photoId}`;
    expect((await pdfOf(withPhoto)).rawPayload.toString('latin1')).toContain(`/URI (${link})`);
    const xlsx = await t.app.inject({ method: 'POST', url: `/api/v2/surveys/${survey.id}/exportparticipations`, headers: headersOf(owner) });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const row = [2, 3].map((n) => sheet.getRow(n)).find((r) => r.getCell(1).value === withPhoto)!;
    expect(row.getCell(header.indexOf('Photo du comptoir')).value).toEqual({ text: 'comptoir.png', hyperlink: link });
    const csv = await t.app.inject({ method: 'POST', url: `/api/v2/surveys/${survey.id}/exportparticipations`, headers: headersOf(owner), payload: { format: 'csv' } });
    expect(csv.body).toContain(link);
    // The page fetches the file from the API, which lets the company in and keeps others out.
    const content = await t.app.inject({ url: `/api/v2/medias/${photoId}/content`, headers: headersOf(owner) });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ url: `/api/v2/medias/${photoId}/content`, headers: headersOf(other) })).statusCode).toBe(404);
  });

  it('shows a question revealed by an earlier answer, and accepts GET', async () => {
    const res = await pdfOf(saidNo, owner, 'GET');
    expect(res.statusCode).toBe(200);
    const text = extractPdfText(res.rawPayload).join('\n');
    expect(text).toContain('Pourquoi pas ?');
    expect(text).toContain('Trop d’attente');
    expect(text).toContain('Non');
  });

  it('leaves out a question no longer asked unless it was answered', async () => {
    await t.db.rows(sql`UPDATE questions SET state = 'inactive' WHERE id IN (${survey.q.hour}, ${survey.q.name})`);
    try {
      const text = extractPdfText((await pdfOf(withPhoto)).rawPayload).join('\n');
      expect(text).toContain('Votre nom');
      expect(text).not.toContain('Heure de passage');
    } finally {
      await t.db.rows(sql`UPDATE questions SET state = 'active' WHERE id IN (${survey.q.hour}, ${survey.q.name})`);
    }
  });

  it('flows onto further pages for a long participation, each page numbered', async () => {
    const company = await t.db.rows<{ company_id: number }>(sql`SELECT company_id FROM surveys WHERE id = ${survey.id}`);
    const long = await createSurveyFixture(t, {
      companyId: company[0].company_id,
      questions: Array.from({ length: 40 }, (_, i) => ({ key: `q${i}`, type: 'long_text', label: `Question numéro ${i + 1}` })),
    });
    const answers = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`q${i}`, `Réponse détaillée ${i + 1}. `.repeat(8)]));
    const id = await submit(t, long, answers);
    const pdf = (await pdfOf(id)).rawPayload;
    const pages = countPdfPages(pdf);
    expect(pages).toBeGreaterThan(2);
    const text = extractPdfText(pdf).join('\n');
    expect(text).toContain('Question numéro 40');
    expect(text).toContain(`page ${pages} / ${pages}`);
  });

  it('answers 401 without credentials, 404 across companies and for unknown ids, 403 without the permission', async () => {
    expect((await pdfOf(withPhoto, null)).statusCode).toBe(401);
    expect((await pdfOf(withPhoto, other)).statusCode).toBe(404);
    expect((await pdfOf(999_999)).statusCode).toBe(404);
    const customer = await signIn(t, await createTestUser(t));
    expect((await pdfOf(withPhoto, customer)).statusCode).toBe(403);
  });
});
