import { IMPORT_MAX_BYTES } from '@app/contracts/structure';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, createTestUser, headersOf } from '../../tenancy/companies/tenancy.test-support';
import { createPlainMember } from '../structure.test-support';
import { AGENT_HEADERS, csvOf, multipart, uploader, XLSX_TYPE, xlsxOf } from './imports.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Import SARL');
  b = await createOwner(t, 'Autre Import');
});
afterAll(() => t.close());

const upload = uploader(() => t);

const agentRows = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => [`Prénom${i}`, `Nom${i}`, `${prefix}${i}@import.cm`, '', 'Enquêteur']);

const countInvitations = async (companyId: number) =>
  (await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM invitations WHERE company_id = ${companyId}`))[0].n;

describe('POST companies/{id}/importagents', () => {
  it('gives the sample files: xlsx and csv with the French headers', async () => {
    const res = await t.app.inject({ url: `/api/v2/companies/${a.company.id}/importagents/sample`, headers: headersOf(a.session) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('modele-import-agents.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as any);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(AGENT_HEADERS);
    expect(sheet.rowCount).toBeGreaterThan(1);
    const csv = await t.app.inject({ url: `/api/v2/companies/${a.company.id}/importagents/sample?format=csv`, headers: headersOf(a.session) });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.replace('\uFEFF', '').split('\r\n')[0]).toBe(AGENT_HEADERS.join(';'));
  });

  it('imports the sample file itself, then a 50-row xlsx: invitations and messages, and again is a no-op', async () => {
    const sample = await t.app.inject({ url: `/api/v2/companies/${a.company.id}/importagents/sample`, headers: headersOf(a.session) });
    const first = await upload(a.session, a.company.id, 'importagents', sample.rawPayload, 'modele.xlsx');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ rows: 3, created: 3, skipped: 0 });

    const file = await xlsxOf([AGENT_HEADERS, ...agentRows(50, 'cinquante')]);
    const before = await countInvitations(a.company.id);
    const res = await upload(a.session, a.company.id, 'importagents', file, 'agents.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'agents', rows: 50, created: 50, skipped: 0, already_imported: false });
    expect(await countInvitations(a.company.id)).toBe(before + 50);
    const [invitation] = await t.db.rows<{ datas: any; status: string; email: string; code: string }>(
      sql`SELECT datas, status, email, code FROM invitations WHERE email = 'cinquante7@import.cm'`,
    );
    expect(invitation).toMatchObject({ status: 'pending', datas: { first_name: 'Prénom7', last_name: 'Nom7', job: 'Enquêteur' } });
    const [{ n }] = await t.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM outbox WHERE destination LIKE 'cinquante%@import.cm'`);
    expect(n).toBe(50);
    // Each e-mail carries its own invitation's code and link.
    const [mail] = await t.db.rows<{ body: string }>(sql`SELECT body FROM outbox WHERE destination = 'cinquante7@import.cm'`);
    expect(mail.body).toContain(`: ${invitation.code}`);
    expect(mail.body).toContain(`/auth/login?redirect=%2Finvitation%2F${invitation.code}`);

    const again = await upload(a.session, a.company.id, 'importagents', file, 'agents.xlsx');
    expect(again.body.data).toMatchObject({ created: 0, already_imported: true });
    // The same people in another file (another order): nobody invited twice.
    const shuffled = await xlsxOf([AGENT_HEADERS, ...agentRows(50, 'cinquante').reverse()]);
    const third = await upload(a.session, a.company.id, 'importagents', shuffled, 'agents-bis.xlsx');
    expect(third.body.data).toMatchObject({ created: 0, skipped: 50, already_imported: false });
    expect(await countInvitations(a.company.id)).toBe(before + 50);
  });

  it('previews a file with ?dry_run=true: its first rows, nothing written', async () => {
    const file = await xlsxOf([AGENT_HEADERS, ...agentRows(30, 'apercu')]);
    const before = await countInvitations(a.company.id);
    const res = await upload(a.session, a.company.id, 'importagents?dry_run=true', file, 'apercu.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 30, created: 0 });
    expect(res.body.data.preview).toHaveLength(20);
    expect(res.body.data.preview[0]).toMatchObject({ row: 2, first_name: 'Prénom0', email: 'apercu0@import.cm' });
    expect(await countInvitations(a.company.id)).toBe(before);
  });

  it('links an invitation to an existing account and leaves members alone', async () => {
    const known = await createTestUser(t, { email: 'deja.inscrit@import.cm' });
    const csv = csvOf([AGENT_HEADERS, ['Déjà', 'Inscrit', 'deja.inscrit@import.cm', '', ''], ['Fondateur', 'Nom', a.user.email, '', '']]);
    const res = await upload(a.session, a.company.id, 'importagents', csv, 'agents.csv', 'text/csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 2, created: 1, skipped: 1 });
    const [row] = await t.db.rows<{ guest_user_id: number }>(sql`SELECT guest_user_id FROM invitations WHERE email = 'deja.inscrit@import.cm'`);
    expect(row.guest_user_id).toBe(known.id);
  });

  it('refuses a file with two bad rows with a French row-by-row report, importing nothing', async () => {
    const rows = agentRows(10, 'mauvais');
    rows[3][2] = 'pas-une-adresse';
    rows[7] = ['X', 'Nom7', '', '', ''];
    const file = await xlsxOf([AGENT_HEADERS, ...rows]);
    const before = await countInvitations(a.company.id);
    const res = await upload(a.session, a.company.id, 'importagents', file, 'agents.xlsx');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('import_rejected');
    expect(res.body.message).toContain("n'a pas été importé : 2 ligne(s) en erreur");
    expect(res.body.errors.row_5).toEqual(["E-mail : L'adresse e-mail n'est pas valide"]);
    expect(res.body.errors.row_9).toEqual(
      expect.arrayContaining(['Prénom : Le nom doit contenir au moins 2 caractères', "E-mail : L'e-mail ou le téléphone est obligatoire"]),
    );
    expect(Object.keys(res.body.errors)).toHaveLength(2);
    expect(await countInvitations(a.company.id)).toBe(before);
    const inEnglish = await upload(a.session, a.company.id, 'importagents', file, 'agents.xlsx', XLSX_TYPE, 'en');
    expect(inEnglish.body.message).toBe('The file was not imported: 2 row(s) with errors. Fix them, then send the file again.');
    const notATable = await upload(a.session, a.company.id, 'importagents', Buffer.from('%PDF-1.4'), 'agents.pdf', 'application/pdf', 'de');
    expect(notATable.status).toBe(415);
    expect(notATable.body.message).toBe('Nicht unterstütztes Format: Senden Sie eine Excel- (.xlsx) oder CSV-Datei (.csv).');
  });

  it('reports the same person twice in a file, a bad phone, and missing columns', async () => {
    const csv = csvOf([AGENT_HEADERS, ['Awa', 'Bello', 'awa@import.cm', '', ''], ['Awa', 'Bello', 'AWA@import.cm', '12', '']], ',');
    const res = await upload(a.session, a.company.id, 'importagents', csv, 'agents.csv', 'text/csv');
    expect(res.status).toBe(422);
    expect(res.body.errors.row_3).toEqual(
      expect.arrayContaining(["Téléphone : Le numéro de téléphone mobile n'est pas valide"]),
    );
    const fixed = csvOf([AGENT_HEADERS, ['Awa', 'Bello', 'awa@import.cm', '', ''], ['Awa', 'Bello', 'AWA@import.cm', '', '']]);
    const dup = await upload(a.session, a.company.id, 'importagents', fixed, 'agents.csv', 'text/csv');
    expect(dup.body.errors.row_3).toEqual(['E-mail : Cette adresse e-mail figure déjà ligne 2.']);
    const noColumns = await upload(a.session, a.company.id, 'importagents', csvOf([['Nom', 'Courriel'], ['A', 'b']]), 'x.csv', 'text/csv');
    expect(noColumns.status).toBe(422);
    expect(noColumns.body.message).toContain('Colonnes manquantes');
    expect(noColumns.body.message).toContain('« Prénom »');
  });

  it('refuses oversized files (413), other formats (415), a broken xlsx (422) and empty uploads (422)', async () => {
    const big = Buffer.alloc(IMPORT_MAX_BYTES + 10, 'a');
    const tooBig = await upload(a.session, a.company.id, 'importagents', big, 'gros.csv', 'text/csv');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toContain('Mo');
    const pdf = await upload(a.session, a.company.id, 'importagents', Buffer.from('%PDF-1.4\n'), 'agents.pdf', 'application/pdf');
    expect(pdf.status).toBe(415);
    expect(pdf.body.message).toContain('Format non pris en charge');
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    const res = await upload(a.session, a.company.id, 'importagents', broken, 'agents.xlsx');
    expect(res.status).toBe(422);
    const notMultipart = await call(t, 'POST', `companies/${a.company.id}/importagents`, a.session, { file: 'x' });
    expect(notMultipart.status).toBe(422);
  });

  it('checks who imports: 401 signed out, 403 without the permission, 404 for another company', async () => {
    const file = csvOf([AGENT_HEADERS, ['Awa', 'Bello', 'awa2@import.cm', '', '']]);
    expect((await upload(null, a.company.id, 'importagents', file, 'a.csv', 'text/csv')).status).toBe(401);
    const member = await createPlainMember(t, a.company.id);
    expect((await upload(member.session, a.company.id, 'importagents', file, 'a.csv', 'text/csv')).status).toBe(403);
    expect((await upload(b.session, a.company.id, 'importagents', file, 'a.csv', 'text/csv')).status).toBe(404);
    expect((await upload(b.session, a.company.id, 'importworkspaces', file, 'a.csv', 'text/csv')).status).toBe(404);
  });
});

describe('POST companies/{id}/importworkspaces', () => {
  it('creates workspaces in the named sites, updates them on re-import, and refuses unknown sites', async () => {
    const site = (await call(t, 'POST', 'sites', a.session, { name: 'Agence Bonanjo', code: 'BNJ' })).body.data;
    expect(site.code).toBe('BNJ');
    const header = ['Nom', 'Code', 'Code du site', 'Type'];
    const file = await xlsxOf([header, ['Guichet 1', 'bnj-g1', 'bnj', 'counter'], ['Bureau', 'BNJ-B1', 'BNJ', '']]);
    const res = await upload(a.session, a.company.id, 'importworkspaces', file, 'espaces.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'workspaces', rows: 2, created: 2, updated: 0 });
    const list = (await call(t, 'GET', `sites/${site.id}/workspaces`, a.session)).body.data;
    expect(list.map((w: any) => [w.code, w.kind])).toEqual([
      ['BNJ-B1', 'counter'],
      ['BNJ-G1', 'counter'],
    ]);
    const renamed = await xlsxOf([header, ['Guichet principal', 'BNJ-G1', 'BNJ', 'counter'], ['Bureau', 'BNJ-B1', 'BNJ', 'desk']]);
    const second = await upload(a.session, a.company.id, 'importworkspaces', renamed, 'espaces-2.xlsx');
    expect(second.body.data).toMatchObject({ created: 0, updated: 2, skipped: 0 });
    const bad = await upload(a.session, a.company.id, 'importworkspaces', await xlsxOf([header, ['Salle', 'S1', 'NOPE', 'room']]), 'e.xlsx');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.row_2).toEqual(["Code du site : Aucun site de votre entreprise n'a le code NOPE."]);
  });
});

describe('importagents under a package limit', () => {
  it('refuses a file that would take the company past its agent limit, importing nothing (409)', async () => {
    const limited = await openTestApp({ LIMITS_ENFORCED: 'true' });
    try {
      const owner = await createOwner(limited, 'Petite Formule');
      const file = csvOf([AGENT_HEADERS, ...agentRows(12, 'limite')]);
      const body = multipart(file, 'agents.csv', 'text/csv');
      const res = await limited.app.inject({
        method: 'POST',
        url: `/api/v2/companies/${owner.company.id}/importagents`,
        headers: { ...headersOf(owner.session), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('limit_reached');
      expect(res.json().message).toContain('Limite atteinte');
      const [{ n }] = await limited.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM invitations WHERE company_id = ${owner.company.id}`);
      expect(n).toBe(0);
    } finally {
      await limited.close();
    }
  });
});
