// Asking a Web Worker one thing and waiting for its answer: the page's indexes, word vectors and
// visitors' documents are all read this way, off the page's thread.

/** The smallest part of a Worker the page uses, so that tests can stand in for one. */
export interface WorkerOf<Request, Reply> {
  postMessage(message: Request): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Reply>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

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
    // A request that cannot be copied to the worker (a bug of ours) ends it like any other failure.
    try {
      worker.postMessage(request);
    } catch (error) {
      settle.reject(error);
    }
  });
}
