/// <reference lib="webworker" />
// The ingest worker: indexes the visitor's documents off the page's thread (corpus-build.ts), then sends
// the index the way the index worker does, so that the page checks it on the same path.
import { readIndexFile, serializeIndex } from '../../compiled-index/container';
import { packColumns, transferablesOf } from '../../compiled-index/wire';
import type { SourceFile } from '../../ingest/chunk';
import { compileOwnCorpus } from '../../ingest/compile-corpus';
import type { BuildMessage } from './corpus-build';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: BuildMessage, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.addEventListener('message', (event: MessageEvent<{ files: SourceFile[] }>) => {
  try {
    const outcome = compileOwnCorpus(event.data.files);
    if (!outcome.ok) {
      post({ type: 'refused', problems: outcome.problems });
      return;
    }
    const packed = packColumns(readIndexFile(serializeIndex(outcome.index)));
    post({ type: 'built', index: packed }, transferablesOf(packed));
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
