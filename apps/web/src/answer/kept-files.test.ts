import { describe, expect, it } from 'vitest';
import { KEPT_COPY_MAX_AGE_MS, keepCopy, keptKey, pruneKeptCopies } from './kept-files';
import { forgetFiles } from './media-service';
import { memoryBlobStore } from './media-store';

const DAY = 24 * 60 * 60 * 1000;

describe('copies of uploaded files kept on the phone', () => {
  it('drops copies a month old unless their participation still waits in an outbox', async () => {
    let clock = Date.UTC(2026, 0, 1);
    const blobs = memoryBlobStore(() => clock);
    await keepCopy(blobs, 'abandoned-1', 5, 901, new Blob(['a']), 'a.png');
    await keepCopy(blobs, 'waiting-01', 5, 902, new Blob(['w']), 'w.png');
    // A file chosen offline, still waiting for its upload: never pruned by age.
    await blobs.put('abandoned-1:6:x1', new Blob(['p']), 'p.png');
    clock += 31 * DAY;
    await keepCopy(blobs, 'recent-001', 5, 903, new Blob(['r']), 'r.png');

    expect(await pruneKeptCopies(blobs, new Set(['waiting-01']), clock)).toBe(1);
    expect(await blobs.get(keptKey('abandoned-1', 5, 901))).toBeNull();
    expect(await blobs.get(keptKey('waiting-01', 5, 902))).not.toBeNull();
    expect(await blobs.get(keptKey('recent-001', 5, 903))).not.toBeNull();
    expect(await blobs.get('abandoned-1:6:x1')).not.toBeNull();
    // Once its participation no longer waits, the old copy goes; one just under the age stays.
    expect(await pruneKeptCopies(blobs, new Set(), clock + KEPT_COPY_MAX_AGE_MS - 1)).toBe(1);
    expect(await blobs.get(keptKey('recent-001', 5, 903))).not.toBeNull();
  });

  it('forgets every file of a participation started anew, and only of that one', async () => {
    const blobs = memoryBlobStore();
    await keepCopy(blobs, 'old-0001', 5, 901, new Blob(['a']), 'a.png');
    await blobs.put('old-0001:6:x1', new Blob(['p']), 'p.png');
    await keepCopy(blobs, 'other-001', 5, 902, new Blob(['o']), 'o.png');
    await forgetFiles(blobs, 'old-0001');
    expect(await blobs.ages('')).toEqual([{ key: keptKey('other-001', 5, 902), savedAt: expect.any(Number) }]);
  });
});
