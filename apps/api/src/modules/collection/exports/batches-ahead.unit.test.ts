import { describe, expect, it } from 'vitest';
import { createReadSlots, readBatchesAhead } from './batches-ahead';
import type { BatchReader, ParticipationRecord } from './export-batch.repository';

const record = (id: number) => ({ id }) as ParticipationRecord;

/** A reader over a set of exported ids that may change between reads, as a live table does. */
function fakeReader(ids: Set<number>, limit: number) {
  const reads: Array<[number, number]> = [];
  const reader: BatchReader = {
    limit,
    async bounds(after, count) {
      const sorted = [...ids].filter((id) => id > after).sort((a, b) => a - b).slice(0, limit * count);
      return sorted.filter((_, i) => (i + 1) % limit === 0 || i === sorted.length - 1);
    },
    async read(after, upTo) {
      reads.push([after, upTo]);
      const rows = [...ids].filter((id) => id > after && id <= upTo).sort((a, b) => a - b);
      return rows.slice(0, limit).map(record);
    },
  };
  return { reader, reads };
}

async function drain(reader: BatchReader, onFirst?: () => void) {
  const batches = readBatchesAhead(reader, { inFlight: 2, boundsPerRead: 8, stopped: () => false });
  const seen: number[] = [];
  for (let batch = await batches.next(); batch; batch = await batches.next()) {
    if (seen.length === 0) onFirst?.();
    seen.push(...batch.map((r) => r.id));
  }
  return seen;
}

describe('readBatchesAhead', () => {
  it('hands every row over once, in id order, batch by batch', async () => {
    const { reader, reads } = fakeReader(new Set([1, 2, 3, 4, 5, 6, 7]), 2);
    expect(await drain(reader)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(reads).toEqual([
      [0, 2],
      [2, 4],
      [4, 6],
      [6, 7],
    ]);
  });

  it('reads the rest of a range that gained rows after its bounds were read', async () => {
    const ids = new Set([1, 3, 4, 5, 6, 8]);
    const { reader } = fakeReader(ids, 2);
    // Bounds [3, 5, 8] are read first; then 2 and 7 enter the export (submitted meanwhile).
    const original = reader.bounds.bind(reader);
    reader.bounds = async (after, count) => {
      const bounds = await original(after, count);
      ids.add(2);
      ids.add(7);
      return bounds;
    };
    expect(await drain(reader)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('createReadSlots', () => {
  it('runs at most `size` reads at once and the others in turn', async () => {
    const slots = createReadSlots(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) =>
      slots.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        order.push(n);
        return n;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(task))).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it('frees the slot of a read that fails', async () => {
    const slots = createReadSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('lost connection')))).rejects.toThrow('lost connection');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});
