import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { indexedDbStore, type KeptFiles, KeptStoreError } from '../../../src/ui/own-documents/kept-corpus';
import { hasKeptCorpus, KEPT_FLAG } from '../../../src/ui/own-documents/kept-flag';
import { memoryStorage } from '../../helpers/page';

const bytes = Uint8Array.from([0x53, 0x42, 0x49, 0x58, 2, 0, 0, 0]);
/** A factory whose every open succeeds with `database`: a fake one, for what fake-indexeddb will not do. */
const opening = (database: IDBDatabase) =>
  ({
    open: () => {
      const request = { result: database } as unknown as IDBOpenDBRequest;
      setTimeout(() => request.onsuccess?.(new Event('success')));
      return request;
    },
  }) as unknown as IDBFactory;
/** An index kept without parts, as a small one is. */
const alone = (index: Uint8Array): KeptFiles => ({ index, parts: new Map() });

describe('documents kept in IndexedDB', () => {
  it('reads back what was saved, from a fresh connection, and sets the flag only once the save completed', async () => {
    const factory = new IDBFactory();
    const flags = memoryStorage();
    const store = indexedDbStore({ factory, flags });
    const saving = store.save(alone(bytes));
    expect(hasKeptCorpus(flags)).toBe(false);
    await saving;
    expect(hasKeptCorpus(flags)).toBe(true);
    // Another store on the same database: what a reload would find.
    expect(await indexedDbStore({ factory, flags: memoryStorage() }).load()).toEqual(bytes);
  });

  it('has nothing to give before anything is saved, and creates no flag', async () => {
    const flags = memoryStorage();
    expect(await indexedDbStore({ factory: new IDBFactory(), flags }).load()).toBeUndefined();
    expect(flags.getItem(KEPT_FLAG)).toBeNull();
  });

  it('replaces what was kept with the newest save', async () => {
    const store = indexedDbStore({ factory: new IDBFactory(), flags: memoryStorage() });
    await store.save(alone(bytes));
    await store.save(alone(Uint8Array.from([1, 2, 3])));
    expect(await store.load()).toEqual(Uint8Array.from([1, 2, 3]));
  });

  it('removes what was kept and clears the flag', async () => {
    const flags = memoryStorage();
    const store = indexedDbStore({ factory: new IDBFactory(), flags });
    await store.save(alone(bytes));
    await store.remove();
    expect(await store.load()).toBeUndefined();
    expect(hasKeptCorpus(flags)).toBe(false);
  });

  it('refuses a record this page did not write, rather than handing it on', async () => {
    const factory = new IDBFactory();
    const store = indexedDbStore({ factory, flags: memoryStorage() });
    await store.save(alone(bytes));
    // Overwritten by something else (an old version, another script on the origin).
    await new Promise<void>((resolve, reject) => {
      const request = factory.open('sourcebound', 1);
      request.onsuccess = () => {
        const transaction = request.result.transaction('kept', 'readwrite');
        transaction.objectStore('kept').put({ version: 1, index: 'not bytes' }, 'corpus');
        transaction.oncomplete = () => {
          request.result.close();
          resolve();
        };
        transaction.onerror = () => reject(transaction.error);
      };
    });
    await expect(store.load()).rejects.toThrow(/not a set of documents this page wrote/);
  });

  it('says so when the browser offers no IndexedDB, and still clears the flag on removal', async () => {
    const flags = memoryStorage();
    flags.setItem(KEPT_FLAG, '1');
    const store = indexedDbStore({ factory: undefined, flags });
    await expect(store.save(alone(bytes))).rejects.toThrow(KeptStoreError);
    await expect(store.load()).rejects.toThrow(/no storage \(IndexedDB\)/);
    await store.remove();
    expect(hasKeptCorpus(flags)).toBe(false);
  });

  it('turns a refused open (storage switched off, quota) into a message, and sets no flag', async () => {
    const flags = memoryStorage();
    const refusing = {
      open() {
        const request = {} as IDBOpenDBRequest & { error: DOMException };
        setTimeout(() => {
          Object.defineProperty(request, 'error', {
            value: new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
          });
          request.onerror?.(new Event('error'));
        });
        return request;
      },
    } as unknown as IDBFactory;
    const store = indexedDbStore({ factory: refusing, flags });
    await expect(store.save(alone(bytes))).rejects.toThrow(
      new KeptStoreError('The quota has been exceeded.'),
    );
    expect(hasKeptCorpus(flags)).toBe(false);
  });
});

describe('a large index kept with its parts', () => {
  const part = (fill: number) => new Uint8Array(64).fill(fill);

  it('reads back the index at once and each part when asked, from a fresh connection', async () => {
    const factory = new IDBFactory();
    await indexedDbStore({ factory, flags: memoryStorage() }).save({
      index: bytes,
      parts: new Map([
        ['text/a.bin', part(1)],
        ['postings/b.bin', part(2)],
      ]),
    });
    const again = indexedDbStore({ factory, flags: memoryStorage() });
    expect(await again.load()).toEqual(bytes);
    expect(await again.readPart('postings/b.bin')).toEqual(part(2));
    expect(await again.readPart('text/a.bin')).toEqual(part(1));
    await expect(again.readPart('text/c.bin')).rejects.toThrow(
      new KeptStoreError('text/c.bin of the documents kept is not on this device any more'),
    );
  });

  it('drops the parts an earlier save kept that the newest does not name', async () => {
    const store = indexedDbStore({ factory: new IDBFactory(), flags: memoryStorage() });
    await store.save({
      index: bytes,
      parts: new Map([
        ['text/a.bin', part(1)],
        ['text/b.bin', part(2)],
      ]),
    });
    await store.save({ index: Uint8Array.from([9]), parts: new Map([['text/a.bin', part(1)]]) });
    expect(await store.load()).toEqual(Uint8Array.from([9]));
    expect(await store.readPart('text/a.bin')).toEqual(part(1));
    await expect(store.readPart('text/b.bin')).rejects.toThrow(KeptStoreError);
    // Smaller documents, kept whole: no part stays.
    await store.save(alone(bytes));
    await expect(store.readPart('text/a.bin')).rejects.toThrow(KeptStoreError);
  });

  it('removes everything even while parts are being read, and a read after it creates no database', async () => {
    const factory = new IDBFactory();
    const flags = memoryStorage();
    const store = indexedDbStore({ factory, flags });
    const parts = new Map(Array.from({ length: 20 }, (_, at) => [`text/${at}.bin`, part(at)] as const));
    await store.save({ index: bytes, parts });
    // Reads under way, as the background read of a restore has: the removal waits for none of them.
    const reads = [...parts.keys()].map((path) => store.readPart(path).catch((error: unknown) => error));
    await store.remove();
    await Promise.all(reads);
    expect(hasKeptCorpus(flags)).toBe(false);
    await expect(store.readPart('text/0.bin')).rejects.toThrow(/not on this device any more/);
    expect(await store.load()).toBeUndefined();
    expect(await factory.databases()).toEqual([]);
  });

  it('says what the browser said when a request fails, as a storage problem', async () => {
    // A database whose requests fail as Chromium's reads of a large value can: the request's error is
    // set, the transaction's not yet (it is set only once the transaction has aborted).
    const failed = new DOMException('The value could not be read.', 'UnknownError');
    const transaction = { error: null } as unknown as IDBTransaction;
    const failing = () => {
      const request = { error: failed } as unknown as IDBRequest;
      setTimeout(() => transaction.onerror?.({ target: request } as unknown as Event));
      return request;
    };
    Object.assign(transaction, { objectStore: () => ({ get: failing, put: failing, getAllKeys: failing }) });
    const database = {
      transaction: () => transaction,
      close: () => undefined,
    } as unknown as IDBDatabase;
    const factory = opening(database);
    const store = indexedDbStore({ factory, flags: memoryStorage() });
    await expect(store.readPart('text/a.bin')).rejects.toThrow(
      new KeptStoreError('The value could not be read.'),
    );
    await expect(store.save(alone(bytes))).rejects.toThrow(
      new KeptStoreError('The value could not be read.'),
    );
  });

  it('still reads back what an earlier version kept, a record without parts', async () => {
    const factory = new IDBFactory();
    await new Promise<void>((resolve, reject) => {
      const request = factory.open('sourcebound', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('kept');
      request.onsuccess = () => {
        const transaction = request.result.transaction('kept', 'readwrite');
        transaction.objectStore('kept').put({ version: 1, index: bytes, savedAt: 'then' }, 'corpus');
        transaction.oncomplete = () => {
          request.result.close();
          resolve();
        };
        transaction.onerror = () => reject(transaction.error);
      };
    });
    expect(await indexedDbStore({ factory, flags: memoryStorage() }).load()).toEqual(bytes);
  });
});

describe('what the store promises', () => {
  /**
   * A database whose put succeeds at once but whose transaction completes only when the test says:
   * the moment a store that trusted the request's success would report too early.
   */
  function slowToCommit() {
    let commit: () => void = () => undefined;
    const transaction = {
      objectStore: () => ({
        put: () => {
          const request = { result: 'corpus' } as unknown as IDBRequest;
          setTimeout(() => request.onsuccess?.(new Event('success')));
          return request;
        },
        getAllKeys: () => {
          const request = { result: [] } as unknown as IDBRequest;
          setTimeout(() => request.onsuccess?.(new Event('success')));
          return request;
        },
      }),
    } as unknown as IDBTransaction;
    commit = () => transaction.oncomplete?.(new Event('complete'));
    const database = { transaction: () => transaction, close: () => undefined } as unknown as IDBDatabase;
    const factory = opening(database);
    return { factory, commit: () => commit() };
  }

  it('reports a save, and sets the flag, only once the transaction has completed', async () => {
    const { factory, commit } = slowToCommit();
    const flags = memoryStorage();
    let done = false;
    const saving = indexedDbStore({ factory, flags })
      .save(alone(bytes))
      .then(() => {
        done = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    expect(hasKeptCorpus(flags)).toBe(false);
    commit();
    await saving;
    expect(hasKeptCorpus(flags)).toBe(true);
  });

  it('keeps nothing it could not flag: without the flag no visit would find it', async () => {
    const factory = new IDBFactory();
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    await expect(indexedDbStore({ factory, flags: full }).save(alone(bytes))).rejects.toThrow(
      /would not let the page note that they are kept/,
    );
    expect(await indexedDbStore({ factory, flags: memoryStorage() }).load()).toBeUndefined();
    await expect(indexedDbStore({ factory, flags: undefined }).save(alone(bytes))).rejects.toThrow(
      KeptStoreError,
    );
  });

  it('leaves no database behind once removed', async () => {
    const factory = new IDBFactory();
    const store = indexedDbStore({ factory, flags: memoryStorage() });
    await store.save(alone(bytes));
    expect((await factory.databases()).map(({ name }) => name)).toEqual(['sourcebound']);
    await store.remove();
    expect(await factory.databases()).toEqual([]);
  });

  it('clears a flag that points at nothing when it finds nothing', async () => {
    const flags = memoryStorage();
    flags.setItem(KEPT_FLAG, '1');
    expect(await indexedDbStore({ factory: new IDBFactory(), flags }).load()).toBeUndefined();
    expect(hasKeptCorpus(flags)).toBe(false);
  });
});

describe('the kept flag', () => {
  it('counts only "1": anything else another tab or version wrote means nothing is kept', () => {
    const flags = memoryStorage();
    flags.setItem(KEPT_FLAG, 'true');
    expect(hasKeptCorpus(flags)).toBe(false);
    flags.setItem(KEPT_FLAG, '1');
    expect(hasKeptCorpus(flags)).toBe(true);
    expect(hasKeptCorpus(undefined)).toBe(false);
  });

  it('reads as nothing kept when storage throws', () => {
    const throwing = {
      getItem() {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(hasKeptCorpus(throwing)).toBe(false);
  });
});
