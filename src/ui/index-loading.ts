// Loading the compiled index into the page: downloaded with progress and read (JSON parsed, postings
// decoded) in a Web Worker, so that a 100,000-passage index does not freeze the page while it decodes.
// The worker sends what it read back, its typed arrays moved rather than copied, and the page checks it
// with the index's schema (checkIndex) before using it. The worker carries no zod: the page has it anyway.
import { type RawIndex, readIndexFile } from '../index-format';
import { assertNever } from '../types';

/** How far the download is. `total` is unknown when the server does not say, or sends it compressed. */
export type LoadProgress =
  | { phase: 'downloading'; loaded: number; total: number | undefined }
  | { phase: 'reading'; loaded: number };

export type OnProgress = (progress: LoadProgress) => void;

/** The download's size in bytes as it will arrive, or undefined when the response cannot say. */
function sizeOf(response: Response): number | undefined {
  // With Content-Encoding the length is of the compressed body, and the stream yields it decompressed.
  if (response.headers.get('content-encoding') !== null) return undefined;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  return Number.isInteger(length) && length > 0 ? length : undefined;
}

/** The body, chunk by chunk, reporting the bytes so far after each. */
async function readBody(response: Response, onProgress: OnProgress): Promise<Uint8Array> {
  const total = sizeOf(response);
  const reader = response.body?.getReader();
  if (reader === undefined) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress({ phase: 'downloading', loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    onProgress({
      phase: 'downloading',
      loaded,
      total: total !== undefined && loaded <= total ? total : undefined,
    });
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** Downloads and reads the index file at `url`; a failed download or a file that is not an index throws. */
export async function fetchIndexFile(options: {
  url: string;
  fetch: typeof fetch;
  onProgress: OnProgress;
}): Promise<RawIndex> {
  const response = await options.fetch(options.url);
  if (!response.ok) throw new Error(`the index answered ${response.status}`);
  const bytes = await readBody(response, options.onProgress);
  options.onProgress({ phase: 'reading', loaded: bytes.length });
  return readIndexFile(bytes);
}

/** What the worker posts back, in order: progress, then the index or the reason it has none. */
export type WorkerMessage =
  | { type: 'progress'; progress: LoadProgress }
  | { type: 'ready'; index: RawIndex }
  | { type: 'failed'; message: string };

/** The buffers of an index that can move to another thread instead of being copied. */
export function transferablesOf(index: Pick<RawIndex, 'postings'>): ArrayBuffer[] {
  const { starts, docs, tfs } = index.postings;
  return [starts.buffer, docs.buffer, tfs.buffer].filter(
    (buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer,
  );
}

/** The smallest part of a Worker the loader uses, so that tests can stand in for one. */
export interface WorkerLike {
  postMessage(message: { url: string }): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerMessage>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

/** Reads the index file in `worker` (see index-worker.ts), relaying its progress; the worker ends with it. */
export function loadInWorker(options: {
  url: string;
  worker: WorkerLike;
  onProgress: OnProgress;
}): Promise<RawIndex> {
  const { worker, onProgress } = options;
  return new Promise((resolve, reject) => {
    worker.addEventListener('message', ({ data }) => {
      switch (data.type) {
        case 'progress':
          onProgress(data.progress);
          return;
        case 'ready':
          worker.terminate();
          resolve(data.index);
          return;
        case 'failed':
          worker.terminate();
          reject(new Error(data.message));
          return;
        default:
          assertNever(data);
      }
    });
    // A worker that cannot start (its script failed to load or to run) reports here, not in a message.
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(
        new Error(`the index could not be read in the background: ${event.message || 'the worker failed'}`),
      );
    });
    worker.postMessage({ url: options.url });
  });
}
