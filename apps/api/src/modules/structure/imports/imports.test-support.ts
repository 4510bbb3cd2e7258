import ExcelJS from 'exceljs';
import type { TestApp } from '../../../test/test-app';
import { headersOf, type Session } from '../../tenancy/companies/tenancy.test-support';

/** Files and uploads of the imports' API tests. */
export const AGENT_HEADERS = ['Prénom', 'Nom', 'E-mail', 'Téléphone', 'Fonction'];

export async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Agents');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function csvOf(rows: string[][], delimiter = ';'): Buffer {
  return Buffer.from(rows.map((r) => r.join(delimiter)).join('\r\n'), 'utf8');
}

export function multipart(file: Buffer, fileName: string, contentType: string) {
  const boundary = `----import${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An upload of a file to one test app (read when called: the app is opened in `beforeAll`), in `locale` if given. */
export const uploader = (app: () => TestApp) =>
  async function upload(session: Session | null, companyId: number, path: string, file: Buffer, fileName: string, type = XLSX_TYPE, locale?: string) {
    const body = multipart(file, fileName, type);
    const res = await app().app.inject({
      method: 'POST',
      url: `/api/v2/companies/${companyId}/${path}`,
      headers: { ...(session ? headersOf(session) : {}), ...body.headers, ...(locale && { 'accept-language': locale }) },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
