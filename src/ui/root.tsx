import { useEffect, useState } from 'preact/hooks';
import { createEngine, type Engine } from '../engine-setup';
import type { CompiledIndex } from '../index-file';
import type { AskResult } from '../types';
import { App, type AppProps } from './app';
import type { BuildCorpus } from './corpus-build';
import { CorpusPanel, type OwnCorpus } from './corpus-panel';
import type { LoadProgress, OnProgress } from './index-loading';

type Loading =
  | { phase: 'loading'; progress?: LoadProgress }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; engine: Engine; index: CompiledIndex };

/** The visitor's own documents, indexed: their engine and what the switcher says of them. */
interface Own extends OwnCorpus {
  /** Which build this is: a new set of documents gets a fresh calibration panel. */
  build: number;
  engine: Engine;
  /** Kept to save it as a file, with the gate the visitor applied. */
  index: CompiledIndex;
}

/** Loads the compiled index (parsed with its schema, like any input), then hands over to the app. */
export function Root({
  loadIndex,
  onReady,
  buildCorpus,
  ...props
}: Omit<AppProps, 'engine'> & {
  loadIndex: (onProgress: OnProgress) => Promise<CompiledIndex>;
  /** Called once with the engine, when the page can take questions. */
  onReady?: (engine: Engine) => void;
  /** Indexes the visitor's own documents; without it the page offers none. */
  buildCorpus?: BuildCorpus;
}) {
  const [loading, setLoading] = useState<Loading>({ phase: 'loading' });
  const [own, setOwn] = useState<Own | undefined>(undefined);
  const [active, setActive] = useState<'bundled' | 'own'>('bundled');
  // Fetched with the visitor's first documents: nobody calibrates before they have some.
  const [calibrationPanel, setCalibrationPanel] = useState<
    typeof import('./calibration-panel') | undefined
  >();
  useEffect(() => {
    if (own === undefined || calibrationPanel !== undefined) return;
    let live = true;
    import('./calibration-panel').then(
      (module) => live && setCalibrationPanel(module),
      // Offline before the chunk was cached: the documents still answer; only calibration is missing.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [own, calibrationPanel]);
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

  if (loading.phase === 'ready') {
    const bundled = loading.engine;
    const built = (index: CompiledIndex) => {
      setOwn((previous) => ({
        build: (previous?.build ?? 0) + 1,
        engine: createEngine(index),
        index,
        files: new Set(index.passages.map((passage) => passage.file)).size,
        passages: index.passages.length,
      }));
      setActive('own');
    };
    const corpus = own !== undefined && active === 'own' ? 'own' : 'bundled';
    const index = corpus === 'own' && own ? own.index : loading.index;
    const saveTrace = (result: AskResult) => {
      // The trace code (and the eval schema's zod) is fetched when a visitor first saves one.
      import('./trace-download').then(
        (module) => module.saveTrace(result, index),
        // The chunk is precached with the rest of the site: failing to load it is not expected.
        (error: unknown) =>
          queueMicrotask(() => {
            throw error;
          }),
      );
    };
    return (
      <App
        engine={corpus === 'own' && own ? own.engine : bundled}
        corpus={corpus}
        saveTrace={saveTrace}
        {...props}
      >
        {buildCorpus === undefined ? null : (
          <CorpusPanel
            prompt={bundled.prompt}
            build={buildCorpus}
            own={own}
            active={corpus}
            onBuilt={built}
            onSwitch={setActive}
          />
        )}
        {corpus === 'own' && own && calibrationPanel ? (
          <calibrationPanel.CalibrationPanel
            key={own.build}
            engine={own.engine}
            index={own.index}
            onApply={(gate) =>
              setOwn({ ...own, engine: { ...own.engine, gate }, index: { ...own.index, gate } })
            }
          />
        ) : null}
      </App>
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
