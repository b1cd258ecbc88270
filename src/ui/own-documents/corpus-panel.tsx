import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
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

/** Files brought in one pick or one drop; a dropped folder comes as entries to walk. */
export interface Incoming {
  /** Which pick this is: the newest wins over one still being read. */
  id: number;
  files: File[];
  entries: DroppedEntry[];
}

/**
 * Bring your own documents: a disclosure after the question and its result, never between the visitor
 * and the question box. Files are dropped on it (open or closed) or picked with the two buttons inside.
 * What reads, indexes, keeps and switches them is its own chunk (own-corpus.tsx), shown as `children`
 * once a visitor brings some.
 */
export function CorpusPanel({
  onFiles,
  open: openAtFirst = false,
  children,
}: {
  onFiles: (files: File[], entries: DroppedEntry[]) => void;
  /** Open from the start: documents are in the page, or being read back. */
  open?: boolean;
  children?: ComponentChildren;
}) {
  const [dragging, setDragging] = useState(false);
  const [open, setOpen] = useState(openAtFirst);
  const folderInput = useRef<HTMLInputElement>(null);
  // An attribute, not a property: Preact sets `webkitdirectory=""` as the property, which is false, and
  // the chooser then picks files instead of a folder.
  useEffect(() => folderInput.current?.setAttribute('webkitdirectory', ''), []);

  const fromInput = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const files = [...(input.files ?? [])];
    input.value = '';
    onFiles(files, []);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    setOpen(true);
    const transfer = event.dataTransfer;
    // Taken now: the browser empties the DataTransfer once the event is over, and only its entries
    // know a dropped folder from a file.
    const entries = [...(transfer?.items ?? [])]
      .map((item) => item.webkitGetAsEntry?.() ?? null)
      .filter((entry) => entry !== null);
    onFiles([...(transfer?.files ?? [])], entries);
  };

  return (
    <details
      class={dragging ? 'corpus dragging' : 'corpus'}
      open={open}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <summary>Your own documents: ask your Markdown files instead</summary>
      <p>
        Index Markdown files of your own and ask them instead. They are read and indexed in this page, on your
        device: nothing is uploaded.
      </p>
      {/* Dropping is for the mouse; the two file buttons inside are the keyboard's way in. */}
      <fieldset class={dragging ? 'drop-zone dragging' : 'drop-zone'}>
        <legend>Drop Markdown files or a folder here, or</legend>
        <label class="file-button">
          choose files
          <input type="file" multiple accept=".md,.markdown,text/markdown" onChange={fromInput} />
        </label>
        <label class="file-button">
          choose a folder
          <input type="file" multiple ref={folderInput} onChange={fromInput} />
        </label>
      </fieldset>
      {children}
    </details>
  );
}
