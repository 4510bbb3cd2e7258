import { type ActivityFilter, type ActivityView, isActivityKind, MONITOR_TARGET_KINDS, type MonitorTargetKind } from '@app/contracts';
import { PassThrough } from 'node:stream';
import type { RequestContext } from '../../../http/actor';
import { requireCompany, requirePermission } from '../../tenancy/companies/tenancy';
import { createXlsxSink } from '../../collection/exports/export-sinks';
import type { ExportColumn } from '../../collection/exports/export-columns';
import { participationText } from '../../collection/participations/participation.texts';
import { listActivities, readActivityBatch, type ActivityCursor, type ActivityScope } from './activities.repository';
import { type ActivityLogText, activityLogText } from './activity-log.texts';

/**
 * Who a line names, in the reader's language: an anonymous answer is stored without an
 * author (the data's `anonymous` says why) and reads "an anonymous participant".
 */
function activityAuthor(a: ActivityView, locale: string): string | null {
  return a.actor_name ?? (a.data?.anonymous === true ? participationText(locale, 'anonymousRespondent') : null);
}

/** GET activities: the company's timeline, filtered and paged. */
export async function listCompanyActivities(ctx: RequestContext, filter: ActivityFilter) {
  requirePermission(ctx, 'activities.list');
  const { companyId } = requireCompany(ctx);
  const { page, limit, ...rest } = filter;
  const result = await listActivities(ctx.db, { ...rest, companyId }, page, limit);
  return { ...result, rows: result.rows.map((a) => ({ ...a, actor_name: activityAuthor(a, ctx.locale) })) };
}

/** The log's columns, headed in the requester's language. */
function columnsIn(locale: string): ExportColumn[] {
  const column = (text: ActivityLogText, kind: ExportColumn['kind'], width: number): ExportColumn => ({ header: activityLogText(locale, text), kind, width });
  return [
    column('date', 'datetime', 18),
    column('activity', 'text', 26),
    column('author', 'text', 24),
    column('targetKind', 'text', 18),
    column('target', 'text', 26),
    column('subject', 'text', 30),
    column('score', 'number', 8),
  ];
}

const isTargetKind = (kind: string): kind is MonitorTargetKind => (MONITOR_TARGET_KINDS as readonly string[]).includes(kind);

/** A line of the log sheet, its words in `locale`. Dates are written as UTC wall time (the sheet says so in its name). */
function toCells(a: ActivityView, locale: string) {
  const score = typeof a.data?.score === 'number' ? (a.data.score as number) : null;
  return [
    new Date(a.created_at),
    isActivityKind(a.kind) ? activityLogText(locale, a.kind) : a.kind,
    activityAuthor(a, locale),
    a.target_kind ? (isTargetKind(a.target_kind) ? activityLogText(locale, a.target_kind) : a.target_kind) : null,
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
  const sink = createXlsxSink(stream, activityLogText(ctx.locale, 'sheet'));
  sink.writeHeader(columnsIn(ctx.locale));
  const produce = async () => {
    let cursor: ActivityCursor | null = null;
    for (;;) {
      const batch = await readActivityBatch(ctx.db, scope, cursor, BATCH);
      if (stream.destroyed) return;
      sink.writeRows(batch.rows.map((row) => toCells(row, ctx.locale)));
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
    filename: `${activityLogText(ctx.locale, 'file')}-${day}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    stream,
  };
}
