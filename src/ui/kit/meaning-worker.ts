/// <reference lib="webworker" />
// The meaning worker: downloads and checks the word-vector table off the page's thread
// (meaning-loading.ts is the page's half).
import { fetchWordVectors } from '../../compiled-index/fetch-vectors';
import type { MeaningMessage } from './meaning-loading';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.addEventListener('message', async (event: MessageEvent<{ url: string }>) => {
  let reply: MeaningMessage;
  try {
    reply = await fetchWordVectors({ url: event.data.url, fetch: (input, init) => scope.fetch(input, init) });
  } catch (error) {
    // A bug of ours: the page must still hear of it, and reports it as one.
    reply = { loaded: false, kind: 'bug', message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply, reply.loaded ? [reply.table.vectors.buffer] : []);
});
