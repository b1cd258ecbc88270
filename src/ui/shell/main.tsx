// generated/index.bin, or the index named by SOURCEBOUND_INDEX at build time (vite.config.ts).
import indexUrl from '@sourcebound/index?url';
// generated/vectors.bin (npm run write:vectors), or the table named by SOURCEBOUND_VECTORS at build time.
import vectorsUrl from '@sourcebound/vectors?url';
import type { ComponentType } from 'preact';
import { render } from 'preact';
import { useCallback, useState } from 'preact/hooks';
import type { Engine } from '../../ask/engine-setup';
import { gate } from '../../ask/gate';
import { checkIndex } from '../../compiled-index/check';
import { type OnProgress, unpackColumns } from '../../compiled-index/wire';
import { isFramed } from '../ask/framing';
import type { ClaudeLoader } from '../ask/lazy-claude';
import { loadChunk } from '../kit/chunk-load';
import type { BuildCorpus } from '../own-documents/corpus-build';
import { chunks } from './chunks';
import { FramedCover } from './framed-cover';
import { loadInWorker } from './index-loading';
import type { Meaning } from './meaning-status';
import { Root } from './root';
import './styles.css';

// Read in a worker, so that decoding a large index leaves the page responsive, then checked here. Every
// browser with module workers runs it (Chrome and Edge 80, Safari 15, Firefox 114); there is no second
// path on the page's own thread, which would add its decoder to the first download.
async function loadIndex(onProgress: OnProgress) {
  if (typeof Worker !== 'function')
    throw new Error('this browser cannot run Web Workers, which the page needs');
  const url = new URL(indexUrl, window.location.href).href;
  const worker = new Worker(new URL('./index-worker.ts', import.meta.url), { type: 'module', name: 'index' });
  const raw = await loadInWorker({ url, worker, onProgress });
  performance.mark('sourcebound:index-received');
  // Each step in a task of its own, so that the page can paint and take input between them.
  await nextTask();
  const unpacked = unpackColumns(raw);
  await nextTask();
  // A large index's passage text and postings stay on the site, in blocks and shards fetched as questions
  // read them; the code that fetches them comes with the question-time chunk, loaded at once only for such
  // an index.
  const header = unpacked.header as { textBlocks?: unknown; postingShards?: unknown } | null;
  const index =
    header?.textBlocks === undefined && header?.postingShards === undefined
      ? checkIndex(unpacked)
      : (await chunks.questionTime()).indexReadingBlocks(unpacked, url, checkIndex);
  performance.mark('sourcebound:index-checked');
  await nextTask();
  return index;
}

// The visitor's own documents are indexed in a worker of their own, started (and its code, the Markdown
// lexer with it, downloaded) only when they bring some. What drives it (progress, the deadline per file,
// Cancel) is in the own-documents chunk, loaded by then.
const createIngestWorker = () =>
  new Worker(new URL('../own-documents/ingest-worker.ts', import.meta.url), {
    type: 'module',
    name: 'ingest',
  });
const buildCorpus: BuildCorpus = async (request, options) =>
  (await chunks.ownCorpus()).buildInWorker(createIngestWorker)(request, options);

// The word vectors of the semantic channel, fetched and checked in a worker of their own after the
// manual, by code in the question-time chunk: none of it is in the first download.
const loadMeaning = async (): Promise<Exclude<Meaning, { phase: 'loading' }>> => {
  const chunk = await loadChunk(chunks.questionTime);
  if (!chunk.loaded) return { phase: 'unavailable', message: chunk.problem };
  const meaning = await chunk.module.loadMeaningInWorker({
    url: new URL(vectorsUrl, window.location.href).href,
    worker: new Worker(new URL('../kit/meaning-worker.ts', import.meta.url), {
      type: 'module',
      name: 'meaning',
    }),
  });
  return meaning.phase === 'on' ? { ...meaning, join: chunk.module.withMeaning } : meaning;
};

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// A dynamic import: the SDK is its own chunk, fetched only when a key is set and a question asked.
const loadClaude: ClaudeLoader = async (options) => (await chunks.claude()).createClaudeClient(options);

/** Storage can be off (private windows, some embedded browsers); the page then keeps the key in memory. */
function storage(get: () => Storage): Storage | undefined {
  try {
    return get();
  } catch (error) {
    if (error instanceof DOMException) return undefined;
    throw error;
  }
}

/**
 * Marks when the page can take questions, for anyone timing it (the browser benchmark reads the mark).
 * A benchmark build (VITE_SOURCEBOUND_BENCH=1) also lets the benchmark time retrieve plus gate in the
 * page; in every other build the condition is false at build time and the code is left out. Reading a
 * question is question-time code, so the hook appears once that chunk is loaded, after the mark.
 */
function ready(engine: Engine) {
  performance.mark('sourcebound:ready');
  if (import.meta.env.VITE_SOURCEBOUND_BENCH === '1') {
    void chunks.questionTime().then(({ retrieverOf }) =>
      Object.assign(window, {
        sourceboundBench: {
          passages: engine.passages.length,
          // Every block of passage text and every shard of postings, when the index keeps them apart,
          // before queries are timed: the benchmark times retrieval, not fetching.
          prepare: () =>
            Promise.all([
              engine.texts?.loadFor(engine.passages, new AbortController().signal),
              engine.shards?.load(
                Array.from({ length: engine.shards.shardCount }, (_, shard) => shard),
                new AbortController().signal,
              ),
            ]),
          // As ask() does: a retriever made per question over the index built at load.
          query: (question: string) => gate(retrieverOf(engine).retrieve(question, 5), engine.gate).pass,
        },
      }),
    );
  }
}

// A framed page is covered and inert, and reads nothing from this device's storage: a remembered key
// (or kept documents) is never used inside a frame (src/ui/ask/framing.ts).
const framed = isFramed(window);

/**
 * The page: the service worker is registered (and workbox-window fetched) once the page can take
 * questions, so that neither stands between a first-time visitor and the question box.
 */
function Page() {
  const [Notice, setNotice] = useState<ComponentType | undefined>(undefined);
  const onReady = useCallback((engine: Engine) => {
    ready(engine);
    // Not through loadChunk: a page that cannot fetch it still answers, and only misses news of a new version.
    void chunks.updateNotice().then(
      ({ UpdateNotice }) => setNotice(() => UpdateNotice),
      () => undefined,
    );
  }, []);
  return (
    <>
      {Notice === undefined ? null : <Notice />}
      <Root
        loadIndex={loadIndex}
        loadMeaning={loadMeaning}
        onReady={onReady}
        buildCorpus={buildCorpus}
        loadClaude={loadClaude}
        storages={
          framed
            ? {}
            : {
                local: storage(() => window.localStorage),
                session: storage(() => window.sessionStorage),
              }
        }
      />
    </>
  );
}

const app = document.getElementById('app');
if (app) {
  if (framed) {
    app.setAttribute('inert', '');
    const cover = document.createElement('div');
    document.body.append(cover);
    render(<FramedCover href={window.location.href} />, cover);
  }
  render(<Page />, app);
}
