// The one policy for loading a lazy chunk. The service worker precaches every chunk but Claude's, so a
// chunk fails to load only when the visitor is offline before it was ever cached: that is a condition of
// the world, said on the page. Any other error from a load is one of ours (the chunk's own code threw as
// it ran) and is rethrown.

/** What loading a chunk came to: the module, or the page is offline and it was never cached. */
export type ChunkLoad<Module> = { loaded: true; module: Module } | { loaded: false; problem: string };

// How each engine words a dynamic import whose fetch failed (Chromium, Firefox, Safari), and Vite's
// preloader when a chunk's stylesheet would not load. A TypeError with any other message was thrown by
// the chunk's code as it ran.
const FAILED_CHUNK_FETCH =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS for /u;

/** Whether `error` says that a chunk could not be fetched, rather than that its code failed. */
export function isFailedChunkFetch(error: unknown): boolean {
  return error instanceof Error && FAILED_CHUNK_FETCH.test(error.message);
}

/**
 * Loads a chunk. A failed fetch is data (`{ loaded: false }`, with the browser's words); anything else
 * is a bug and is rethrown.
 */
export async function loadChunk<Module>(load: () => Promise<Module>): Promise<ChunkLoad<Module>> {
  try {
    return { loaded: true, module: await load() };
  } catch (error) {
    if (!isFailedChunkFetch(error)) throw error;
    return { loaded: false, problem: (error as Error).message };
  }
}
