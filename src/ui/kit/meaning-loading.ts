// Loading the semantic channel's word vectors into the page, after the manual: the table is fetched
// and checked in a worker (meaning-worker.ts), and until it is in, or when it cannot be, the page answers
// on words alone and says so.
import type { VectorsLoad } from '../../compiled-index/fetch-vectors';
import type { WordVectors } from '../../retrieval/semantic';
import { askWorker, type WorkerOf } from './worker-call';

/** What the meaning worker answers: the table, why it is unavailable, or a bug of ours it caught. */
export type MeaningMessage = VectorsLoad | { loaded: false; kind: 'bug'; message: string };

/** What loading the table comes to: the table, or why the page reads words alone. */
export type MeaningLoad = { phase: 'on'; table: WordVectors } | { phase: 'unavailable'; message: string };

/** An error our own code threw in the meaning worker. */
export class MeaningWorkerBug extends Error {
  override name = 'MeaningWorkerBug';
}

/**
 * Loads the table at `url` in `worker`. Unavailable is data, a worker that cannot start (offline before
 * its script was cached) included; a bug in the worker's code rejects, with MeaningWorkerBug.
 */
export async function loadMeaningInWorker(options: {
  url: string;
  worker: WorkerOf<{ url: string }, MeaningMessage>;
}): Promise<MeaningLoad> {
  try {
    return await askWorker(
      options.worker,
      { url: options.url },
      'the word vectors could not be read',
      (
        data,
        settle: {
          resolve: (meaning: MeaningLoad) => void;
          reject: (error: unknown) => void;
        },
      ) => {
        if (data.loaded) settle.resolve({ phase: 'on', table: data.table });
        else if (data.kind === 'bug') settle.reject(new MeaningWorkerBug(data.message));
        else settle.resolve({ phase: 'unavailable', message: data.message });
      },
    );
  } catch (error) {
    if (error instanceof MeaningWorkerBug) throw error;
    return { phase: 'unavailable', message: error instanceof Error ? error.message : String(error) };
  }
}
