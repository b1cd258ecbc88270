// What a visitor does in the component tests (happy-dom): pick files, ask a question; and the
// collaborators those tests inject in place of the browser's storage and the ingest worker.
import { fireEvent, screen } from '@testing-library/preact';
import { compileOwnCorpus } from '../../src/ingest/compile-corpus';
import type { BuildCorpus } from '../../src/ui/own-documents/corpus-build';

/**
 * The ingest in place of the worker: the same compileOwnCorpus the worker runs, each file's text read
 * first (the worker reads it when the chunking reaches it), a file that cannot be read failing then.
 */
export const compileHere: BuildCorpus = async ({ files, corpus }) => {
  const sources = await Promise.all(
    files.map(async ({ path, file }) => {
      try {
        return { path, text: await file.text() };
      } catch (error) {
        return {
          path,
          get text(): string {
            throw error;
          },
        };
      }
    }),
  );
  return compileOwnCorpus({ files: sources, corpus });
};

/** Picks files through the "choose files" input, as a visitor would. */
export function choose(files: File[]): void {
  const input = screen.getByLabelText('choose files') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

/** Types a question and clicks Ask (or "Looking…", when one is in flight). */
export function ask(question: string): void {
  fireEvent.input(screen.getByLabelText('Your question'), { target: { value: question } });
  fireEvent.click(screen.getByRole('button', { name: /^(Ask|Looking…)$/ }));
}

/** localStorage as far as the page's flags and settings use it. */
export function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  } as Storage;
}
