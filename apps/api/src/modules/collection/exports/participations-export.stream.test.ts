import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../../http/actor';
import { openTestApp, type TestApp } from '../../../test/test-app';
import { contextFor, createOwner } from '../../tenancy/companies/tenancy.test-support';
import { createSurveyFixture, type SurveyFixture } from '../participations/participations.test-support';
import { batchWouldUseJit, openBatchReader } from './export-batch.repository';
import { parseCsv } from './export-files.test-support';
import { loadExportQuestions } from './export-survey.repository';
import { exportParticipations, READS_IN_FLIGHT } from './participations-export.service';
import { exportParticipationsOptions } from './exports.schemas';

/**
 * The export is produced while it is read: these tests watch the bytes a reader has
 * received when each database batch starts, with small batches standing in for big data.
 */
let t: TestApp;
let ctx: RequestContext;
let survey: SurveyFixture;

/** `count` submitted participations with an answer to each question, set-based. */
async function generateParticipations(companyId: number, count: number) {
  await t.db.rows(sql`
    INSERT INTO participations (survey_id, company_id, status, client_uuid, submitted_at, score)
    SELECT ${survey.id}, ${companyId}, 'submitted', 'gen-' || ${survey.id} || '-' || g, now() - g * interval '1 minute', g % 7
    FROM generate_series(1, ${count}) g`);
  await t.db.rows(sql`
    INSERT INTO answers (participation_id, company_id, survey_id, question_id, value_text, value_number, value_choices)
    SELECT p.id, p.company_id, p.survey_id, q.id,
      CASE WHEN q.type = 'short_text' THEN 'Réponse ' || p.id END,
      CASE WHEN q.type = 'number' THEN p.id % 100 END,
      CASE WHEN q.type = 'single_choice' THEN ARRAY[${sql.raw(String(survey.c.shop[0]))} + (p.id % 2)] END
    FROM participations p CROSS JOIN questions q
    WHERE p.survey_id = ${survey.id} AND q.survey_id = ${survey.id}`);
}

beforeAll(async () => {
  t = await openTestApp();
  const owner = await createOwner(t, 'Flux SARL');
  survey = await createSurveyFixture(t, {
    companyId: owner.company.id,
    questions: [
      { key: 'text', type: 'short_text', label: 'Commentaire' },
      { key: 'n', type: 'number', label: 'Nombre' },
      { key: 'shop', type: 'single_choice', label: 'Agence', choices: [{ label: 'Akwa' }, { label: 'Bonanjo' }] },
    ],
  });
  await generateParticipations(owner.company.id, 3000);
  ctx = await contextFor(t, owner.user.id, { id: owner.company.agent_id, company_id: owner.company.id });
});
afterAll(() => t.close());

interface Watched {
  bytesAtBatch: number[];
  body: Promise<Buffer>;
  stream: PassThrough;
}

async function watchExport(format: 'csv' | 'xlsx', batchSize: number, maxPendingBytes?: number, read = true): Promise<Watched> {
  let received = 0;
  const bytesAtBatch: number[] = [];
  const options = exportParticipationsOptions.parse({ format });
  const { stream } = await exportParticipations(ctx, survey.id, options, 'http://localhost', {
    batchSize,
    maxPendingBytes,
    onBatch: () => bytesAtBatch.push(received),
  });
  const chunks: Buffer[] = [];
  const body = new Promise<Buffer>((resolve, reject) => {
    if (!read) stream.pause();
    stream.on('data', (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
  return { bytesAtBatch, body, stream };
}

describe('participations export streaming', () => {
  it('csv: rows of each batch reach the reader while later batches are read', async () => {
    const watched = await watchExport('csv', 250);
    const body = await watched.body;
    // 3000 rows by 250: 12 batches, READS_IN_FLIGHT of them read ahead of the one being
    // written. Those first reads, and the one started as the first batch arrives, start
    // before any row is out; each later one once a batch more is out.
    expect(watched.bytesAtBatch).toHaveLength(12);
    const header = body.indexOf('\r\n') + 2 + 1;
    const early = READS_IN_FLIGHT + 1;
    expect(watched.bytesAtBatch.slice(0, early).every((bytes) => bytes <= header)).toBe(true);
    for (let i = early; i < watched.bytesAtBatch.length; i++) {
      expect(watched.bytesAtBatch[i]).toBeGreaterThan(watched.bytesAtBatch[i - 1]);
    }
    expect(watched.bytesAtBatch.at(-1)).toBeLessThan(body.length);
    const records = parseCsv(body.toString('utf8').slice(1));
    expect(records).toHaveLength(3001);
    const ids = records.slice(1).map((r) => Number(r[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(3000);
    expect(records[1].slice(-3)).toEqual([`Réponse ${ids[0]}`, String(ids[0] % 100), ids[0] % 2 ? 'Bonanjo' : 'Akwa']);
  });

  it('xlsx: compressed parts of the workbook are out before the last batch is read', async () => {
    const watched = await watchExport('xlsx', 250);
    const body = await watched.body;
    expect(watched.bytesAtBatch).toHaveLength(12);
    expect(watched.bytesAtBatch.at(-1)).toBeGreaterThan(0);
    expect(watched.bytesAtBatch.at(-1)).toBeLessThan(body.length);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.actualRowCount).toBe(3001);
    expect(sheet.getRow(3001).getCell(11).value).toMatch(/^Réponse \d+$/);
  });

  it('reads batches with a compiled statement; JIT is off for that statement only', async () => {
    const questions = await loadExportQuestions(t.db, survey.id);
    const scope = { surveyId: survey.id, companyId: ctx.actor!.companyId!, anonymous: false, statuses: ['submitted'], from: null, to: null };
    const reader = await openBatchReader(t.db, scope, questions, 50);
    const bounds = await reader.bounds(100, 3);
    expect(bounds).toHaveLength(3);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
    const first = await reader.read(100, bounds[0]);
    expect(first).toHaveLength(50);
    expect(first[0].id).toBeGreaterThan(100);
    expect(first.at(-1)?.id).toBe(bounds[0]);
    expect(first[0].answers).toHaveLength(questions.length);
    expect(await reader.read(100, bounds[0])).toEqual(first);
    const second = await reader.read(bounds[0], bounds[1]);
    expect(second).toHaveLength(50);
    expect(second[0].id).toBeGreaterThan(bounds[0]);
    // Past the end: the last bound closes a short batch, then there are none.
    const [{ last }] = await t.db.rows<{ last: number }>(
      sql`SELECT max(id) AS last FROM participations WHERE survey_id = ${survey.id} AND status = 'submitted'`,
    );
    expect(await reader.bounds(Number(last) - 10, 3)).toEqual([Number(last)]);
    expect(await reader.bounds(Number(last), 3)).toEqual([]);
    expect(typeof (await batchWouldUseJit(t.db, scope, questions, 1000))).toBe('boolean');

    const setting = { name: 'export_test_jit_setting', text: 'SELECT current_setting($1)' };
    const [[before]] = await t.db.tuples(setting, ['jit']);
    const [[inside]] = await t.db.tuples(setting, ['jit'], { jitOff: true });
    const [[after]] = await t.db.tuples(setting, ['jit']);
    expect(inside).toBe('off');
    // The pooled connection goes back with the server's setting.
    expect(after).toBe(before);
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`${format}: a reader that does not read holds the database reads back (backpressure)`, async () => {
      const watched = await watchExport(format, 100, 16 * 1024, false);
      await new Promise((resolve) => setTimeout(resolve, 400));
      // 3000 rows by 100 would be 30 reads: only the few that fill 16 KB of buffers happen.
      const whilePaused = watched.bytesAtBatch.length;
      expect(whilePaused).toBeLessThan(15);
      watched.stream.resume();
      const body = await watched.body;
      expect(watched.bytesAtBatch).toHaveLength(30);
      expect(body.length).toBeGreaterThan(16 * 1024);
    });
  }

  it('stops reading the database when the reader goes away', async () => {
    const watched = await watchExport('csv', 100);
    watched.body.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    watched.stream.destroy();
    const seen = watched.bytesAtBatch.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watched.bytesAtBatch.length).toBeLessThanOrEqual(seen + READS_IN_FLIGHT);
    expect(watched.bytesAtBatch.length).toBeLessThan(30);
  });
});
