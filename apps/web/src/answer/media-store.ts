/**
 * Files chosen while the network is down (photos, signatures) wait here until the
 * submit queue can upload them, and uploaded ones stay as copies until their
 * participation is sent (kept-files.ts). IndexedDB keeps them across a reload;
 * localStorage could not hold a photo.
 */
export interface StoredBlob {
  blob: Blob;
  name: string;
}

export interface BlobStore {
  put(key: string, blob: Blob, name: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
  /** Deletes every blob whose key starts with `prefix`. */
  deleteAll(prefix: string): Promise<void>;
}

export function memoryBlobStore(): BlobStore {
  const map = new Map<string, StoredBlob>();
  return {
    put: async (key, blob, name) => void map.set(key, { blob, name }),
    get: async (key) => map.get(key) ?? null,
    delete: async (key) => void map.delete(key),
    async deleteAll(prefix) {
      for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
    },
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
        await withStore('readwrite', (s) => s.put({ blob, name }, key));
      } catch {
        await fallback.put(key, blob, name);
      }
    },
    async get(key) {
      try {
        const found = (await withStore('readonly', (s) => s.get(key))) as StoredBlob | undefined;
        return found ?? (await fallback.get(key));
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
        // Keys are strings: every one starting with the prefix sorts below prefix + U+FFFF.
        await withStore('readwrite', (s) => s.delete(IDBKeyRange.bound(prefix, `${prefix}\uffff`)));
      } catch {
        // Nothing to delete.
      }
    },
  };
}
