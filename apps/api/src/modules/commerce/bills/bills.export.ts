import { PassThrough } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { bills } from '../../../db/schema';
import type { ExportColumn } from '../../collection/exports/export-columns';
import { createXlsxSink } from '../../collection/exports/export-sinks';

const BATCH = 1000;

const COLUMNS: readonly ExportColumn[] = [
  { header: 'N°', kind: 'number', width: 9 },
  { header: 'Date', kind: 'datetime', width: 18 },
  { header: 'Type', kind: 'text', width: 16 },
  { header: 'Libellé', kind: 'text', width: 36 },
  { header: 'Quantité', kind: 'number', width: 10 },
  { header: 'Prix unitaire', kind: 'number', width: 14 },
  { header: 'Montant', kind: 'number', width: 14 },
  { header: 'Devise', kind: 'text', width: 8 },
  { header: 'Début de période', kind: 'datetime', width: 18 },
  { header: 'Fin de période', kind: 'datetime', width: 18 },
  { header: 'Transaction', kind: 'number', width: 12 },
];

const KIND_LABELS = { package_fee: 'Formule', overage: 'Dépassement', payment_fee: 'Frais de paiement' } as const;

/** Cells store wall-clock times of Douala (UTC+1, no daylight saving) as xlsx has no zones. */
const douala = (d: Date | null) => (d ? new Date(d.getTime() + 3600_000) : null);

/**
 * The company's billed lines as an xlsx workbook, streamed: rows are read by keyset
 * batches and written as they come, waiting while the client reads slower than we write.
 */
export function streamBillsXlsx(db: Database, companyId: number, onError: (error: Error) => void): PassThrough {
  const out = new PassThrough();
  const sink = createXlsxSink(out, 'Facturation');
  void (async () => {
    sink.writeHeader(COLUMNS);
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
          KIND_LABELS[b.kind],
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
