/// <reference lib="webworker" />
// The ingest worker: indexes the visitor's documents off the page's thread (corpus-build.ts), reading
// each file's text only when it comes to it (FileReaderSync: the page holds none of it), saying which file
// it starts (the page shows it, and times each file against its deadline), then sends the index the way
// the index worker does, so that the page checks it on the same path.
import { readIndexFile, serializeIndex } from '../../compiled-index/container';
import { packColumns, transferablesOf } from '../../compiled-index/wire';
import { compileOwnCorpus } from '../../ingest/compile-corpus';
import type { BuildMessage, BuildRequest } from './corpus-build';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: BuildMessage, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.addEventListener('message', (event: MessageEvent<BuildRequest>) => {
  try {
    const { files, corpus } = event.data;
    const reader = new FileReaderSync();
    const sources = files.map(({ path, file }) => {
      // Parsed at the edge: the page sends Files; anything else is a bug of ours.
      if (!(file instanceof Blob)) throw new TypeError(`the page sent ${path} as no file`);
      return {
        path,
        get text() {
          return reader.readAsText(file);
        },
      };
    });
    const outcome = compileOwnCorpus({
      files: sources,
      corpus,
      onFile: (index) => post(index < files.length ? { type: 'reading', index } : { type: 'indexing' }),
    });
    if (!outcome.ok) {
      post({ type: 'refused', problems: outcome.problems });
      return;
    }
    const packed = packColumns(readIndexFile(serializeIndex(outcome.index)));
    post({ type: 'built', index: packed, leftOut: outcome.leftOut }, transferablesOf(packed));
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
