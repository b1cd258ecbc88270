import { useEffect, useState } from 'preact/hooks';
import { createEngine, type Engine } from '../engine-setup';
import type { CompiledIndex } from '../index-file';
import { App, type AppProps } from './app';

type Loading =
  | { phase: 'loading' }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; engine: Engine };

/** Loads the compiled index (parsed with its schema, like any input), then hands over to the app. */
export function Root({
  loadIndex,
  ...props
}: Omit<AppProps, 'engine'> & { loadIndex: () => Promise<CompiledIndex> }) {
  const [loading, setLoading] = useState<Loading>({ phase: 'loading' });
  useEffect(() => {
    let live = true;
    loadIndex().then(
      (index) => live && setLoading({ phase: 'ready', engine: createEngine(index) }),
      (error: unknown) =>
        live &&
        setLoading({ phase: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [loadIndex]);

  if (loading.phase === 'ready') return <App engine={loading.engine} {...props} />;
  return (
    <main>
      <h1>Ask the library manual</h1>
      {loading.phase === 'loading' ? (
        <p role="status">Loading the manual…</p>
      ) : (
        <p role="alert">The manual could not be loaded: {loading.message}. Reload the page to try again.</p>
      )}
    </main>
  );
}
