import { useEffect, useRef, useState } from 'preact/hooks';
import { createEngine, type Engine } from '../../ask/engine-setup';
import type { CompiledIndex } from '../../compiled-index/types';
import type { LoadProgress, OnProgress } from '../../compiled-index/wire';
import type { AskResult, GateSettings } from '../../types';
import { App, type AppProps } from '../ask/app';
import { loadChunk } from '../kit/chunk-load';
import type { BuildCorpus } from '../own-documents/corpus-build';
import { CorpusPanel } from '../own-documents/corpus-panel';
import type { DroppedEntry } from '../own-documents/dropped-entries';
import type { KeptStore } from '../own-documents/kept-corpus';
import { useOwnDocuments } from '../own-documents/use-own-documents';
import { chunks } from './chunks';
import { type Meaning, MeaningStatus } from './meaning-status';

/** A lazy chunk: not asked for yet (or loading), loaded, or failed to load (offline before it was cached). */
type Chunk<Module> = Module | { failed: string } | undefined;

/**
 * Imports a chunk once `wanted`. A failed load stays `{ failed }` until `retry`, which tries again if it
 * is still wanted; an error that is not a failed fetch is a bug, and is reported (chunks.ts).
 */
function useChunk<Module extends object>(
  wanted: boolean,
  load: () => Promise<Module>,
): [Chunk<Module>, () => void] {
  const [chunk, setChunk] = useState<Chunk<Module>>(undefined);
  // Not on `load`: a new arrow each render, for the same import.
  useEffect(() => {
    if (!wanted || chunk !== undefined) return;
    let live = true;
    void loadChunk(load).then((outcome) => {
      if (live) setChunk(outcome.loaded ? outcome.module : { failed: outcome.problem });
    });
    return () => {
      live = false;
    };
  }, [wanted, chunk]);
  const retry = () => setChunk((now) => (now !== undefined && 'failed' in now ? undefined : now));
  return [chunk, retry];
}

/** The evaluation, as pictures: its own route, so that it can be linked to and the back button leaves it. */
export const EVAL_ROUTE = '#/eval';
const onEvalRoute = () => globalThis.location?.hash === EVAL_ROUTE;

type Loading =
  | { phase: 'loading'; progress?: LoadProgress }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; engine: Engine; index: CompiledIndex };

/** Loads the compiled index (parsed with its schema, like any input), then hands over to the app. */
export function Root({
  loadIndex,
  onReady,
  buildCorpus,
  keptStore,
  loadMeaning,
  ...props
}: Omit<AppProps, 'engine'> & {
  loadIndex: (onProgress: OnProgress) => Promise<CompiledIndex>;
  /** Called once with the engine, when the page can take questions. */
  onReady?: (engine: Engine) => void;
  /** Indexes the visitor's own documents; without it the page offers none. */
  buildCorpus?: BuildCorpus;
  /** Where kept documents live; this browser's IndexedDB unless a test gives another. */
  keptStore?: KeptStore;
  /**
   * Loads the semantic channel's word vectors, started once the manual is in; until they are in, or
   * when they cannot be, questions are read on words alone. Without it the page reads words alone.
   */
  loadMeaning?: () => Promise<Exclude<Meaning, { phase: 'loading' }>>;
}) {
  const [loading, setLoading] = useState<Loading>({ phase: 'loading' });
  const docs = useOwnDocuments({ canBuild: buildCorpus !== undefined, local: props.storages?.local });
  const [meaning, setMeaning] = useState<Meaning | { phase: 'off' }>(
    loadMeaning === undefined ? { phase: 'off' } : { phase: 'loading' },
  );
  // A threshold applied by clicking was measured with the scores the engine gave then: one measured on
  // words alone stays on words alone when the word vectors arrive later, or it would compare other scores.
  const [bundledOnWords, setBundledOnWords] = useState(false);
  const [ownPanel, retryOwnPanel] = useChunk(docs.restore || docs.incoming !== undefined, chunks.ownCorpus);
  const [showEval, setShowEval] = useState(onEvalRoute);
  const [evalPanel, retryEvalPanel] = useChunk(showEval, chunks.evalPage);
  useEffect(() => {
    const follow = () => {
      setShowEval(onEvalRoute());
      // A chunk that failed to load (offline) is tried again the next time the route is visited.
      retryEvalPanel();
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  // Back from the evaluation: the keyboard returns to the question box, not to the top of the page.
  const wasShowingEval = useRef(showEval);
  useEffect(() => {
    if (wasShowingEval.current && !showEval) document.getElementById('question')?.focus();
    wasShowingEval.current = showEval;
  }, [showEval]);
  useEffect(() => {
    let live = true;
    loadIndex((progress) => live && setLoading({ phase: 'loading', progress })).then(
      (index) => {
        if (!live) return;
        const engine = createEngine(index);
        setLoading({ phase: 'ready', engine, index });
        onReady?.(engine);
      },
      (error: unknown) =>
        live &&
        setLoading({ phase: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [loadIndex, onReady]);
  // The word vectors, once the manual is in and the page has painted: the first question never waits.
  const ready = loading.phase === 'ready';
  useEffect(() => {
    if (!ready || loadMeaning === undefined) return;
    let live = true;
    const start = setTimeout(() => {
      void loadMeaning().then(
        (loaded) => live && setMeaning(loaded),
        (error: unknown) => {
          if (!live) return;
          setMeaning({
            phase: 'unavailable',
            message: error instanceof Error ? error.message : String(error),
          });
          // A bug of ours (the worker's code failed): the page carries on on words, and it is rethrown.
          throw error;
        },
      );
    }, 0);
    return () => {
      live = false;
      clearTimeout(start);
    };
  }, [ready, loadMeaning]);

  if (loading.phase === 'ready') {
    const reading = (engine: Engine, onWords: boolean) =>
      meaning.phase === 'on' && !onWords ? meaning.join(engine, meaning.table) : engine;
    const bundled = reading(loading.engine, bundledOnWords);
    const bring = (files: File[], entries: DroppedEntry[]) => {
      docs.bring(files, entries);
      // A chunk that failed to load is tried again with the next files.
      retryOwnPanel();
    };
    const { own, corpus, labels } = docs;
    const index = corpus === 'own' && own ? own.index : loading.index;
    const saveTrace = async (result: AskResult, gateSource: string) => {
      // The trace code (and the eval schema's zod) is fetched when a visitor first saves one.
      const chunk = await loadChunk(chunks.traceDownload);
      if (!chunk.loaded) return chunk.problem;
      await chunk.module.saveTrace(result, index, gateSource);
      return undefined;
    };
    const engine = corpus === 'own' && own ? reading(own.engine, docs.measuredOnWords) : bundled;
    const applyGate = (gate: GateSettings) => {
      const onWords = engine.semantic === undefined;
      if (corpus === 'own') docs.applyGate(gate, onWords);
      else {
        setBundledOnWords(onWords);
        setLoading({
          phase: 'ready',
          engine: { ...loading.engine, gate },
          index: { ...loading.index, gate },
        });
      }
    };
    return (
      <>
        {/* Hidden, not unmounted, on the evaluation route: the question and its result are there on return. */}
        <div hidden={showEval}>
          <App
            engine={engine}
            corpus={corpus}
            corpusName={corpus === 'own' ? index.corpus : undefined}
            saveTrace={saveTrace}
            // Labels name the passages of the visitor's documents; the manual is measured on the project's.
            labels={corpus === 'own' ? labels : undefined}
            onLabels={corpus === 'own' ? docs.setLabels : undefined}
            {...props}
          >
            <MeaningStatus meaning={meaning} onWords={engine.semantic === undefined} />
            {buildCorpus === undefined ? null : (
              <CorpusPanel onFiles={bring} open={docs.restore}>
                {ownPanel === undefined ? (
                  docs.incoming === undefined ? null : (
                    <p role="status" class="corpus-status">
                      Reading your files…
                    </p>
                  )
                ) : 'failed' in ownPanel ? (
                  <p role="alert" class="corpus-problems">
                    The page could not load what reads your files ({ownPanel.failed}); the library manual
                    still answers. Connect once and try again.
                  </p>
                ) : (
                  <ownPanel.OwnCorpusPanel
                    incoming={docs.incoming}
                    restore={docs.restore}
                    build={buildCorpus}
                    own={own && { ...own, engine: reading(own.engine, docs.measuredOnWords) }}
                    active={corpus}
                    onBuilt={docs.built}
                    onSwitch={docs.switchTo}
                    onApply={applyGate}
                    onRemove={docs.remove}
                    labels={labels}
                    onLabels={docs.setLabels}
                    store={keptStore}
                    flags={props.storages?.local}
                  />
                )}
              </CorpusPanel>
            )}
          </App>
          <footer class="site-footer">
            <a href={EVAL_ROUTE}>How well does it refuse? The evaluation, as pictures</a>
          </footer>
        </div>
        {showEval ? (
          <main class="eval">
            <p>
              <a href="#/">Back to asking</a>
            </p>
            {evalPanel === undefined ? (
              <p role="status">Loading the evaluation…</p>
            ) : 'failed' in evalPanel ? (
              <p role="alert">
                The page could not load the evaluation ({evalPanel.failed}). Connect once and try again.
              </p>
            ) : (
              <evalPanel.EvalPage
                key={corpus}
                engine={engine}
                corpus={corpus}
                onApply={applyGate}
                ownQuestions={labels}
              />
            )}
          </main>
        ) : null}
      </>
    );
  }
  return (
    <main>
      <h1>Ask the library manual</h1>
      {loading.phase === 'loading' ? (
        <LoadingStatus progress={loading.progress} />
      ) : (
        <p role="alert">The manual could not be loaded: {loading.message}. Reload the page to try again.</p>
      )}
    </main>
  );
}

const size = (bytes: number) =>
  bytes < 1e6 ? `${Math.max(1, Math.round(bytes / 1e3))} KB` : `${(bytes / 1e6).toFixed(1)} MB`;

/** What the page says while the index loads: a bar once the size is known, the bytes so far, then reading. */
function LoadingStatus({ progress }: { progress: LoadProgress | undefined }) {
  if (progress === undefined || (progress.phase === 'downloading' && progress.loaded === 0)) {
    return <p role="status">Loading the manual…</p>;
  }
  if (progress.phase === 'reading') {
    return <p role="status">Reading the manual ({size(progress.loaded)})…</p>;
  }
  const { loaded, total } = progress;
  return (
    <>
      <p role="status">
        Loading the manual… {size(loaded)}
        {total === undefined ? '' : ` of ${size(total)}`}
      </p>
      {/* Without a total, a bar with no value moves without claiming how far it is. */}
      {total === undefined ? (
        <progress aria-label="Loading the manual" />
      ) : (
        <progress aria-label="Loading the manual" value={loaded} max={total} />
      )}
    </>
  );
}
