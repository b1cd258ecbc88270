// Building the visitor's own index from their files, in the ingest worker: the page sends the files'
// text, the worker sends back the index (packed like the bundled one) or every problem with the corpus.

import { checkIndex } from '../../compiled-index/check';
import type { CompiledIndex, RawIndex } from '../../compiled-index/types';
import { unpackColumns } from '../../compiled-index/wire';
import type { SourceFile } from '../../ingest/chunk';
import type { LeftOut } from '../../ingest/left-out';
import { assertNever } from '../../types';
import { askWorker, type WorkerOf } from '../kit/worker-call';

export type BuildOutcome =
  | { ok: true; index: CompiledIndex; leftOut: LeftOut[] }
  | { ok: false; problems: string[] };

/** The files to index, and what the page calls them ("your documents", the folder). */
export interface BuildRequest {
  files: SourceFile[];
  corpus: string;
}

/** Builds an index from files; the page's is the ingest worker, a test's may compile in place. */
export type BuildCorpus = (request: BuildRequest) => Promise<BuildOutcome>;

/** What the ingest worker posts back: the index and what it left out, the corpus's problems, or why it could not run. */
export type BuildMessage =
  | { type: 'built'; index: RawIndex; leftOut: LeftOut[] }
  | { type: 'refused'; problems: string[] }
  | { type: 'failed'; message: string };

export type BuildWorker = WorkerOf<BuildRequest, BuildMessage>;

/** A BuildCorpus that starts a fresh worker for each build and ends it with the build. */
export function buildInWorker(createWorker: () => BuildWorker): BuildCorpus {
  return (request) =>
    askWorker(createWorker(), request, 'your documents could not be indexed', (data, { resolve, reject }) => {
      switch (data.type) {
        case 'built':
          resolve({ ok: true, index: checkIndex(unpackColumns(data.index)), leftOut: data.leftOut });
          return;
        case 'refused':
          resolve({ ok: false, problems: data.problems });
          return;
        case 'failed':
          reject(new Error(data.message));
          return;
        default:
          assertNever(data);
      }
    });
}
