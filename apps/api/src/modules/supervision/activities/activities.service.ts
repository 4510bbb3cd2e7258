import { type ActivityFilter, ACTIVITY_KIND_LABELS, TARGET_KIND_PHRASES, type ActivityView, type MonitorTargetKind } from '@app/contracts';
import { PassThrough } from 'node:stream';
import type { RequestContext } from '../../../http/actor';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { createXlsxSink } from '../../collection/exports/export-sinks';
import type { ExportColumn } from '../../collection/exports/export-columns';
import { listActivities, readActivityBatch, type ActivityCursor, type ActivityScope } from './activities.repository';

/** GET activities: the company's timeline, filtered and paged. */
export async function listCompanyActivities(ctx: RequestContext, filter: ActivityFilter) {
  requirePermission(ctx, 'activities.list');
  const { companyId } = requireCompany(ctx);
  const { page, limit, ...rest } = filter;
  return listActivities(ctx.db, { ...rest, companyId }, page, limit);
}

const COLUMNS: ExportColumn[] = [
  { header: 'Date', kind: 'datetime', width: 18 },
  { header: 'Activité', kind: 'text', width: 26 },
  { header: 'Auteur', kind: 'text', width: 24 },
  { header: 'Type de cible', kind: 'text', width: 18 },
  { header: 'Cible', kind: 'text', width: 26 },
  { header: 'Objet', kind: 'text', width: 30 },
  { header: 'Score', kind: 'number', width: 8 },
];

/** A line of the log sheet. Dates are written as UTC wall time (the sheet says so in its name). */
function toCells(a: ActivityView) {
  const score = typeof a.data?.score === 'number' ? (a.data.score as number) : null;
  return [
    new Date(a.created_at),
    ACTIVITY_KIND_LABELS[a.kind] ?? a.kind,
    a.actor_name,
    a.target_kind ? (TARGET_KIND_PHRASES[a.target_kind as MonitorTargetKind]?.label ?? a.target_kind) : null,
    a.target_name,
    a.subject_name,
    score,
  ];
}

const BATCH = 500;

/**
 * GET logs/export/xlsx: the filtered timeline as a workbook, written batch by batch
 * (keyset) into the response as the client reads it, like the participation exports.
 */
export async function exportActivityLog(ctx: RequestContext, filter: Omit<ActivityFilter, 'page' | 'limit'>, onError: (error: unknown) => void) {
  requirePermission(ctx, 'activities.export');
  const { companyId } = requireCompany(ctx);
  const scope: ActivityScope = { ...filter, companyId };
  const stream = new PassThrough();
  const sink = createXlsxSink(stream, 'Journal (UTC)');
  sink.writeHeader(COLUMNS);
  const produce = async () => {
    let cursor: ActivityCursor | null = null;
    for (;;) {
      const batch = await readActivityBatch(ctx.db, scope, cursor, BATCH);
      if (stream.destroyed) return;
      sink.writeRows(batch.rows.map(toCells));
      await new Promise((resolve) => setImmediate(resolve));
      await sink.waitForRoom();
      if (batch.rows.length < BATCH || !batch.cursor) break;
      cursor = batch.cursor;
    }
    await sink.finish();
  };
  produce().catch((error) => {
    onError(error);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  const day = new Date().toISOString().slice(0, 10);
  return {
    filename: `journal-activites-${day}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    stream,
  };
}
