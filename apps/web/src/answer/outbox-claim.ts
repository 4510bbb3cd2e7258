/**
 * Who sends a mirrored entry (outbox-mirror.ts): the page or the service worker, never both
 * at once. A claim is taken in one IndexedDB read-write transaction (idb-keyval `update`),
 * and IndexedDB runs such transactions on one store one after the other, so of two senders
 * asking at the same time exactly one gets it. A sender that died mid-send (tab closed,
 * service worker stopped) holds its claim for CLAIM_TTL_MS at most.
 */
import { get, type UseStore } from 'idb-keyval';
import type { ParticipationReceipt, UploadedMedia } from './answer-types';
import { changeRecord, type MirroredEntry, outboxDatabase, readMirror } from './outbox-mirror';

/** Longer than one file piece may take on a 2G line (120 s), so a live sender keeps its claim. */
export const CLAIM_TTL_MS = 5 * 60_000;

/**
 * `claimed`: the asker sends it now. `busy`: another sender holds it. `sent`: the service
 * worker sent this state already. `absent`: not in the mirror (nobody else can send it).
 */
export type Claim = { state: 'claimed'; record: MirroredEntry } | { state: 'busy' | 'sent' | 'absent' };

const isSent = (record: MirroredEntry) => record.sent !== null && record.sent.version >= record.version;

/** Claims the entry for `by` (page or service worker) unless someone else holds it. */
export async function claimEntry(clientUuid: string, by: string, now: number = Date.now(), db: UseStore = outboxDatabase()): Promise<Claim> {
  await changeRecord(
    clientUuid,
    (record) => {
      if (!record || isSent(record)) return undefined;
      const free = record.claim === null || record.claim.by === by || now - record.claim.at > CLAIM_TTL_MS;
      return free ? { ...record, claim: { by, at: now } } : undefined;
    },
    db,
  );
  const record = await get<MirroredEntry>(clientUuid, db);
  if (!record) return { state: 'absent' };
  if (isSent(record)) return { state: 'sent' };
  return record.claim?.by === by && record.claim.at === now ? { state: 'claimed', record } : { state: 'busy' };
}

/** Lets the entry go (sent by the page, or sending must wait), keeping the files uploaded meanwhile. */
export function releaseEntry(clientUuid: string, by: string, uploaded: Record<string, UploadedMedia> = {}, db: UseStore = outboxDatabase()): Promise<void> {
  return changeRecord(
    clientUuid,
    (record) => (record ? { ...record, uploaded: { ...record.uploaded, ...uploaded }, claim: record.claim?.by === by ? null : record.claim } : undefined),
    db,
  );
}

/** The service worker sent `version`: kept until the page reads it (sentEntries) and forgets it. */
export function markSent(clientUuid: string, by: string, version: number, receipt: ParticipationReceipt, db: UseStore = outboxDatabase()): Promise<void> {
  return changeRecord(clientUuid, (record) => (record ? { ...record, claim: record.claim?.by === by ? null : record.claim, sent: { version, receipt } } : undefined), db);
}

/** What the service worker sent of the page's outbox `outbox`, for the page to forget. */
export async function sentEntries(outbox: string, db: UseStore = outboxDatabase()): Promise<Array<{ clientUuid: string; version: number; receipt: ParticipationReceipt }>> {
  return (await readMirror(db)).flatMap((r) => (r.outbox === outbox && r.sent ? [{ clientUuid: r.clientUuid, version: r.sent.version, receipt: r.sent.receipt }] : []));
}
