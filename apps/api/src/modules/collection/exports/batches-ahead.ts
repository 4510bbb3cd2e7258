import type { BatchReader, ParticipationRecord } from './export-batch.repository';

/** Caps the reads running at once across every export of this process. */
export interface ReadSlots {
  run<T>(read: () => Promise<T>): Promise<T>;
}

/** At most `size` reads at once; the others wait their turn, first come first served. */
export function createReadSlots(size: number): ReadSlots {
  let free = size;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    async run(read) {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await read();
      } finally {
        release();
      }
    },
  };
}

export interface BatchesAheadOptions {
  /** Batch reads running at once for this export (each on its own pooled connection on PostgreSQL). */
  inFlight: number;
  /** Batches whose closing ids one bounds read fetches. */
  boundsPerRead: number;
  /** Shared with the other exports, so that together they leave connections to the rest of the API. */
  slots?: ReadSlots;
  /** Told as each batch read starts. */
  onBatch?: (info: { index: number; afterId: number }) => void;
  /** Whether the consumer went away: no read starts after that. */
  stopped: () => boolean;
}

interface Read {
  upTo: number;
  rows: Promise<ParticipationRecord[]>;
}

/**
 * An export's batches, in id order, with up to `inFlight` of them being read ahead of
 * the one handed over: batches are read from id ranges whose bounds are read first (ids
 * only, cheap), so the next ones need not wait for the previous one to end. The database
 * then works on another core while the caller formats and writes.
 *
 * A range may gain rows after its bounds were read (a participation submitted meanwhile
 * enters the exported statuses); a read returns one batch at most, so a full read that
 * stops short of its bound is followed by a read of the rest of that range, before the
 * next range: nothing is skipped and the order holds.
 */
export function readBatchesAhead(reader: BatchReader, options: BatchesAheadOptions) {
  let index = 0;
  let lastBound = 0;
  let bounds: number[] = [];
  let noMoreBounds = false;
  const reading: Read[] = [];

  const read = (after: number, upTo: number): Read => {
    options.onBatch?.({ index: index++, afterId: after });
    const rows = options.slots ? options.slots.run(() => reader.read(after, upTo)) : reader.read(after, upTo);
    // Reads ahead may be abandoned (the consumer left): their failure must not go unhandled.
    rows.catch(() => {});
    return { upTo, rows };
  };

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
      reading.push(read(after, lastBound));
    }
  };

  return {
    /** The next batch, or null after the last one. */
    async next(): Promise<ParticipationRecord[] | null> {
      await startReads();
      const head = reading.shift();
      if (!head) return null;
      const batch = await head.rows;
      const lastId = batch.at(-1)?.id;
      if (batch.length >= reader.limit && lastId !== undefined && lastId < head.upTo && !options.stopped()) {
        reading.unshift(read(lastId, head.upTo));
      }
      // The following reads start before this batch is handed over.
      await startReads();
      return batch;
    },
  };
}
