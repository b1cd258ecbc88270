// The protocol of the visitor's own documents, as a plain object: reading and indexing what they bring,
// keeping it on this device (opt in), reading it back on the next visit, and removing it. Large documents
// are kept as an index file and its parts (src/compiled-index/split.ts), as a large corpus is on the
// site: the next visit reads the file, takes questions, and reads each part as questions need it while it
// reads the rest in the background. The panel (own-corpus.tsx) only renders its state and forwards the
// visitor's actions; the tests drive it directly.

import { parseIndex, serializeIndex } from '../../compiled-index/parse';
import type { FetchPart } from '../../compiled-index/parts';
import { PostingsUnavailableError } from '../../compiled-index/posting-shards';
import {
  loadEveryPart,
  partCount,
  SPLIT_ABOVE_CHARS,
  splitIndex,
  textChars,
  wholeIndex,
} from '../../compiled-index/split';
import { TextUnavailableError } from '../../compiled-index/text-blocks';
import type { CompiledIndex } from '../../compiled-index/types';
import { IndexLoadError } from '../../compiled-index/version';
import type { LeftOut } from '../../ingest/left-out';
import { assertNever } from '../../types';
import { partSources } from '../kit/block-index';
import type { BuildCorpus, BuildProgress } from './corpus-build';
import { corpusName, type PickedFile, pickDocuments } from './corpus-files';
import type { Incoming } from './corpus-panel';
import { holdsFolder, walkEntries } from './dropped-entries';
import { type KeptFiles, type KeptStore, KeptStoreError } from './kept-corpus';

/** What reading, indexing, restoring or removing is doing. */
export type Status =
  | { phase: 'idle' }
  | {
      phase: 'working';
      step: string;
      /** Where indexing the files brought is, once the worker says. */
      progress?: BuildProgress;
      /** Whether the visitor may cancel: reading and indexing files they brought, not a restore or removal. */
      cancellable?: boolean;
    }
  /** The visitor cancelled reading their files: nothing of them is used. */
  | { phase: 'cancelled' }
  | { phase: 'failed'; problems: string[]; leftOut: LeftOut[] }
  | { phase: 'built'; leftOut: LeftOut[] }
  | { phase: 'restored'; files: number }
  | { phase: 'removed'; fromDevice: boolean; problem?: string | undefined };

/** Kept documents that did not come back into the page. */
export type LeftOnDevice = { kind: 'unreadable'; message: string } | { kind: 'set-aside'; files: number };

/** What keeping on this device is doing. */
export type Keeping =
  | { phase: 'off' }
  | { phase: 'saving' }
  | { phase: 'kept' }
  | { phase: 'failed'; message: string };

/**
 * The parts of documents read back in parts (a large index) still being read from the device: questions are
 * answered meanwhile, each reading the parts it needs first; calibration waits for all of them.
 */
export type ReadingBack =
  | { phase: 'reading'; here: number; of: number }
  | { phase: 'failed'; message: string };

export interface OwnDocumentsState {
  status: Status;
  keeping: Keeping;
  leftOnDevice: LeftOnDevice | undefined;
  /** Undefined once every part of the documents in the page is here (or they never had parts). */
  readingBack: ReadingBack | undefined;
}

/** Before anything was brought, read back or kept. */
export const NOTHING_YET: OwnDocumentsState = {
  status: { phase: 'idle' },
  keeping: { phase: 'off' },
  leftOnDevice: undefined,
  readingBack: undefined,
};

export interface OwnDocumentsOptions {
  store: KeptStore;
  build: BuildCorpus;
  /** New documents go into the page: brought by the visitor, or read back from the device (kept). */
  onBuilt: (index: CompiledIndex, from: 'brought' | 'kept') => void;
  /** Takes the documents out of the page. */
  onRemove: () => void;
  /** Called with the new state after every change. */
  onChange: (state: OwnDocumentsState) => void;
  /** Where a bug of ours goes: rethrown outside the promise chain by default. */
  reportBug?: (error: unknown) => void;
  /** Documents whose text is over this many characters are kept in parts (SPLIT_ABOVE_CHARS unless given). */
  splitAbove?: number;
}

/** A part of the documents read back that the device could not give: its kind's own error. */
const partUnavailable = (error: unknown): error is TextUnavailableError | PostingsUnavailableError =>
  error instanceof TextUnavailableError || error instanceof PostingsUnavailableError;

/**
 * What keeping `index` writes: its file alone, or, when its text is over `splitAbove` characters, its
 * file and its parts. An index read back in parts is read whole first, then cut again: the parts on the
 * device may be gone (the visitor unticked "keep" since), and cutting gives the same parts.
 */
async function keptFilesOf(index: CompiledIndex, splitAbove: number): Promise<KeptFiles> {
  let whole = index;
  if (partCount(index) > 0) {
    await loadEveryPart(index, new AbortController().signal);
    whole = wholeIndex(index);
  }
  if (textChars(whole) <= splitAbove) return { index: serializeIndex(whole), parts: new Map() };
  const split = splitIndex(whole);
  return { index: serializeIndex(split.index), parts: split.parts };
}

/**
 * The kept index's bytes read as an index whose parts, if it names any, come from the device when read:
 * a part the device cannot give is its kind's unavailable error, so that the question that needs it is
 * refused by name, as one whose part the site cannot give is.
 */
function readBack(bytes: Uint8Array, store: KeptStore): CompiledIndex {
  const fromDevice =
    (unavailable: (message: string) => Error): FetchPart =>
    async (path) => {
      try {
        return (await store.readPart(path)) as Uint8Array<ArrayBuffer>;
      } catch (error) {
        if (error instanceof KeptStoreError) throw unavailable(error.message);
        throw error;
      }
    };
  return parseIndex(
    bytes,
    partSources(
      fromDevice((message) => new TextUnavailableError(message, 'unavailable')),
      fromDevice((message) => new PostingsUnavailableError(message, 'unavailable')),
    ),
  );
}

/** "Reading 12 of 38: guide/config.md", "Indexing what was read…". */
export function describeProgress(progress: BuildProgress): string {
  switch (progress.phase) {
    case 'reading':
      return `Reading ${progress.file.toLocaleString('en-US')} of ${progress.of.toLocaleString('en-US')}: ${progress.path}`;
    case 'indexing':
      return 'Indexing what was read…';
    default:
      return assertNever(progress);
  }
}

/**
 * What a screen reader is told while files are read: the count once, then each quarter, so that a
 * thousand files are not a thousand announcements. The page shows every file; this says less, politely.
 */
export function announceProgress(progress: BuildProgress): string {
  switch (progress.phase) {
    case 'reading': {
      const quarter = Math.floor(((progress.file - 1) * 4) / progress.of);
      return quarter === 0
        ? `Reading ${plural(progress.of, 'file')}…`
        : `Reading ${plural(progress.of, 'file')}: ${quarter * 25}% done`;
    }
    case 'indexing':
      return describeProgress(progress);
    default:
      return assertNever(progress);
  }
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

// "The quota has been exceeded." inside a sentence of ours keeps one full stop, ours.
const FINAL_STOP = /\.$/u;
const clause = (message: string) => message.replace(FINAL_STOP, '');

const rethrowLater = (error: unknown) =>
  queueMicrotask(() => {
    throw error;
  });

export type OwnDocuments = ReturnType<typeof createOwnDocuments>;

export function createOwnDocuments(options: OwnDocumentsOptions) {
  const { store, build, onBuilt, onRemove, onChange, splitAbove = SPLIT_ABOVE_CHARS } = options;
  const reportBug = options.reportBug ?? rethrowLater;
  let state = NOTHING_YET;
  const set = (change: Partial<OwnDocumentsState>) => {
    state = { ...state, ...change };
    onChange(state);
  };

  // Every read, build and restore takes a number; only the newest may change the status.
  let latest = 0;
  // Bumped whenever documents enter or leave the page by the visitor's doing: a restore that finds it
  // moved since it began does not put the kept documents over theirs.
  let shown = 0;
  // Bumped by every save and removal asked for: only the newest may say how keeping stands, and a
  // restore does not undo a choice made while it read.
  let choice = 0;
  // The reading and indexing under way, to abort when the visitor cancels (or a newer pick replaces it).
  let reading: AbortController | undefined;
  // Saves and removals run one after another, so that the last one asked for is what stays on disk.
  let storeQueue: Promise<unknown> = Promise.resolve();
  // The index last saved or read back, so that restoring it does not write it straight back.
  let saved: CompiledIndex | undefined;
  // Reading the rest of documents read back in parts, to stop when they leave the page; settles when done.
  let readingParts: AbortController | undefined;
  let restRead: Promise<unknown> = Promise.resolve();
  // Whether the visitor keeps their documents, as of now.
  let keeps = false;
  // Whether the device may hold documents (a save asked for, or the flag seen at load): Remove then
  // clears the device too. `holds` is whether it is known to: a save completed or a record was read.
  let mayHold = false;
  let holds = false;

  const queued = <T>(operation: () => Promise<T>): Promise<T> => {
    const run = storeQueue.then(operation);
    storeQueue = run.catch(() => undefined);
    return run;
  };

  /** Takes whatever is kept off the device; resolves to the problem, if the device would not. */
  const clearDevice = async (after: Promise<unknown> = Promise.resolve()): Promise<string | undefined> => {
    const id = choice;
    try {
      // In the queue now, so that a save asked for later runs after it, whatever it waits for first.
      await queued(async () => {
        await after;
        await store.remove();
      });
    } catch (error) {
      if (!(error instanceof KeptStoreError)) throw error;
      return clause(error.message);
    }
    // A save asked for since then holds the device again.
    if (id === choice) {
      mayHold = false;
      holds = false;
    }
    return undefined;
  };

  const keep = (index: CompiledIndex) => {
    const id = ++choice;
    keeps = true;
    saved = index;
    mayHold = true;
    const heldBefore = holds;
    set({ keeping: { phase: 'saving' } });
    queued(async () => store.save(await keptFilesOf(index, splitAbove))).then(
      () => {
        holds = true;
        if (id !== choice) return;
        // What was left on the device is replaced by these.
        set({ keeping: { phase: 'kept' }, leftOnDevice: undefined });
      },
      (error: unknown) => {
        if (!(error instanceof KeptStoreError || partUnavailable(error))) return reportBug(error);
        if (id !== choice) return;
        keeps = false;
        saved = undefined;
        const earlier = heldBefore
          ? ' What was kept before is still on this device: “Remove your documents” takes it off.'
          : '';
        set({
          keeping: {
            phase: 'failed',
            message: `Your documents are still in this page, but they could not be kept: ${clause(error.message)}.${earlier}`,
          },
        });
      },
    );
  };

  const forget = () => {
    const id = ++choice;
    keeps = false;
    saved = undefined;
    set({ keeping: { phase: 'off' } });
    // Documents read back in parts stay in the page: the parts they still lack are read before the
    // device is cleared.
    void clearDevice(restRead).then((problem) => {
      if (problem !== undefined && id === choice) {
        set({
          keeping: {
            phase: 'failed',
            message: `Your documents could not be removed from this device: ${problem}.`,
          },
        });
      }
    }, reportBug);
  };

  const take = async ({ id, files, entries }: Incoming) => {
    latest = id;
    reading?.abort();
    const controller = new AbortController();
    reading = controller;
    const working = (step: string, progress?: BuildProgress) =>
      set({ status: { phase: 'working', step, progress, cancellable: true } });
    let picked: PickedFile[] = files;
    let unlisted: LeftOut[] = [];
    if (holdsFolder(entries)) {
      working('Reading the folder…');
      const walked = await walkEntries(entries);
      if (id !== latest) return;
      picked = walked.files;
      unlisted = walked.leftOut;
    }
    const read = pickDocuments(picked);
    const leftOut = [...unlisted, ...read.leftOut];
    if (!read.ok) {
      set({ status: { phase: 'failed', problems: read.problems, leftOut } });
      return;
    }
    working(`Indexing ${plural(read.files.length, 'document')}…`);
    let outcome: Awaited<ReturnType<BuildCorpus>>;
    try {
      const corpus = corpusName(picked.map((file) => file.webkitRelativePath || file.name));
      outcome = await build(
        { files: read.files, corpus },
        {
          signal: controller.signal,
          onProgress: (progress) => {
            if (id === latest) working(describeProgress(progress), progress);
          },
        },
      );
    } catch (error) {
      if (id !== latest) return;
      const message = error instanceof Error ? error.message : String(error);
      set({ status: { phase: 'failed', problems: [message], leftOut } });
      return;
    }
    if (id !== latest) return;
    if (!outcome.ok) {
      set({
        status: {
          phase: 'failed',
          problems: outcome.problems,
          leftOut: [...leftOut, ...(outcome.leftOut ?? [])],
        },
      });
      return;
    }
    set({ status: { phase: 'built', leftOut: [...leftOut, ...outcome.leftOut] } });
    shown++;
    stopReadingBack();
    onBuilt(outcome.index, 'brought');
  };

  const restore = async () => {
    mayHold = true;
    const id = --latest;
    const shownAtStart = shown;
    const choiceAtStart = choice;
    set({ status: { phase: 'working', step: 'Reading the documents kept on this device…' } });
    let index: CompiledIndex;
    try {
      const bytes = await queued(() => store.load());
      if (bytes === undefined) {
        // The flag outlived what it pointed at (the browser cleared the storage); the store cleared
        // the flag. Nothing to say.
        if (choice === choiceAtStart) mayHold = false;
        if (id === latest) set({ status: { phase: 'idle' } });
        return;
      }
      holds = true;
      index = readBack(bytes, store);
    } catch (error) {
      if (!(error instanceof KeptStoreError || error instanceof IndexLoadError)) throw error;
      // Left on disk: the visitor decides whether to remove it; a failed read deletes nothing.
      if (choice === choiceAtStart) set({ leftOnDevice: { kind: 'unreadable', message: error.message } });
      if (id === latest) set({ status: { phase: 'idle' } });
      return;
    }
    const files = new Set(index.passages.map((passage) => passage.file)).size;
    if (shown !== shownAtStart) {
      // The visitor brought documents (or removed them) while these were read: theirs stay in the
      // page, and these stay on the device until they choose.
      if (choice === choiceAtStart) set({ leftOnDevice: { kind: 'set-aside', files } });
      return;
    }
    if (choice === choiceAtStart) {
      keeps = true;
      saved = index;
      set({ keeping: { phase: 'kept' } });
    }
    if (id === latest) set({ status: { phase: 'restored', files } });
    shown++;
    onBuilt(index, 'kept');
    readRest(index);
  };

  /** Reads every part of `index` (documents read back in parts) in the background, saying how far it is. */
  const readRest = (index: CompiledIndex) => {
    const of = partCount(index);
    if (of === 0) return;
    readingParts?.abort();
    const controller = new AbortController();
    readingParts = controller;
    // Documents that leave the page stop this (stopReadingBack): only then is it no longer theirs.
    const mine = () => !controller.signal.aborted;
    set({ readingBack: { phase: 'reading', here: 0, of } });
    restRead = loadEveryPart(index, controller.signal, (here) => {
      if (mine()) set({ readingBack: { phase: 'reading', here, of } });
    }).then(
      () => {
        if (mine()) set({ readingBack: undefined });
      },
      (error: unknown) => {
        if (!mine()) return;
        if (!partUnavailable(error)) return reportBug(error);
        set({ readingBack: { phase: 'failed', message: error.message } });
      },
    );
  };

  /** Documents leave the page: the rest of theirs is no longer read. */
  const stopReadingBack = () => {
    readingParts?.abort();
    readingParts = undefined;
    if (state.readingBack !== undefined) set({ readingBack: undefined });
  };

  /** Stops reading the files brought: the corpus in use stays, and nothing of these is used. */
  const cancel = () => {
    if (state.status.phase !== 'working' || state.status.cancellable !== true) return;
    ++latest;
    reading?.abort();
    reading = undefined;
    set({ status: { phase: 'cancelled' } });
  };

  const remove = async () => {
    const id = ++latest;
    reading?.abort();
    shown++;
    stopReadingBack();
    const fromDevice = mayHold;
    ++choice;
    keeps = false;
    saved = undefined;
    set({ keeping: { phase: 'off' }, leftOnDevice: undefined });
    // Off the page at once, whatever the device says; files brought meanwhile are not undone.
    onRemove();
    if (!fromDevice) {
      set({ status: { phase: 'removed', fromDevice: false } });
      return;
    }
    set({ status: { phase: 'working', step: 'Removing them from this device…' } });
    const problem = await clearDevice();
    if (id === latest) set({ status: { phase: 'removed', fromDevice: true, problem } });
  };

  return {
    get state(): OwnDocumentsState {
      return state;
    },
    /** Reads and indexes files the visitor brought; the newest pick wins. */
    take: (incoming: Incoming) => void take(incoming).catch(reportBug),
    /** The visitor cancelled reading their files. */
    cancel,
    /** Reads back what an earlier visit kept (the first download saw the flag). */
    restore: () => void restore().catch(reportBug),
    /** The visitor ticked "keep": saves `index` now, and every later index in use (`inUse`). */
    keep,
    /** The visitor unticked "keep": nothing stays on the device. */
    forget,
    /** "Remove your documents": off the page at once, then off the device. */
    remove: () => void remove().catch(reportBug),
    /** The index in the page changed (new documents, a gate applied): kept too, if the visitor keeps. */
    inUse: (index: CompiledIndex | undefined) => {
      if (index !== undefined && keeps && saved !== index) keep(index);
    },
  };
}
