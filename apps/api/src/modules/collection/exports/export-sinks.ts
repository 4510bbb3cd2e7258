import { type PassThrough, Transform, type TransformCallback } from 'node:stream';
import ExcelJS from 'exceljs';
import { encodeCsvHeader, encodeCsvRow } from './csv-format';
import type { ExportCell, ExportColumn } from './export-columns';

/**
 * Writers of one export format into the response stream, a batch of rows at a time.
 * `waitForRoom` is the backpressure point: the producer awaits it between batches so a
 * slow client slows the database reads instead of filling memory.
 */
export interface ExportSink {
  writeHeader(columns: readonly ExportColumn[]): void;
  writeRows(rows: readonly ExportCell[][]): void;
  waitForRoom(): Promise<void>;
  finish(): Promise<void>;
}

export const EXPORT_FORMATS = {
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

/** Bytes allowed to wait in buffers before the producer pauses. */
export const MAX_PENDING_BYTES = 1024 * 1024;

async function waitUntil(out: PassThrough, pending: () => number, limit: number): Promise<void> {
  while (pending() > limit && !out.destroyed) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function createCsvSink(out: PassThrough, maxPending = MAX_PENDING_BYTES): ExportSink {
  let columns: readonly ExportColumn[] = [];
  return {
    writeHeader(cols) {
      columns = cols;
      out.write(encodeCsvHeader(cols));
    },
    writeRows(rows) {
      let chunk = '';
      for (const cells of rows) chunk += encodeCsvRow(cells, columns);
      if (chunk) out.write(chunk);
    },
    waitForRoom: () => waitUntil(out, () => out.writableLength + out.readableLength, maxPending),
    async finish() {
      out.end();
    },
  };
}

const NUMBER_FORMATS: Partial<Record<ExportColumn['kind'], string>> = {
  datetime: 'dd/mm/yyyy hh:mm',
  date: 'dd/mm/yyyy',
};

interface ZipLike {
  readableLength: number;
  writableLength: number;
  append(source: NodeJS.ReadableStream, data: { name: string }): void;
}

const PART_CHUNK_BYTES = 64 * 1024;

/**
 * A workbook part as a proper stream: ExcelJS writes a row at a time (about a kilobyte);
 * gathered into 64 KB chunks, the compressor gets few large pieces (one thread-pool
 * round trip each) instead of one per row.
 */
class PartStream extends Transform {
  private pending: Buffer[] = [];
  private size = 0;

  constructor() {
    super({ highWaterMark: 256 * 1024 });
    this.on('finish', () => this.emit('zipped'));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk);
    this.size += chunk.length;
    if (this.size >= PART_CHUNK_BYTES) this.pushPending();
    done();
  }

  override _flush(done: TransformCallback): void {
    this.pushPending();
    done();
  }

  private pushPending(): void {
    if (this.size === 0) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.size));
    this.pending = [];
    this.size = 0;
  }

  override write(chunk: unknown, ...rest: unknown[]): boolean {
    // ExcelJS also writes its own StringBuf objects: copied out as bytes.
    const bytes = typeof chunk === 'string' || Buffer.isBuffer(chunk) ? chunk : Buffer.from((chunk as { toBuffer(): Buffer }).toBuffer());
    return super.write(bytes, ...(rest as [BufferEncoding, (error?: Error | null) => void]));
  }
}

/**
 * ExcelJS writes each part of the workbook into its own buffer stream, which ignores
 * backpressure: when compression is slower than rows come, that buffer grows with the
 * file. A proper stream in its place is piped by the archiver like any other, so what
 * waits is bounded and visible (its buffered lengths).
 */
function usePipedParts(workbook: ExcelJS.stream.xlsx.WorkbookWriter, zip: ZipLike): PartStream[] {
  const parts: PartStream[] = [];
  (workbook as unknown as { _openStream(path: string): PartStream })._openStream = (path: string) => {
    const stream = new PartStream();
    zip.append(stream, { name: path });
    parts.push(stream);
    return stream;
  };
  return parts;
}

/**
 * Streams a workbook with one sheet: rows are committed as they come (ExcelJS's
 * streaming writer), inline strings (a shared-string table would grow with the file).
 */
export function createXlsxSink(out: PassThrough, sheetName: string, maxPending = MAX_PENDING_BYTES): ExportSink {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const zip = (workbook as unknown as { zip: ZipLike }).zip;
  const parts = usePipedParts(workbook, zip);
  workbook.creator = 'Plateforme d’enquêtes';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  // ExcelJS gives every new cell a fresh style object, then registers styles by object
  // identity: one shared object per column makes that a lookup instead of rendering the
  // style's XML again for each cell (most of the xlsx time otherwise).
  let columnStyles: Array<Partial<ExcelJS.Style>> = [];
  return {
    writeHeader(cols) {
      columnStyles = cols.map((c) => (NUMBER_FORMATS[c.kind] ? { numFmt: NUMBER_FORMATS[c.kind] } : {}));
      sheet.columns = cols.map((c, i) => ({
        key: `c${i}`,
        width: c.width,
        ...(NUMBER_FORMATS[c.kind] && { style: { numFmt: NUMBER_FORMATS[c.kind] } }),
      }));
      const header = sheet.addRow(cols.map((c) => c.header));
      header.font = { bold: true };
      header.commit();
    },
    writeRows(rows) {
      for (const cells of rows) {
        const row = sheet.addRow(cells as ExcelJS.CellValue[]);
        for (let i = 0; i < columnStyles.length; i++) row.getCell(i + 1).style = columnStyles[i];
        row.commit();
      }
    },
    waitForRoom: () =>
      waitUntil(out, () => {
        let pending = zip.readableLength + zip.writableLength + out.writableLength + out.readableLength;
        // Not counted: the chunk being gathered (64 KB at most; it only moves on with more rows).
        for (const part of parts) pending += part.writableLength + part.readableLength;
        return pending;
      }, maxPending),
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
