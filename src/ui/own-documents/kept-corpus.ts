// The visitor's documents kept across visits, only when they opt in: the compiled index (with any gate
// they applied) as bytes in IndexedDB, read back through the same parse as any index file. A large one is
// kept as its file and its parts (src/compiled-index/split.ts), each part a record of its own, so that the
// next visit reads the file first and each part as questions need it. Part of the own-corpus chunk; the
// first download only reads the flag (kept-flag.ts) that says there is something.
import { z } from 'zod/mini';
import { clearKeptFlag, setKeptFlag } from './kept-flag';

/** What is kept: the index file's bytes, and the parts it names beside it (none for a small index). */
export interface KeptFiles {
  index: Uint8Array;
  /** Every part the index names, by its path (`text/<digest>.bin`), with its bytes. */
  parts: ReadonlyMap<string, Uint8Array>;
}

/** Where kept documents live, injected so that the panel's tests need no IndexedDB. */
export interface KeptStore {
  /** The kept index's bytes, or undefined when nothing is kept (and then nothing says there is). */
  load(): Promise<Uint8Array | undefined>;
  /** A part the kept index names, read from the device; KeptStoreError when it is not there. */
  readPart(path: string): Promise<Uint8Array>;
  /**
   * Resolves once everything is on disk (the transaction completed), not merely queued: the index, its
   * new parts, and nothing of what was kept before that it does not name.
   */
  save(files: KeptFiles): Promise<void>;
  /** Leaves nothing behind: the records, their database and the flag. */
  remove(): Promise<void>;
}

const DATABASE = 'sourcebound';
const STORE = 'kept';
const KEY = 'corpus';
/** Each part's record: beside the index's record, in the same store. */
const PART_KEY = 'part:';

// What is read back is parsed, like settings: another version of the page may have written it.
const KeptRecordSchema = z.object({
  // 1: an index kept whole, by an earlier version of the page; 2: one naming its parts, if any.
  version: z.literal([1, 2]),
  index: z.instanceof(Uint8Array),
  parts: z.optional(z.array(z.string())),
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

/** How long a removal waits for this site's other connections to close before it says they would not. */
const BLOCKED_DEADLINE_MS = 10_000;

/**
 * The database, opened; undefined when it does not exist and `create` is false (a read creates nothing).
 * Each connection closes as soon as a removal asks for the database: every one is held only for a
 * transaction, so a removal waits at most for the one under way.
 */
function opened(factory: IDBFactory, create: boolean): Promise<IDBDatabase | undefined> {
  return new Promise((resolve, reject) => {
    let blocked = false;
    let absent = false;
    const request = factory.open(DATABASE, 1);
    request.onupgradeneeded = (event) => {
      if (!create && event.oldVersion === 0) {
        absent = true;
        request.transaction?.abort();
        return;
      }
      // A later version adds to what is there rather than creating it twice.
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
    };
    request.onsuccess = () => {
      const database = request.result;
      database.onversionchange = () => database.close();
      // Opened after all, once the caller had been told it was blocked: nobody holds this connection.
      if (blocked) database.close();
      else resolve(database);
    };
    request.onerror = (event) => {
      if (!absent) return reject(request.error);
      event.preventDefault();
      resolve(undefined);
    };
    request.onblocked = () => {
      blocked = true;
      reject(new KeptStoreError(BLOCKED));
    };
  });
}

function deleted(factory: IDBFactory): Promise<void> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const request = factory.deleteDatabase(DATABASE);
    request.onsuccess = () => {
      clearTimeout(timer);
      resolve();
    };
    request.onerror = () => {
      clearTimeout(timer);
      reject(asStoreError(request.error));
    };
    // This page's own connections close when asked (opened); another's may be finishing a transaction.
    request.onblocked = () => {
      timer ??= setTimeout(() => reject(new KeptStoreError(BLOCKED)), BLOCKED_DEADLINE_MS);
    };
  });
}

/**
 * Runs `work` in one transaction: the requests it makes, and those their callbacks make. Settles when the
 * transaction does, not a request, with what `work`'s result holds by then. A read (`readonly`) of a
 * database that does not exist creates none, and settles with undefined.
 */
async function inTransaction<T>(
  factory: IDBFactory,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => { readonly result: T },
): Promise<T | undefined> {
  let database: IDBDatabase | undefined;
  try {
    database = await opened(factory, mode !== 'readonly');
  } catch (error) {
    throw asStoreError(error);
  }
  if (database === undefined) return undefined;
  const open = database;
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = open.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      // The failed request's error: the transaction's own is set only once it has aborted.
      transaction.onerror = (event) =>
        reject((event.target as IDBRequest | null)?.error ?? transaction.error);
      transaction.onabort = () =>
        reject(transaction.error ?? new KeptStoreError('the browser gave up storing your documents'));
    });
  } catch (error) {
    throw asStoreError(error);
  } finally {
    open.close();
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
    async readPart(path) {
      const part: unknown = await inTransaction(available(), 'readonly', (store) =>
        store.get(PART_KEY + path),
      );
      if (!(part instanceof Uint8Array)) {
        throw new KeptStoreError(`${path} of the documents kept is not on this device any more`);
      }
      return part;
    },
    async save({ index, parts }) {
      const record = { version: 2, index, parts: [...parts.keys()], savedAt: new Date().toISOString() };
      const factory = available();
      await inTransaction(factory, 'readwrite', (store) => {
        const named = new Set(record.parts.map((path) => PART_KEY + path));
        for (const [path, bytes] of parts) store.put(bytes, PART_KEY + path);
        // What an earlier save kept and this index does not name goes.
        const keys = store.getAllKeys();
        keys.onsuccess = () => {
          for (const key of keys.result) {
            if (typeof key === 'string' && key.startsWith(PART_KEY) && !named.has(key)) store.delete(key);
          }
        };
        return store.put(record, KEY);
      });
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
