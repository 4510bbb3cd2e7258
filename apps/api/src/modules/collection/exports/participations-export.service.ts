import { PassThrough } from 'node:stream';
import type { RequestContext } from '../../../http/actor';
import { hasPermission } from '../../../http/authorize';
import { forbidden, notFound } from '../../../http/errors';
import { requireActor, requireCompany, seesAllCompanies } from '../../tenancy/companies/tenancy';
import { createReadSlots, readBatchesAhead } from './batches-ahead';
import { type ExportScope, openBatchReader } from './export-batch.repository';
import { buildColumns } from './export-columns';
import { safeFilePart } from './export-filename';
import { formatWallDate, resolveBound, WallClock } from './export-time';
import { createRowBuilder } from './export-rows';
import { exportWords } from './export.texts';
import { createCsvSink, createXlsxSink, EXPORT_FORMATS, type ExportSink } from './export-sinks';
import { type ExportSurvey, findExportSurvey, loadExportQuestions } from './export-survey.repository';
import { DEFAULT_EXPORT_STATUSES, type ExportParticipationsOptions } from './exports.schemas';
import { participationText } from '../participations/participation.texts';

export const EXPORT_BATCH_SIZE = 1000;
/**
 * Batch reads running at once, each on its own pooled connection: the database then
 * works on every core while this process formats.
 * Three measured best on 2 cores (two left gaps between reads; four gained nothing).
 */
export const READS_IN_FLIGHT = 3;
/**
 * Batch reads running at once over every export of this process: concurrent exports
 * share them, and the rest of the pool (10 connections) stays free for the other requests.
 */
export const EXPORT_READ_SLOTS = 4;
const exportReadSlots = createReadSlots(EXPORT_READ_SLOTS);

export interface ExportRun {
  /** Rows per database read (tests use small batches to watch the stream). */
  batchSize?: number;
  /** Told as each batch read starts (READS_IN_FLIGHT batches are read ahead of the one being written). */
  onBatch?: (info: { index: number; afterId: number }) => void;
  /** Bytes that may wait in buffers before reading pauses (tests use a small one). */
  maxPendingBytes?: number;
  /** Where a failure after the first byte is reported (the response is then cut short). */
  onError?: (error: unknown) => void;
}

export interface ExportDownload {
  filename: string;
  contentType: string;
  stream: PassThrough;
}

/** The survey the caller may export: its company's (another company's is a 404), or any for a platform admin outside companies. */
export async function findExportableSurvey(ctx: RequestContext, surveyId: number): Promise<ExportSurvey> {
  const actor = requireActor(ctx);
  if (!hasPermission(actor, 'surveys.export')) throw forbidden();
  const companyId = seesAllCompanies(actor) ? null : requireCompany(ctx).companyId;
  const survey = await findExportSurvey(ctx.db, surveyId, companyId);
  if (!survey) throw notFound(participationText(ctx.locale, 'surveyNotFound'));
  return survey;
}

/**
 * `surveys/{id}/exportparticipations`: checks access, then returns a stream that is
 * written batch by batch (keyset on id, answers pivoted in SQL) as the client reads it;
 * neither the file nor the row set is ever whole in memory.
 */
export async function exportParticipations(
  ctx: RequestContext,
  surveyId: number,
  options: ExportParticipationsOptions,
  origin: string,
  run: ExportRun = {},
): Promise<ExportDownload> {
  const survey = await findExportableSurvey(ctx, surveyId);
  const questions = await loadExportQuestions(ctx.db, survey.id);
  const clock = new WallClock(options.tz);
  const scope: ExportScope = {
    surveyId: survey.id,
    companyId: survey.company_id ?? 0,
    anonymous: survey.anonymous,
    statuses: options.status ? [...new Set(options.status)] : DEFAULT_EXPORT_STATUSES,
    from: options.from ? resolveBound(options.from, clock, false) : null,
    to: options.to ? resolveBound(options.to, clock, true) : null,
  };
  // Headers, states and yes/no in the language of the person who asked for the file.
  const words = exportWords(ctx.locale);
  const columns = buildColumns(questions, words);
  const format = EXPORT_FORMATS[options.format];
  const stream = new PassThrough();
  const sink: ExportSink =
    options.format === 'csv' ? createCsvSink(stream, run.maxPendingBytes) : createXlsxSink(stream, 'Participations', run.maxPendingBytes);
  sink.writeHeader(columns);
  const batchSize = run.batchSize ?? EXPORT_BATCH_SIZE;
  const toRow = createRowBuilder(questions, clock, origin, words);
  const reader = await openBatchReader(ctx.db, scope, questions, batchSize);

  const batches = readBatchesAhead(reader, {
    inFlight: READS_IN_FLIGHT,
    boundsPerRead: 8,
    slots: exportReadSlots,
    onBatch: run.onBatch,
    stopped: () => stream.destroyed,
  });
  const produce = async () => {
    for (let batch = await batches.next(); batch; batch = await batches.next()) {
      if (stream.destroyed) return;
      sink.writeRows(batch.map(toRow));
      // Batches read ahead are already there: without this turn, a whole export could run
      // as one chain of promises, holding every other request and the socket.
      await new Promise((resolve) => setImmediate(resolve));
      await sink.waitForRoom();
      if (stream.destroyed) return;
    }
    await sink.finish();
  };
  produce().catch((error) => {
    run.onError?.(error);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });

  const day = formatWallDate(clock.toWallDate(Date.now())).split('/').reverse().join('-');
  return {
    filename: `participations-${safeFilePart(survey.code)}-${day}.${format.extension}`,
    contentType: format.contentType,
    stream,
  };
}
