// The visitor's documents kept across visits, only when they opt in: the compiled index (with any gate
// they applied) as bytes in IndexedDB, read back through the same parse as any index file. Part of the
// own-corpus chunk; the first download only reads the flag (kept-flag.ts) that says there is something.
import { z } from 'zod/mini';
import { clearKeptFlag, setKeptFlag } from './kept-flag';

/** Where kept documents live, injected so that the panel's tests need no IndexedDB. */
export interface KeptStore {
  /** The kept index's bytes, or undefined when nothing is kept (and then nothing says there is). */
  load(): Promise<Uint8Array | undefined>;
  /** Resolves once the bytes are on disk (the transaction completed), not merely queued. */
  save(bytes: Uint8Array): Promise<void>;
  /** Leaves nothing behind: the record, its database and the flag. */
  remove(): Promise<void>;
}

const DATABASE = 'sourcebound';
const STORE = 'kept';
const KEY = 'corpus';

// What is read back is parsed, like settings: another version of the page may have written it.
const KeptRecordSchema = z.object({
  version: z.literal(1),
  index: z.instanceof(Uint8Array),
  savedAt: z.string(),
});

/** A problem with the browser's storage, said plainly: quota, private mode, storage switched off. */
export class KeptStoreError extends Error {
  override name = 'KeptStoreError';
}

function asStoreError(error: unknown): KeptStoreError {
  if (error instanceof DOMException) return new KeptStoreError(error.message || error.name);
  if (error instanceof KeptStoreError) return error;
  throw error;
}

const BLOCKED = 'another tab of this site holds its storage open; close it and try again';

function opened(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let blocked = false;
    const request = factory.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      // A later version adds to what is there rather than creating it twice.
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
    };
    request.onsuccess = () => {
      // Opened after all, once the caller had been told it was blocked: nobody holds this connection.
      if (blocked) request.result.close();
      else resolve(request.result);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => {
      blocked = true;
      reject(new KeptStoreError(BLOCKED));
    };
  });
}

function deleted(factory: IDBFactory): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(DATABASE);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(asStoreError(request.error));
    request.onblocked = () => reject(new KeptStoreError(BLOCKED));
  });
}

/** Runs one request in its own transaction; settles when the transaction does, not the request. */
async function inTransaction<T>(
  factory: IDBFactory,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  let database: IDBDatabase;
  try {
    database = await opened(factory);
  } catch (error) {
    throw asStoreError(error);
  }
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? request.error);
      transaction.onabort = () =>
        reject(transaction.error ?? new KeptStoreError('the browser gave up storing your documents'));
    });
  } catch (error) {
    throw asStoreError(error);
  } finally {
    database.close();
  }
}

/**
 * The store in this browser's IndexedDB. `flags` is where the first download looks (localStorage): set
 * once a save completes, cleared once a removal does, so it never promises what is not there.
 */
export function indexedDbStore(options: {
  factory: IDBFactory | undefined;
  flags: Storage | undefined;
}): KeptStore {
  const { factory, flags } = options;
  const available = (): IDBFactory => {
    if (factory === undefined)
      throw new KeptStoreError('this browser offers the page no storage (IndexedDB)');
    return factory;
  };
  return {
    async load() {
      const record: unknown = await inTransaction(available(), 'readonly', (store) => store.get(KEY));
      if (record === undefined) {
        // The flag outlived what it pointed at (the browser cleared site data but not the flag).
        clearKeptFlag(flags);
        return undefined;
      }
      const parsed = KeptRecordSchema.safeParse(record);
      if (!parsed.success)
        throw new KeptStoreError('what is kept on this device is not a set of documents this page wrote');
      return parsed.data.index;
    },
    async save(bytes) {
      const record = { version: 1, index: bytes, savedAt: new Date().toISOString() };
      const factory = available();
      await inTransaction(factory, 'readwrite', (store) => store.put(record, KEY));
      // Without the flag no later visit would look: what cannot be found again is not kept.
      if (!setKeptFlag(flags)) {
        await deleted(factory);
        throw new KeptStoreError('this browser would not let the page note that they are kept');
      }
    },
    async remove() {
      // Without IndexedDB nothing can have been kept; the flag is cleared either way.
      if (factory !== undefined) await deleted(factory);
      clearKeptFlag(flags);
    },
  };
}
