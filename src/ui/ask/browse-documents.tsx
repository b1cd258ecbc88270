import { useState } from 'preact/hooks';
import type { TextSource } from '../../compiled-index/types';
import type { Passage } from '../../types';
import { loadChunk } from '../kit/chunk-load';

type QuestionTime = typeof import('./question-time');

/**
 * "Browse the manual by its headings": a disclosure that, opened, lists every passage by its heading
 * trail, each opening its text. The list and the text's drawing come with the question-time chunk,
 * fetched when the disclosure is first opened (or already there, after a question).
 */
export function BrowseDocuments({
  passages,
  texts,
  label,
  load,
  reportBug,
}: {
  passages: readonly Passage[];
  /** Where the passages' text comes from when the index was read without it. */
  texts?: TextSource | undefined;
  /** The summary's words: "Browse the manual by its headings". */
  label: string;
  load: () => Promise<QuestionTime>;
  reportBug: (error: unknown) => void;
}) {
  const [view, setView] = useState<QuestionTime | { failed: string } | undefined>(undefined);
  const opened = (event: Event) => {
    if (!(event.currentTarget as HTMLDetailsElement).open || (view !== undefined && !('failed' in view))) {
      return;
    }
    loadChunk(load).then(
      (chunk) => setView(chunk.loaded ? chunk.module : { failed: chunk.problem }),
      reportBug,
    );
  };
  return (
    <details class="browse" onToggle={opened}>
      <summary>
        {label} ({passages.length} {passages.length === 1 ? 'section' : 'sections'})
      </summary>
      {view === undefined ? (
        <p role="status">Loading the headings…</p>
      ) : 'failed' in view ? (
        <p role="alert">
          The page could not load what shows the documents ({view.failed}). Connect once and try again.
        </p>
      ) : (
        <view.DocumentBrowser passages={passages} texts={texts} />
      )}
    </details>
  );
}
