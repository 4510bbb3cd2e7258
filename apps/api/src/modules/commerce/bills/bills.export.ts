import { PassThrough } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { bills } from '../../../db/schema';
import type { ExportColumn } from '../../collection/exports/export-columns';
import { createXlsxSink } from '../../collection/exports/export-sinks';
import { type BillsExportText, billsExportText } from './bills-export.texts';

const BATCH = 1000;

const COLUMNS: readonly (Omit<ExportColumn, 'header'> & { text: BillsExportText })[] = [
  { text: 'number', kind: 'number', width: 9 },
  { text: 'date', kind: 'datetime', width: 18 },
  { text: 'kind', kind: 'text', width: 16 },
  { text: 'label', kind: 'text', width: 36 },
  { text: 'quantity', kind: 'number', width: 10 },
  { text: 'unitPrice', kind: 'number', width: 14 },
  { text: 'amount', kind: 'number', width: 14 },
  { text: 'currency', kind: 'text', width: 8 },
  { text: 'periodStart', kind: 'datetime', width: 18 },
  { text: 'periodEnd', kind: 'datetime', width: 18 },
  { text: 'transaction', kind: 'number', width: 12 },
];

/** Cells store wall-clock times of Douala (UTC+1, no daylight saving) as xlsx has no zones. */
const douala = (d: Date | null) => (d ? new Date(d.getTime() + 3600_000) : null);

/**
 * The company's billed lines as an xlsx workbook, streamed: rows are read by keyset
 * batches and written as they come, waiting while the client reads slower than we write.
 * Its sheet, columns and kinds of line are in the reader's language (`locale`).
 */
export function streamBillsXlsx(db: Database, companyId: number, locale: string, onError: (error: Error) => void): PassThrough {
  const say = (text: BillsExportText) => billsExportText(locale, text);
  const out = new PassThrough();
  const sink = createXlsxSink(out, say('sheet'));
  void (async () => {
    sink.writeHeader(COLUMNS.map(({ text, ...column }) => ({ ...column, header: say(text) })));
    let after = 0;
    for (;;) {
      const rows = await db.orm
        .select()
        .from(bills)
        .where(and(eq(bills.company_id, companyId), gt(bills.id, after)))
        .orderBy(asc(bills.id))
        .limit(BATCH);
      if (rows.length === 0) break;
      sink.writeRows(
        rows.map((b) => [
          b.id,
          douala(b.created_at),
          say(b.kind),
          b.label,
          b.quantity,
          b.unit_price,
          b.amount,
          b.currency,
          douala(b.period_start),
          douala(b.period_end),
          b.transaction_id,
        ]),
      );
      after = rows[rows.length - 1].id;
      await sink.waitForRoom();
      if (rows.length < BATCH) break;
    }
    await sink.finish();
  })().catch((error: Error) => {
    onError(error);
    out.destroy(error);
  });
  return out;
}
