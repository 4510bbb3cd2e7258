import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { createOwner, createTestUser, headersOf, type Session, signIn } from '../../tenancy/companies/tenancy.test-support';
import { createSurveyFixture, type SurveyFixture } from '../participations/participations.test-support';
import { fixedColumns } from './export-columns';
import { extractPdfText, parseCsv } from './export-files.test-support';
import { createExportSurvey, submit } from './exports.test-support';

let t: TestApp;
let owner: Session;
let other: Session;
let survey: SurveyFixture;
const ids: Record<string, number> = {};
/** Their numbers in the company: the "N°" column (not the platform's ids). */
const numbers: Record<string, number> = {};
const awkward = 'Très bien ; mais "lent"\nà la caisse';

beforeAll(async () => {
  t = await openTestApp();
  const a = await createOwner(t, 'Boulangerie Akwa');
  const b = await createOwner(t, 'Autre SARL');
  owner = a.session;
  other = b.session;
  survey = await createExportSurvey(t, a.company.id);
  ids.first = await submit(
    t,
    survey,
    {
      name: 'Awa Bello',
      comment: awkward,
      age: 34.5,
      visit: '2026-03-15',
      hour: '09:30',
      shop: survey.c.shop[1],
      channels: [survey.c.channels[0], survey.c.channels[2]],
      again: true,
      stars: 4,
      nps: 9,
      rank: [survey.c.rank[1], survey.c.rank[0]],
      grid: { r1: 'c1', r2: 'c2' },
      where: { latitude: 4.0511, longitude: 9.7679, accuracy: 12 },
    },
    { participant: { name: 'Awa Bello', phone: '699 00 11 22', email: 'awa@exemple.cm' }, geolocation: { latitude: 4.05, longitude: 9.7 } },
  );
  ids.second = await submit(t, survey, { name: '=SOMME(A1:A2)', again: false, why: 'Trop cher', stars: 2 }, { participant: { name: 'Jean Mbarga' } });
  ids.partial = await submit(t, survey, { name: 'En cours' }, { status: 'in_progress' });
  for (const [key, id] of Object.entries(ids)) {
    numbers[key] = (await t.db.rows<{ number: number }>(sql`SELECT number FROM participations WHERE id = ${id}`))[0]!.number;
  }
  // The second one was sent two months ago.
  await t.db.rows(sql`UPDATE participations SET submitted_at = '2026-01-10T10:00:00Z' WHERE id = ${ids.second}`);
});
afterAll(() => t.close());

async function download(url: string, session: Session | null = owner, method: 'GET' | 'POST' = 'POST', payload?: object, language?: string) {
  return t.app.inject({
    method,
    url: `/api/v2/${url}`,
    headers: { ...(session ? headersOf(session) : {}), ...(language && { 'accept-language': language }) },
    ...(payload && { payload }),
  });
}

async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

const questionLabels = [
  'Votre nom',
  'Commentaire ; remarques',
  'Âge',
  'Date de la visite',
  'Heure de passage',
  'Agence',
  'Canaux utilisés',
  'Reviendriez-vous ?',
  'Pourquoi pas ?',
  'Note globale',
  'Recommandation',
  'Priorités',
  'Évaluation',
  'Position',
  'Photo du comptoir',
];
const column = (label: string) => fixedColumns().length + questionLabels.indexOf(label) + 1;

describe('POST surveys/{id}/exportparticipations as xlsx', () => {
  it('streams a workbook with the fixed columns, then one column per question, answers as labels', async () => {
    const res = await download(`surveys/${survey.id}/exportparticipations`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="participations-${survey.code}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"`),
    );
    const sheet = await readWorkbook(res.rawPayload);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...fixedColumns().map((c) => c.header), ...questionLabels]);
    // Submitted ones only by default (no partial save), in id order.
    expect(sheet.actualRowCount).toBe(3);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(numbers.first);
    expect(row.getCell(2).value).toBeInstanceOf(Date);
    expect(row.getCell(3).value).toBe('Envoyée');
    expect(row.getCell(4).value).toBe('Awa Bello');
    expect(row.getCell(5).value).toBe('699001122');
    expect(row.getCell(6).value).toBe('awa@exemple.cm');
    expect(row.getCell(8).value).toBe(4.05);
    expect(row.getCell(9).value).toBe(9.7);
    expect(row.getCell(column('Commentaire ; remarques')).value).toBe(awkward);
    expect(row.getCell(column('Âge')).value).toBe(34.5);
    expect(row.getCell(column('Date de la visite')).value).toEqual(new Date('2026-03-15T00:00:00Z'));
    expect(row.getCell(column('Date de la visite')).numFmt).toBe('dd/mm/yyyy');
    expect(row.getCell(column('Heure de passage')).value).toBe('09:30');
    expect(row.getCell(column('Agence')).value).toBe('Bonanjo');
    expect(row.getCell(column('Canaux utilisés')).value).toBe('Agence ; WhatsApp');
    expect(row.getCell(column('Reviendriez-vous ?')).value).toBe('Oui');
    expect(row.getCell(column('Pourquoi pas ?')).value).toBeNull();
    expect(row.getCell(column('Note globale')).value).toBe(4);
    expect(row.getCell(column('Recommandation')).value).toBe(9);
    expect(row.getCell(column('Priorités')).value).toBe('1. Accueil ; 2. Prix');
    expect(row.getCell(column('Évaluation')).value).toBe('Accueil : Bien ; Propreté : Mal');
    expect(row.getCell(column('Position')).value).toBe('4.0511, 9.7679');
    const second = sheet.getRow(3);
    expect(second.getCell(1).value).toBe(numbers.second);
    // Text that looks like a formula is a plain string cell in xlsx, never a formula.
    expect(second.getCell(column('Votre nom')).value).toBe('=SOMME(A1:A2)');
    expect(second.getCell(column('Reviendriez-vous ?')).value).toBe('Non');
    expect(second.getCell(column('Pourquoi pas ?')).value).toBe('Trop cher');
  });

  it('writes submission times as the Douala wall clock (UTC+1), as dates', async () => {
    const sheet = await readWorkbook((await download(`surveys/${survey.id}/exportparticipations`)).rawPayload);
    const cell = sheet.getRow(3).getCell(2);
    expect(cell.value).toEqual(new Date('2026-01-10T11:00:00Z'));
    expect(cell.numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('takes the options from the query string on GET as well', async () => {
    const res = await download(`surveys/${survey.id}/exportparticipations?status=in_progress`, owner, 'GET');
    expect(res.statusCode).toBe(200);
    const sheet = await readWorkbook(res.rawPayload);
    expect(sheet.actualRowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(numbers.partial);
    expect(sheet.getRow(2).getCell(3).value).toBe('En cours');
    expect(sheet.getRow(2).getCell(2).value).toBeNull();
  });
});

describe('exports in the language of the person who asked', () => {
  it('writes headers, states and yes/no in English, Chinese or German; question and choice labels as typed', async () => {
    const en = await readWorkbook((await download(`surveys/${survey.id}/exportparticipations`, owner, 'POST', undefined, 'en-US,en;q=0.9')).rawPayload);
    const header = (en.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 10)).toEqual(['No.', 'Submission date', 'Status', 'Respondent', 'Phone', 'Email', 'Target', 'Latitude', 'Longitude', 'Score']);
    expect(header.slice(10)).toEqual(questionLabels);
    expect(en.getRow(2).getCell(3).value).toBe('Sent');
    expect(en.getRow(2).getCell(column('Reviendriez-vous ?')).value).toBe('Yes');
    expect(en.getRow(3).getCell(column('Reviendriez-vous ?')).value).toBe('No');
    expect(en.getRow(2).getCell(column('Agence')).value).toBe('Bonanjo');

    const zh = await readWorkbook((await download(`surveys/${survey.id}/exportparticipations`, owner, 'POST', undefined, 'zh-CN')).rawPayload);
    expect(zh.getRow(1).getCell(3).value).toBe('状态');
    expect(zh.getRow(2).getCell(3).value).toBe('已发送');
    expect(zh.getRow(2).getCell(column('Reviendriez-vous ?')).value).toBe('是');

    const de = await download(`surveys/${survey.id}/exportparticipations`, owner, 'POST', { format: 'csv' }, 'de-DE');
    const records = parseCsv(de.rawPayload.toString('utf8').slice(1));
    expect(records[0].slice(0, 3)).toEqual(['Nr.', 'Übermittlungsdatum', 'Status']);
    expect(records[1][2]).toBe('Gesendet');
    expect(records[1][column('Reviendriez-vous ?') - 1]).toBe('Ja');
    expect(records[2][column('Reviendriez-vous ?') - 1]).toBe('Nein');
  });
});

describe('POST surveys/{id}/exportparticipations as csv', () => {
  it('starts with a BOM, separates with ; and quotes ; " and line breaks (RFC 4180)', async () => {
    const res = await download(`surveys/${survey.id}/exportparticipations`, owner, 'POST', { format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="participations-[^"]+\.csv"/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain('"Très bien ; mais ""lent""\nà la caisse"');
    const records = parseCsv(text);
    expect(records).toHaveLength(3);
    expect(records[0]).toEqual([...fixedColumns().map((c) => c.header), ...questionLabels]);
    const [first, second] = [records[1], records[2]];
    expect(first[0]).toBe(String(numbers.first));
    expect(first[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(first[2]).toBe('Envoyée');
    expect(first[3]).toBe('Awa Bello');
    expect(first[4]).toBe('699001122');
    expect(first[7]).toBe('4,05');
    expect(first[column('Commentaire ; remarques') - 1]).toBe(awkward);
    expect(first[column('Âge') - 1]).toBe('34,5');
    expect(first[column('Date de la visite') - 1]).toBe('15/03/2026');
    expect(first[column('Canaux utilisés') - 1]).toBe('Agence ; WhatsApp');
    expect(first[column('Reviendriez-vous ?') - 1]).toBe('Oui');
    expect(first[column('Pourquoi pas ?') - 1]).toBe('');
    expect(second[1]).toBe('10/01/2026 11:00');
    // A formula-looking answer is defused for spreadsheets (CSV injection).
    expect(second[column('Votre nom') - 1]).toBe("'=SOMME(A1:A2)");
  });

  it('filters by status and by submission dates (days in the export time zone, bounds included)', async () => {
    const csvIds = async (options: object) => {
      const res = await download(`surveys/${survey.id}/exportparticipations`, owner, 'POST', { format: 'csv', ...options });
      expect(res.statusCode).toBe(200);
      return parseCsv(res.rawPayload.toString('utf8').slice(1)).slice(1).map((r) => Number(r[0]));
    };
    expect(await csvIds({ from: '2026-01-10', to: '2026-01-10' })).toEqual([ids.second]);
    expect(await csvIds({ to: '2026-01-09' })).toEqual([]);
    expect(await csvIds({ from: '2026-01-11' })).toEqual([ids.first]);
    expect(await csvIds({ status: ['submitted', 'in_progress'] })).toEqual([ids.first, ids.second, ids.partial]);
    expect(await csvIds({ status: 'validated' })).toEqual([]);
  });
});

describe('export access and options', () => {
  it('answers 401 without credentials', async () => {
    const res = await download(`surveys/${survey.id}/exportparticipations`, null);
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it("answers 404 for another company's survey and for an unknown one", async () => {
    expect((await download(`surveys/${survey.id}/exportparticipations`, other)).statusCode).toBe(404);
    expect((await download('surveys/999999/exportparticipations', owner)).statusCode).toBe(404);
  });

  it('answers 403 to a signed-in customer without the export permission', async () => {
    const customer = await signIn(t, await createTestUser(t));
    expect((await download(`surveys/${survey.id}/exportparticipations`, customer)).statusCode).toBe(403);
  });

  it('answers 422 naming a bad format, status, date or time zone', async () => {
    const res = await download(`surveys/${survey.id}/exportparticipations`, owner, 'POST', {
      format: 'pdf',
      status: 'perdu',
      from: 'hier',
      tz: 'Mars/Olympus',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().data).sort()).toEqual(['format', 'from', 'status', 'tz']);
    expect(res.json().data.format).toEqual(['Format attendu : xlsx ou csv.']);
    const en = await download(`surveys/${survey.id}/exportparticipations`, owner, 'POST', { format: 'pdf', status: 'perdu', tz: 'Mars/Olympus' }, 'en');
    expect(en.json().data).toEqual({
      format: ['Format expected: xlsx or csv.'],
      status: ['Status expected among: in_progress, submitted, checked, validated.'],
      tz: ['Unknown time zone.'],
    });
  });
});

describe('anonymous surveys', () => {
  it('leave the respondent, phone, e-mail and the link’s ref out of the csv and the PDF', async () => {
    const companyId = (await t.db.rows<{ company_id: number }>(sql`SELECT company_id FROM surveys WHERE id = ${survey.id}`))[0].company_id;
    const anonymous = await createSurveyFixture(t, {
      companyId,
      settings: { anonymous: true },
      questions: [{ key: 'mood', type: 'short_text', label: 'Humeur' }],
    });
    const id = await submit(t, anonymous, { mood: 'Content' }, {
      participant: { name: 'Paul Essomba', phone: '677 00 00 01', email: 'paul@exemple.cm' },
      ref: 'emp42',
      src: 'link',
    });
    const res = await download(`surveys/${anonymous.id}/exportparticipations`, owner, 'POST', { format: 'csv' });
    expect(res.rawPayload.toString('utf8')).not.toContain('emp42');
    const [, row] = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(row[0]).toBe(String(id));
    expect(row.slice(3, 6)).toEqual(['', '', '']);
    expect(row.at(-1)).toBe('Content');
    const pdf = extractPdfText((await download(`participations/${id}/export`)).rawPayload).join('\n');
    expect(pdf).toContain('Anonyme');
    expect(pdf).toContain('Content');
    expect(pdf).not.toContain('Essomba');
    expect(pdf).not.toContain('paul@exemple.cm');
    expect(pdf).not.toContain('emp42');
  });
});
