// Loading the compiled index into the page: downloaded with progress and read (JSON parsed, postings
// decoded) in a Web Worker, so that a 100,000-passage index does not freeze the page while it decodes.
// The worker sends what it read back, its typed arrays moved rather than copied, and the page checks it
// with the index's schema (checkIndex) before using it. The worker carries no zod: the page has it anyway.
import type { RawIndex } from '../../compiled-index/types';
import type { OnProgress, WorkerMessage } from '../../compiled-index/wire';
import { assertNever } from '../../types';

/** The smallest part of a Worker the page uses, so that tests can stand in for one. */
export interface WorkerOf<Request, Reply> {
  postMessage(message: Request): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Reply>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

export type WorkerLike = WorkerOf<{ url: string }, WorkerMessage>;

/**
 * Sends `request` to `worker` and settles as `handle` says for each reply (a reply it does not settle on,
 * like progress, leaves the promise waiting). The worker ends once settled; one that cannot start at all
 * (its script failed to load or to run) reports in an error event, not a message, and `task` names what
 * it was for. An aborted `signal` ends the worker too, and rejects with the signal's reason.
 */
export function askWorker<Request, Reply, Result>(
  worker: WorkerOf<Request, Reply>,
  request: Request,
  task: string,
  handle: (
    reply: Reply,
    settle: { resolve: (value: Result) => void; reject: (error: unknown) => void },
  ) => void,
  signal?: AbortSignal,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const settle = {
      resolve: (value: Result) => {
        worker.terminate();
        resolve(value);
      },
      reject: (error: unknown) => {
        worker.terminate();
        reject(error);
      },
    };
    worker.addEventListener('message', ({ data }) => {
      try {
        handle(data, settle);
      } catch (error) {
        settle.reject(error);
      }
    });
    worker.addEventListener('error', (event) =>
      settle.reject(new Error(`${task} in the background: ${event.message || 'the worker failed'}`)),
    );
    signal?.addEventListener('abort', () => settle.reject(signal.reason), { once: true });
    worker.postMessage(request);
  });
}

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
