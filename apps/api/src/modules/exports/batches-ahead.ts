import type { BatchReader, ParticipationRecord } from './export-batch.repository';

export interface BatchesAheadOptions {
  /** Batch reads running at once (each on its own pooled connection on PostgreSQL). */
  inFlight: number;
  /** Batches whose closing ids one bounds read fetches. */
  boundsPerRead: number;
  /** Told as each batch read starts. */
  onBatch?: (info: { index: number; afterId: number }) => void;
  /** Whether the consumer went away: no read starts after that. */
  stopped: () => boolean;
}

/**
 * An export's batches, in id order, with up to `inFlight` of them being read ahead of
 * the one handed over: batches are read from id ranges whose bounds are read first (ids
 * only, cheap), so the next ones need not wait for the previous one to end. The database
 * then works on another core while the caller formats and writes.
 */
export function readBatchesAhead(reader: BatchReader, options: BatchesAheadOptions) {
  let index = 0;
  let lastBound = 0;
  let bounds: number[] = [];
  let noMoreBounds = false;
  const reading: Array<Promise<ParticipationRecord[]>> = [];

  const startReads = async () => {
    while (reading.length < options.inFlight && !options.stopped()) {
      if (bounds.length === 0) {
        if (noMoreBounds) return;
        bounds = await reader.bounds(lastBound, options.boundsPerRead);
        noMoreBounds = bounds.length < options.boundsPerRead;
        if (bounds.length === 0) return;
      }
      const after = lastBound;
      lastBound = bounds.shift() as number;
      options.onBatch?.({ index: index++, afterId: after });
      const pending = reader.read(after, lastBound);
      // Reads ahead may be abandoned (the consumer left): their failure must not go unhandled.
      pending.catch(() => {});
      reading.push(pending);
    }
  };

  return {
    /** The next batch, or null after the last one. */
    async next(): Promise<ParticipationRecord[] | null> {
      await startReads();
      const head = reading.shift();
      if (!head) return null;
      const batch = await head;
      // The following reads start before this batch is handed over.
      await startReads();
      return batch;
    },
  };
}
