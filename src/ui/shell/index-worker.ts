/// <reference lib="webworker" />
// The index worker: fetches and reads the compiled index off the page's thread (index-loading.ts).
import { fetchIndexFile } from '../../compiled-index/fetch';
import { packColumns, transferablesOf, type WorkerMessage } from '../../compiled-index/wire';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerMessage, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.addEventListener('message', async (event: MessageEvent<{ url: string }>) => {
  try {
    const index = await fetchIndexFile({
      url: event.data.url,
      fetch: (input) => scope.fetch(input),
      onProgress: (progress) => post({ type: 'progress', progress }),
    });
    post({ type: 'ready', index: packColumns(index) }, transferablesOf(index));
  } catch (error) {
    // Whatever went wrong, the page must hear of it: it shows the message instead of loading for ever.
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
