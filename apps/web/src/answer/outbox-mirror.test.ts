import 'fake-indexeddb/auto';
import { createStore, get, type UseStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ParticipationBody } from './answer-types';
import { CLAIM_TTL_MS, claimEntry, markSent, releaseEntry, sentEntries } from './outbox-claim';
import { type MirroredEntry, readMirror, writeMirror } from './outbox-mirror';

const body = (uuid: string, status: ParticipationBody['status'] = 'submitted'): ParticipationBody => ({
  survey_code: 'SATDEMO',
  client_uuid: uuid,
  status,
  answers: [{ question_id: 1, value: 4 }],
});

const AUTH = { token: 'tok-1', userId: 7, agentId: 12, expiresAt: 2_000_000_000_000 };
let db: UseStore;
let n = 0;

beforeEach(() => {
  // A database of its own per test: nothing leaks from one to the next.
  n += 1;
  db = createStore(`enq-outbox-test-${n}`, 'entries');
});

describe('outbox mirror in IndexedDB', () => {
  it('copies the page outbox with its token, and drops what the page no longer holds (that outbox only)', async () => {
    await writeMirror('outbox:a', [{ body: body('uuid-1'), version: 1 }, { body: body('uuid-2', 'in_progress'), version: 3 }], { signedIn: true, auth: AUTH }, db);
    await writeMirror('outbox:b', [{ body: body('uuid-9'), version: 1 }], { signedIn: false, auth: null }, db);
    const first = await get<MirroredEntry>('uuid-1', db);
    expect(first).toMatchObject({ outbox: 'outbox:a', version: 1, signedIn: true, auth: AUTH, claim: null, sent: null, uploaded: {} });

    // uuid-1 sent by the page: gone from outbox:a; outbox:b is another account's, left alone.
    await writeMirror('outbox:a', [{ body: body('uuid-2'), version: 4 }], { signedIn: true, auth: { ...AUTH, token: 'tok-2' } }, db);
    const left = await readMirror(db);
    expect(left.map((r) => r.clientUuid).sort()).toEqual(['uuid-2', 'uuid-9']);
    expect(left.find((r) => r.clientUuid === 'uuid-2')).toMatchObject({ version: 4, body: { status: 'submitted' }, auth: { token: 'tok-2' } });
  });

  it('a rewrite keeps the claim, the files the service worker uploaded and its sent mark', async () => {
    await writeMirror('outbox:a', [{ body: body('uuid-1'), version: 1 }], { signedIn: false, auth: null }, db);
    const claim = await claimEntry('uuid-1', 'service-worker', 1_000, db);
    expect(claim.state).toBe('claimed');
    await releaseEntry('uuid-1', 'service-worker', { 'pending:abc': { id: 501, name: 'guichet.jpg' } }, db);
    await claimEntry('uuid-1', 'service-worker', 2_000, db);
    await writeMirror('outbox:a', [{ body: body('uuid-1'), version: 1 }], { signedIn: false, auth: null }, db);
    expect(await get<MirroredEntry>('uuid-1', db)).toMatchObject({ claim: { by: 'service-worker', at: 2_000 }, uploaded: { 'pending:abc': { id: 501 } } });
    await markSent('uuid-1', 'service-worker', 1, { id: 42, status: 'submitted' }, db);
    await writeMirror('outbox:a', [{ body: body('uuid-1'), version: 1 }], { signedIn: false, auth: null }, db);
    expect(await sentEntries('outbox:a', db)).toEqual([{ clientUuid: 'uuid-1', version: 1, receipt: { id: 42, status: 'submitted' } }]);
  });
});

describe('claims: one sender at a time', () => {
  it('of the page and the service worker asking together, exactly one gets the entry', async () => {
    await writeMirror('outbox:a', [{ body: body('uuid-1'), version: 1 }], { signedIn: false, auth: null }, db);
    const [page, worker] = await Promise.all([claimEntry('uuid-1', 'page:1', 5_000, db), claimEntry('uuid-1', 'service-worker', 5_000, db)]);
    expect([page.state, worker.state].sort()).toEqual(['busy', 'claimed']);
  });

  it('the holder keeps it until it lets go; then the other may take it', async () => {
    await writeMirror('outbox:a', [{ body: body('uuid-1'), version: 1 }], { signedIn: false, auth: null }, db);
    expect((await claimEntry('uuid-1', 'service-worker', 1_000, db)).state).toBe('claimed');
    expect((await claimEntry('uuid-1', 'page:1', 2_000, db)).state).toBe('busy');
    // Letting go of someone else's claim changes nothing.
    await releaseEntry('uuid-1', 'page:1', {}, db);
    expect((await claimEntry('uuid-1', 'page:1', 3_000, db)).state).toBe('busy');
    await releaseEntry('uuid-1', 'service-worker', {}, db);
    const page = await claimEntry('uuid-1', 'page:1', 4_000, db);
    expect(page.state).toBe('claimed');
  });

  it('a sender that died mid-send (tab closed) loses its claim after CLAIM_TTL_MS', async () => {
    await writeMirror('outbox:a', [{ body: body('uuid-1'), version: 1 }], { signedIn: false, auth: null }, db);
    await claimEntry('uuid-1', 'page:gone', 1_000, db);
    expect((await claimEntry('uuid-1', 'service-worker', 1_000 + CLAIM_TTL_MS, db)).state).toBe('busy');
    expect((await claimEntry('uuid-1', 'service-worker', 1_001 + CLAIM_TTL_MS, db)).state).toBe('claimed');
  });

  it('a state already sent is never claimed again; a newer state of the same participation is', async () => {
    await writeMirror('outbox:a', [{ body: body('uuid-1', 'in_progress'), version: 1 }], { signedIn: false, auth: null }, db);
    await claimEntry('uuid-1', 'service-worker', 1_000, db);
    await markSent('uuid-1', 'service-worker', 1, { id: 42, status: 'in_progress' }, db);
    expect((await claimEntry('uuid-1', 'page:1', 2_000, db)).state).toBe('sent');
    await writeMirror('outbox:a', [{ body: body('uuid-1'), version: 2 }], { signedIn: false, auth: null }, db);
    expect((await claimEntry('uuid-1', 'page:1', 3_000, db)).state).toBe('claimed');
  });

  it('an entry not in the mirror is "absent" and no record is made for it', async () => {
    expect((await claimEntry('nowhere', 'page:1', 1_000, db)).state).toBe('absent');
    await releaseEntry('nowhere', 'page:1', {}, db);
    await markSent('nowhere', 'service-worker', 1, { id: 1, status: 'submitted' }, db);
    expect(await readMirror(db)).toEqual([]);
  });
});
