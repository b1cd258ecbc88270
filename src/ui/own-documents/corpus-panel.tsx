import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Engine } from '../../ask/engine-setup';
import type { CompiledIndex } from '../../compiled-index/types';
import type { DroppedEntry } from './dropped-entries';

/** The visitor's documents once indexed: their engine, and what the switcher names them by. */
export interface OwnCorpus {
  /** Which build this is: a new set of documents gets a fresh calibration panel. */
  build: number;
  engine: Engine;
  /** Kept to save it as a file (or on this device), with the gate the visitor applied. */
  index: CompiledIndex;
  files: number;
  passages: number;
}

/**
 * The file picker's filter: the extensions `src/ingest/doc-files.ts` reads (a test holds them equal).
 * Written out here because the first download may not import the ingest.
 */
export const DOC_FILE_ACCEPT = '.md,.mdx,.markdown,.txt,text/markdown,text/plain';

/** Files brought in one pick or one drop; a dropped folder comes as entries to walk. */
export interface Incoming {
  /** Which pick this is: the newest wins over one still being read. */
  id: number;
  files: File[];
  entries: DroppedEntry[];
}

/**
 * Bring your own documents: the part on the first screen, where files are dropped or picked. What
 * reads, indexes, keeps and switches them is its own chunk (own-corpus.tsx), shown as `children` once a
 * visitor brings some.
 */
export function CorpusPanel({
  onFiles,
  children,
}: {
  onFiles: (files: File[], entries: DroppedEntry[]) => void;
  children?: ComponentChildren;
}) {
  const [dragging, setDragging] = useState(false);

  const fromInput = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const files = [...(input.files ?? [])];
    input.value = '';
    onFiles(files, []);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const transfer = event.dataTransfer;
    // Taken now: the browser empties the DataTransfer once the event is over, and only its entries
    // know a dropped folder from a file.
    const entries = [...(transfer?.items ?? [])]
      .map((item) => item.webkitGetAsEntry?.() ?? null)
      .filter((entry) => entry !== null);
    onFiles([...(transfer?.files ?? [])], entries);
  };

  return (
    <section class="corpus" aria-labelledby="corpus-heading">
      <h2 id="corpus-heading">Your own documents</h2>
      <p>
        Index documents of your own (Markdown, MDX or plain text) and ask them instead. They are read and
        indexed in this page, on your device: nothing is uploaded. Files it cannot use are listed, and the
        rest indexed.
      </p>
      {/* Dropping is for the mouse; the two file buttons inside are the keyboard's way in. */}
      <fieldset
        class={dragging ? 'drop-zone dragging' : 'drop-zone'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <legend>Drop Markdown files or a folder here, or</legend>
        <label class="file-button">
          choose files
          <input type="file" multiple accept={DOC_FILE_ACCEPT} onChange={fromInput} />
        </label>
        <label class="file-button">
          choose a folder
          <input type="file" multiple {...{ webkitdirectory: '' }} onChange={fromInput} />
        </label>
      </fieldset>
      {children}
    </section>
  );
}
