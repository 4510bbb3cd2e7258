import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../http/actor';
import { openTestApp, type TestApp } from '../../test/test-app';
import { contextFor, createOwner } from '../companies/tenancy.test-support';
import { createSurveyFixture, type SurveyFixture } from '../participations/participations.test-support';
import { batchWouldUseJit, fetchParticipationBatch } from './export-batch.repository';
import { parseCsv } from './export-files.test-support';
import { loadExportQuestions } from './export-survey.repository';
import { exportParticipations } from './participations-export.service';
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
    // 3000 rows by 250: 12 full batches, then one that comes back empty. Each read starts
    // once the batch before the previous one is out (one batch is read ahead).
    expect(watched.bytesAtBatch).toHaveLength(13);
    expect(watched.bytesAtBatch[0]).toBe(0);
    // When the second read starts, the reader has at most the header line.
    expect(watched.bytesAtBatch[1]).toBeLessThan(body.indexOf('\r\n') + 2 + 1);
    for (let i = 2; i < watched.bytesAtBatch.length; i++) {
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
    expect(watched.bytesAtBatch).toHaveLength(13);
    expect(watched.bytesAtBatch.at(-1)).toBeGreaterThan(0);
    expect(watched.bytesAtBatch.at(-1)).toBeLessThan(body.length);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.actualRowCount).toBe(3001);
    expect(sheet.getRow(3001).getCell(11).value).toMatch(/^Réponse \d+$/);
  });

  it('reads the same batch with JIT switched off (the guard of large surveys)', async () => {
    const questions = await loadExportQuestions(t.db, survey.id);
    const scope = { surveyId: survey.id, companyId: ctx.actor!.companyId!, anonymous: false, statuses: ['submitted'], from: null, to: null };
    const plain = await fetchParticipationBatch(t.db, scope, questions, 100, 50);
    const guarded = await fetchParticipationBatch(t.db, scope, questions, 100, 50, true);
    expect(guarded).toEqual(plain);
    expect(plain).toHaveLength(50);
    expect(plain[0].id).toBeGreaterThan(100);
    expect(typeof (await batchWouldUseJit(t.db, scope, questions, 1000))).toBe('boolean');
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`${format}: a reader that does not read holds the database reads back (backpressure)`, async () => {
      const watched = await watchExport(format, 100, 16 * 1024, false);
      await new Promise((resolve) => setTimeout(resolve, 400));
      // 3000 rows by 100 would be 31 reads: only the few that fill 16 KB of buffers happen.
      const whilePaused = watched.bytesAtBatch.length;
      expect(whilePaused).toBeLessThan(15);
      watched.stream.resume();
      const body = await watched.body;
      expect(watched.bytesAtBatch).toHaveLength(31);
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
    expect(watched.bytesAtBatch.length).toBeLessThanOrEqual(seen + 1);
    expect(watched.bytesAtBatch.length).toBeLessThan(30);
  });
});
