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

async function pdfOf(id: number, session: Session | null = owner, method: 'GET' | 'POST' = 'POST') {
  return t.app.inject({ method, url: `/api/v2/participations/${id}/export`, headers: session ? headersOf(session) : {} });
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
    // Characters outside the standard fonts' WinAnsi set are replaced, not garbled.
    expect(text).toContain('«\u00a0parfait\u00a0» ?');
    // The question shown only to those who would not come back is left out.
    expect(text).not.toContain('Pourquoi pas ?');
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
