import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExportCell, ExportColumn } from '../collection/exports/export-columns';
import { attachmentHeader } from '../collection/exports/export-filename';
import { createXlsxSink, EXPORT_FORMATS } from '../collection/exports/export-sinks';

/** Cells store wall-clock times of Douala (UTC+1, no daylight saving) as xlsx has no zones. */
export const douala = (d: Date | string | null) => (d ? new Date(new Date(d).getTime() + 3600_000) : null);

/**
 * Streams a workbook of one sheet: `nextBatch(cursor)` gives rows (empty when done) and the
 * next cursor; the loop waits while the client reads slower than the database gives.
 */
export function sendXlsx<C>(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { name: string; sheet: string; columns: readonly ExportColumn[] },
  first: C,
  nextBatch: (cursor: C) => Promise<{ rows: ExportCell[][]; next: C | null }>,
) {
  const out = new PassThrough();
  const sink = createXlsxSink(out, file.sheet);
  void (async () => {
    sink.writeHeader(file.columns);
    let cursor: C | null = first;
    while (cursor !== null) {
      const batch = await nextBatch(cursor);
      if (batch.rows.length) sink.writeRows(batch.rows);
      cursor = batch.next;
      await sink.waitForRoom();
    }
    await sink.finish();
  })().catch((error: Error) => {
    request.log.error({ err: error }, `${file.name} export failed mid-stream`);
    out.destroy(error);
  });
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', EXPORT_FORMATS.xlsx.contentType)
    .header('content-disposition', attachmentHeader(`${file.name}-${day}.xlsx`))
    .header('cache-control', 'private, no-store')
    .send(out);
}
