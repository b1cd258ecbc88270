// The page's half of loading the word-vector table (the command line reads it from disk in
// scripts/lib/vector-table.ts): a download bounded in bytes and in time, then the table checked whole. It
// runs in the meaning worker (src/ui/kit/meaning-worker.ts), since checking 3.6 MB takes a few hundred
// milliseconds that the page's thread should spend on the visitor.
import type { WordVectors } from '../retrieval/semantic';
import { readBounded } from './bounded-body';
import { decodeWordVectors, MAX_TABLE_BYTES, VectorTableError } from './word-vectors';

/** Longer than the table takes on a slow connection (3.6 MB at 1 Mb/s is half a minute). */
export const VECTORS_DEADLINE_MS = 120_000;

/**
 * Why the table did not load, in words a visitor reads: the page then answers on words alone. `offline`:
 * it could not be fetched (no connection and not cached yet, or the server said no); `damaged`: it arrived
 * and is not a table this engine reads.
 */
export type VectorsUnavailable = { kind: 'offline' | 'damaged'; message: string };

export type VectorsLoad = { loaded: true; table: WordVectors } | ({ loaded: false } & VectorsUnavailable);

/**
 * Downloads and checks the table at `url`. A failed download, a timeout, a body over MAX_TABLE_BYTES or a
 * damaged table is data; anything else thrown is a bug and is rethrown.
 */
export async function fetchWordVectors(options: {
  url: string;
  fetch: typeof fetch;
  deadlineMs?: number;
}): Promise<VectorsLoad> {
  const signal = AbortSignal.timeout(options.deadlineMs ?? VECTORS_DEADLINE_MS);
  let bytes: Uint8Array;
  try {
    const response = await options.fetch(options.url, { signal });
    if (!response.ok)
      return { loaded: false, kind: 'offline', message: `the server answered ${response.status}` };
    bytes = await readBounded(
      response,
      MAX_TABLE_BYTES,
      () => new TooLarge(`it is larger than a table's ${MAX_TABLE_BYTES} bytes`),
    );
  } catch (error) {
    if (error instanceof TooLarge) return { loaded: false, kind: 'damaged', message: error.message };
    // fetch rejects with a TypeError when the network fails, and with the signal's reason on the deadline.
    if (error instanceof TypeError || (error instanceof DOMException && signal.aborted))
      return {
        loaded: false,
        kind: 'offline',
        message: signal.aborted ? 'it took longer than the page waits' : 'it could not be downloaded',
      };
    throw error;
  }
  try {
    return { loaded: true, table: decodeWordVectors(bytes) };
  } catch (error) {
    if (error instanceof VectorTableError) return { loaded: false, kind: 'damaged', message: error.message };
    throw error;
  }
}

class TooLarge extends Error {}
