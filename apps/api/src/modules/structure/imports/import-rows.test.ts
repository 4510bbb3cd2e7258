import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { call, createOwner, headersOf } from '../../tenancy/companies/tenancy.test-support';
import { AGENT_HEADERS, csvOf, uploader, xlsxOf } from './imports.test-support';

let t: TestApp;
let a: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await openTestApp();
  a = await createOwner(t, 'Import Langues');
});
afterAll(() => t.close());
const upload = uploader(() => t);

/** Two bad rows: a wrong e-mail on row 3, a short first name and no address on row 4. */
const badAgents = () =>
  xlsxOf([AGENT_HEADERS, ['Awa', 'Bello', 'awa@langues.cm', '', ''], ['Awa', 'Bello', 'pas-une-adresse', '', ''], ['X', 'Nom', '', '', '']]);

describe('an import’s row problems in the caller’s language', () => {
  it('answers the rows of a refused agents file in English and in Chinese, under the same row keys', async () => {
    const file = await badAgents();
    const en = await upload(a.session, a.company.id, 'importagents', file, 'agents.xlsx', undefined, 'en');
    expect(en.status).toBe(422);
    expect(en.body.message).toBe('The file was not imported: 2 row(s) with errors. Fix them, then send the file again.');
    expect(en.body.errors).toEqual({
      row_3: ['E-mail: The e-mail address is not valid'],
      row_4: expect.arrayContaining(['First name: The name must have at least 2 characters', 'E-mail: The e-mail or the phone is required']),
    });
    const zh = await upload(a.session, a.company.id, 'importagents', file, 'agents.xlsx', undefined, 'zh-CN');
    expect(zh.body.errors.row_3).toEqual(['电子邮箱：电子邮箱无效']);
    expect(Object.keys(zh.body.errors)).toEqual(['row_3', 'row_4']);
  });

  it('tells a person twice and a bad phone in English, and reads a file with English or Chinese headers', async () => {
    const headers = ['First name', 'Last name', 'E-mail', 'Phone', 'Job title'];
    const twice = csvOf([headers, ['Awa', 'Bello', 'awa@langues.cm', '', ''], ['Awa', 'Bello', 'AWA@langues.cm', '12', '']]);
    const res = await upload(a.session, a.company.id, 'importagents', twice, 'agents.csv', 'text/csv', 'en');
    expect(res.body.errors.row_3).toEqual(expect.arrayContaining(['Phone: The mobile phone number is not valid']));
    const fixed = csvOf([headers, ['Awa', 'Bello', 'awa@langues.cm', '', ''], ['Awa', 'Bello', 'AWA@langues.cm', '', '']]);
    const dup = await upload(a.session, a.company.id, 'importagents', fixed, 'agents.csv', 'text/csv', 'en');
    expect(dup.body.errors.row_3).toEqual(['E-mail: This e-mail address is already on row 2.']);
    const chinese = csvOf([['名', '姓', '电子邮箱', '电话', '职务'], ['Awa', 'Bello', 'awa.zh@langues.cm', '', '']]);
    const dry = await upload(a.session, a.company.id, 'importagents?dry_run=true', chinese, 'agents.csv', 'text/csv', 'zh-CN');
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data.preview[0]).toMatchObject({ row: 2, first_name: 'Awa', email: 'awa.zh@langues.cm' });
  });

  it('names the missing columns and refuses a broken file in the caller’s language', async () => {
    const noColumns = await upload(a.session, a.company.id, 'importagents', csvOf([['Name', 'Mail'], ['A', 'b']]), 'x.csv', 'text/csv', 'en');
    expect(noColumns.status).toBe(422);
    expect(noColumns.body.message).toBe('Missing columns: “First name”, “Last name”, “E-mail”, “Phone”, “Job title”. Start from the template file.');
    const zh = await upload(a.session, a.company.id, 'importagents', csvOf([['Name', 'Mail'], ['A', 'b']]), 'x.csv', 'text/csv', 'zh-CN');
    expect(zh.body.errors.file[0]).toMatch(/^缺少列：“名”/);
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);
    const brokenEn = await upload(a.session, a.company.id, 'importagents', broken, 'agents.xlsx', undefined, 'en');
    expect(brokenEn.body).toMatchObject({ message: 'The Excel file is unreadable or damaged.', errors: { file: ['The Excel file is unreadable or damaged.'] } });
    const unclosed = Buffer.from('Prénom;Nom;E-mail;Téléphone;Fonction\r\n"Awa;Bello;awa@langues.cm;;\r\n', 'utf8');
    const unclosedZh = await upload(a.session, a.company.id, 'importagents', unclosed, 'agents.csv', 'text/csv', 'zh-CN');
    expect(unclosedZh.status).toBe(422);
    expect(unclosedZh.body.errors.file).toEqual(['CSV 文件格式错误（引号未闭合？）。']);
  });

  it('answers a workspaces file’s unknown site and repeated code in English and Chinese', async () => {
    expect((await call(t, 'POST', 'sites', a.session, { name: 'Agence Akwa', code: 'AKW' })).status).toBe(201);
    const file = await xlsxOf([
      ['Name', 'Code', 'Site code', 'Type'],
      ['Counter', 'A1', 'AKW', 'counter'],
      ['Room', 'A1', 'NOPE', 'room'],
    ]);
    const en = await upload(a.session, a.company.id, 'importworkspaces', file, 'w.xlsx', undefined, 'en');
    expect(en.body.errors.row_3).toEqual(['Site code: No site of your company has the code NOPE.', 'Code: This code is already on row 2.']);
    const zh = await upload(a.session, a.company.id, 'importworkspaces', file, 'w.xlsx', undefined, 'zh-CN');
    expect(zh.body.errors.row_3).toEqual(['站点代码：贵企业没有代码为 NOPE 的站点。', '代码：该代码已出现在第 2 行。']);
  });

  it('gives the sample file with the headers and sheet of the caller’s language', async () => {
    const res = await t.app.inject({ url: `/api/v2/companies/${a.company.id}/importagents/sample`, headers: { ...headersOf(a.session), 'accept-language': 'en' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Agents');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['First name', 'Last name', 'E-mail', 'Phone', 'Job title']);
    expect(sheet.getRow(2).getCell(5).value).toBe('Surveyor');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="import-template-agents.xlsx"; filename*=UTF-8''import-template-agents.xlsx`);
    const csv = await t.app.inject({ url: `/api/v2/companies/${a.company.id}/importworkspaces/sample?format=csv`, headers: { ...headersOf(a.session), 'accept-language': 'zh-CN' } });
    expect(csv.body.replace('\uFEFF', '').split('\r\n')[0]).toBe('名称;代码;站点代码;类型');
    expect(csv.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('工作区导入模板')}.csv`);
    const german = await t.app.inject({ url: `/api/v2/companies/${a.company.id}/importworkspaces/sample`, headers: { ...headersOf(a.session), 'accept-language': 'de' } });
    expect(german.headers['content-disposition']).toContain('filename="importvorlage-arbeitsplaetze.xlsx"');
    // The sample in English imports as it is (a dry run: its rows are read and checked).
    const back = await upload(a.session, a.company.id, 'importagents?dry_run=true', res.rawPayload, 'sample.xlsx', undefined, 'en');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });
});
