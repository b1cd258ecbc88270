// Loading the compiled index into the page: downloaded with progress and read (JSON parsed, postings
// decoded) in a Web Worker, so that a 100,000-passage index does not freeze the page while it decodes.
// The worker sends what it read back, its typed arrays moved rather than copied, and the page checks it
// with the index's schema (checkIndex) before using it. The worker carries no zod: the page has it anyway.
import type { RawIndex } from '../../compiled-index/types';
import type { OnProgress, WorkerMessage } from '../../compiled-index/wire';
import { assertNever } from '../../types';
import { askWorker, type WorkerOf } from '../kit/worker-call';

export type WorkerLike = WorkerOf<{ url: string }, WorkerMessage>;

/** Reads the index file in `worker` (see index-worker.ts), relaying its progress; the worker ends with it. */
export function loadInWorker(options: {
  url: string;
  worker: WorkerLike;
  onProgress: OnProgress;
}): Promise<RawIndex> {
  return askWorker(
    options.worker,
    { url: options.url },
    'the index could not be read',
    (data, { resolve, reject }) => {
      switch (data.type) {
        case 'progress':
          options.onProgress(data.progress);
          return;
        case 'ready':
          resolve(data.index);
          return;
        case 'failed':
          reject(new Error(data.message));
          return;
        default:
          assertNever(data);
      }
    },
  );
}
