// Building the visitor's own index from their files, in the ingest worker: the page sends the files (not
// their text: the worker reads each when it comes to it), the worker says which file it is reading and
// sends back the index (packed like the bundled one)
// or every problem with the corpus. A file that takes longer than FILE_DEADLINE_MS is left out by name:
// its worker is ended, and a fresh one reads the rest. The visitor can cancel at any time.
// Imported by the own-documents chunk only (the first download takes its types alone).

import { checkIndex } from '../../compiled-index/check';
import type { CompiledIndex, RawIndex } from '../../compiled-index/types';
import { unpackColumns } from '../../compiled-index/wire';
import type { LeftOut } from '../../ingest/left-out';
import { assertNever } from '../../types';
import { askWorker, type WorkerOf } from '../kit/worker-call';
import type { BroughtFile } from './corpus-files';

/**
 * How long one file may take to read in the ingest worker. A 2 MB file of the shapes that used to be
 * quadratic reads in a few seconds (`npm run bench:ingest`); one that takes longer than this is stuck,
 * or the device far too slow for it.
 */
export const FILE_DEADLINE_MS = 20_000;

export type BuildOutcome =
  | { ok: true; index: CompiledIndex; leftOut: LeftOut[] }
  | { ok: false; problems: string[]; leftOut?: LeftOut[] };

/** The files to index, and what the page calls them ("your documents", the folder). */
export interface BuildRequest {
  files: BroughtFile[];
  corpus: string;
}

/** Where a build is: reading file `file` (from 1) of `of`, or indexing what was read. */
export type BuildProgress =
  | { phase: 'reading'; file: number; of: number; path: string }
  | { phase: 'indexing' };

export interface BuildOptions {
  /** Aborted when the visitor cancels: the build ends, and its promise rejects with the signal's reason. */
  signal?: AbortSignal;
  onProgress?: (progress: BuildProgress) => void;
}

/** Builds an index from files; the page's is the ingest worker, a test's may compile in place. */
export type BuildCorpus = (request: BuildRequest, options?: BuildOptions) => Promise<BuildOutcome>;

/**
 * What the ingest worker posts: the file it starts (its place in the request's files), that it is
 * indexing, then the index and what it left out, the corpus's problems, or why it could not run.
 */
export type BuildMessage =
  | { type: 'reading'; index: number }
  | { type: 'indexing' }
  | { type: 'built'; index: RawIndex; leftOut: LeftOut[] }
  | { type: 'refused'; problems: string[] }
  | { type: 'failed'; message: string };

export type BuildWorker = WorkerOf<BuildRequest, BuildMessage>;

/** The files a worker is still to read, and those left out for taking too long. */
export interface ReadingQueue {
  files: BroughtFile[];
  timedOut: LeftOut[];
}

/** "20 s", "0.5 s". */
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toLocaleString('en-US')} s`;

/** The queue without the file at `index` of its files, which overran `deadlineMs`, and with it left out. */
export function leaveOutStuck(queue: ReadingQueue, index: number, deadlineMs: number): ReadingQueue {
  const stuck = queue.files[index];
  if (stuck === undefined) throw new RangeError(`leaveOutStuck: no file at ${index}`);
  return {
    files: queue.files.filter((_, place) => place !== index),
    timedOut: [
      ...queue.timedOut,
      {
        path: stuck.path,
        reason: `took longer than ${seconds(deadlineMs)} to read`,
        fix: 'split it into smaller files, or simplify its Markdown',
      },
    ],
  };
}

/** A build's outcome with the files left out for time listed first. */
export function withTimedOut(outcome: BuildOutcome, timedOut: readonly LeftOut[]): BuildOutcome {
  if (timedOut.length === 0) return outcome;
  return { ...outcome, leftOut: [...timedOut, ...(outcome.leftOut ?? [])] };
}

type Attempt = { kind: 'done'; outcome: BuildOutcome } | { kind: 'stuck'; index: number };

/**
 * A BuildCorpus that reads in a fresh worker and ends it with the build. A file that takes longer than
 * `fileDeadlineMs` ends its worker; the file is left out, and a fresh worker reads the others.
 */
export function buildInWorker(
  createWorker: () => BuildWorker,
  { fileDeadlineMs = FILE_DEADLINE_MS }: { fileDeadlineMs?: number } = {},
): BuildCorpus {
  return async (request, { signal, onProgress } = {}) => {
    let queue: ReadingQueue = { files: request.files, timedOut: [] };
    for (;;) {
      if (queue.files.length === 0) {
        return {
          ok: false,
          problems: ['None of these files could be read in time, so there is nothing to index.'],
          leftOut: queue.timedOut,
        };
      }
      signal?.throwIfAborted();
      const attempt = await attemptBuild(
        createWorker(),
        { ...request, files: queue.files },
        {
          fileDeadlineMs,
          signal,
          onProgress,
        },
      );
      if (attempt.kind === 'done') return withTimedOut(attempt.outcome, queue.timedOut);
      queue = leaveOutStuck(queue, attempt.index, fileDeadlineMs);
    }
  };
}

/** One worker's build: its outcome, or the file it was stuck on past the deadline. */
function attemptBuild(
  worker: BuildWorker,
  request: BuildRequest,
  options: BuildOptions & { fileDeadlineMs: number },
): Promise<Attempt> {
  const { fileDeadlineMs, onProgress } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = askWorker<BuildRequest, BuildMessage, Attempt>(
    worker,
    request,
    'your documents could not be indexed',
    (data, { resolve, reject }) => {
      clearTimeout(timer);
      switch (data.type) {
        case 'reading': {
          const index = data.index;
          timer = setTimeout(() => resolve({ kind: 'stuck', index }), fileDeadlineMs);
          const path = request.files[index]?.path ?? '';
          onProgress?.({ phase: 'reading', file: index + 1, of: request.files.length, path });
          return;
        }
        case 'indexing':
          onProgress?.({ phase: 'indexing' });
          return;
        case 'built':
          resolve({
            kind: 'done',
            outcome: { ok: true, index: checkIndex(unpackColumns(data.index)), leftOut: data.leftOut },
          });
          return;
        case 'refused':
          resolve({ kind: 'done', outcome: { ok: false, problems: data.problems } });
          return;
        case 'failed':
          reject(new Error(data.message));
          return;
        default:
          assertNever(data);
      }
    },
    options.signal,
  );
  return attempt.finally(() => clearTimeout(timer));
}
