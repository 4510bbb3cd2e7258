/**
 * Files chosen while the network is down (photos, signatures) wait here until the
 * submit queue can upload them, and uploaded ones stay as copies until their
 * participation is sent, replaced by a new one, or a month old (kept-files.ts).
 * IndexedDB keeps them across a reload; localStorage could not hold a photo.
 */
export interface StoredBlob {
  blob: Blob;
  name: string;
}

/** A stored blob's key and when it was stored (ms since the epoch). */
export interface BlobAge {
  key: string;
  savedAt: number;
}

export interface BlobStore {
  put(key: string, blob: Blob, name: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
  /** Deletes every blob whose key starts with `prefix`. */
  deleteAll(prefix: string): Promise<void>;
  /**
   * The blobs whose key starts with `prefix`, with when each was stored. One stored
   * before the store kept dates is dated on its first listing, so it ages from then.
   */
  ages(prefix: string): Promise<BlobAge[]>;
}

/** What the store holds per key: the file, its name and when it was stored. */
type StoredRecord = StoredBlob & { savedAt?: number };

/** In memory; `now` dates what is put (tests age blobs with it). */
export function memoryBlobStore(now: () => number = Date.now): BlobStore {
  const map = new Map<string, Required<StoredRecord>>();
  return {
    put: async (key, blob, name) => void map.set(key, { blob, name, savedAt: now() }),
    async get(key) {
      const found = map.get(key);
      return found ? { blob: found.blob, name: found.name } : null;
    },
    delete: async (key) => void map.delete(key),
    async deleteAll(prefix) {
      for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
    },
    ages: async (prefix) => [...map].filter(([key]) => key.startsWith(prefix)).map(([key, { savedAt }]) => ({ key, savedAt })),
  };
}

const DB_NAME = 'enq-answer-media';
const STORE = 'blobs';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Keys are strings: every one starting with `prefix` sorts below prefix + U+FFFF. */
const startingWith = (prefix: string) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);

function openDb(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE);
  return promised(request);
}

/** IndexedDB when the browser has it, else memory (the file then survives until the page closes). */
export function browserBlobStore(): BlobStore {
  if (typeof indexedDB === 'undefined') return memoryBlobStore();
  let db: Promise<IDBDatabase> | null = null;
  const fallback = memoryBlobStore();
  const withStore = async <T>(mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    db ??= openDb();
    const store = (await db).transaction(STORE, mode).objectStore(STORE);
    return promised(run(store));
  };
  return {
    async put(key, blob, name) {
      try {
        await withStore('readwrite', (s) => s.put({ blob, name, savedAt: Date.now() } satisfies StoredRecord, key));
      } catch {
        await fallback.put(key, blob, name);
      }
    },
    async get(key) {
      try {
        const found = (await withStore('readonly', (s) => s.get(key))) as StoredRecord | undefined;
        return found ? { blob: found.blob, name: found.name } : await fallback.get(key);
      } catch {
        return fallback.get(key);
      }
    },
    async delete(key) {
      await fallback.delete(key);
      try {
        await withStore('readwrite', (s) => s.delete(key));
      } catch {
        // Nothing to delete.
      }
    },
    async deleteAll(prefix) {
      await fallback.deleteAll(prefix);
      try {
        await withStore('readwrite', (s) => s.delete(startingWith(prefix)));
      } catch {
        // Nothing to delete.
      }
    },
    async ages(prefix) {
      const found = await fallback.ages(prefix);
      try {
        db ??= openDb();
        const store = (await db).transaction(STORE, 'readwrite').objectStore(STORE);
        const now = Date.now();
        await new Promise<void>((resolve, reject) => {
          const request = store.openCursor(startingWith(prefix));
          request.onsuccess = () => {
            const cursor = request.result;
            if (!cursor) return resolve();
            const value = cursor.value as StoredRecord;
            if (typeof value.savedAt !== 'number') cursor.update({ ...value, savedAt: now } satisfies StoredRecord);
            found.push({ key: String(cursor.key), savedAt: value.savedAt ?? now });
            cursor.continue();
          };
          request.onerror = () => reject(request.error);
        });
      } catch {
        // Nothing stored there.
      }
      return found;
    },
  };
}
