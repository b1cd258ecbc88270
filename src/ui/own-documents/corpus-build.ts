// Building the visitor's own index from their files, in the ingest worker: the page sends the files'
// text, the worker sends back the index (packed like the bundled one) or every problem with the corpus.

import { checkIndex } from '../../compiled-index/check';
import type { CompiledIndex, RawIndex } from '../../compiled-index/types';
import { unpackColumns } from '../../compiled-index/wire';
import type { SourceFile } from '../../ingest/chunk';
import { assertNever } from '../../types';
import { askWorker, type WorkerOf } from '../shell/index-loading';

export type BuildOutcome = { ok: true; index: CompiledIndex } | { ok: false; problems: string[] };

/** Builds an index from files; the page's is the ingest worker, a test's may compile in place. */
export type BuildCorpus = (files: SourceFile[]) => Promise<BuildOutcome>;

/** What the ingest worker posts back: the index, the corpus's problems, or why it could not run. */
export type BuildMessage =
  | { type: 'built'; index: RawIndex }
  | { type: 'refused'; problems: string[] }
  | { type: 'failed'; message: string };

export type BuildWorker = WorkerOf<{ files: SourceFile[] }, BuildMessage>;

/** A BuildCorpus that starts a fresh worker for each build and ends it with the build. */
export function buildInWorker(createWorker: () => BuildWorker): BuildCorpus {
  return (files) =>
    askWorker(
      createWorker(),
      { files },
      'your documents could not be indexed',
      (data, { resolve, reject }) => {
        switch (data.type) {
          case 'built':
            resolve({ ok: true, index: checkIndex(unpackColumns(data.index)) });
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
      },
    );
}
