// The visitor's own documents once they bring some: reading and indexing them, the switcher, keeping
// them on this device (opt in) and removing them. Its own chunk, fetched with the first files a visitor
// brings, or at load when they kept documents last time.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CompiledIndex } from '../../compiled-index/types';
import type { EvalQuestion } from '../../evaluation/eval-set';
import { describeLeftOut, type LeftOut as LeftOutItem } from '../../ingest/left-out';
import { assertNever, type GateSettings } from '../../types';
import { CalibrationPanel } from './calibration-panel';
import type { BuildCorpus } from './corpus-build';
import type { Incoming, OwnCorpus } from './corpus-panel';
import { indexedDbStore, type KeptStore } from './kept-corpus';
import { forgetLabels, keepLabels, keptLabels } from './kept-labels';
import {
  announceProgress,
  createOwnDocuments,
  type Keeping,
  type LeftOnDevice,
  NOTHING_YET,
  type OwnDocumentsState,
  plural,
  type ReadingBack,
  type Status,
} from './own-documents';

// The page's BuildCorpus, taken from this chunk: main.tsx holds only the worker's address.
export { buildInWorker } from './corpus-build';

export interface OwnCorpusPanelProps {
  /** The newest files brought; a new id starts reading them. */
  incoming: Incoming | undefined;
  /** The first download saw the kept flag: read the kept documents back. */
  restore: boolean;
  build: BuildCorpus;
  own: OwnCorpus | undefined;
  active: 'bundled' | 'own';
  /** New documents in the page, with their labelled questions: none, or those kept with them. */
  onBuilt: (index: CompiledIndex, labels: EvalQuestion[]) => void;
  onSwitch: (active: 'bundled' | 'own') => void;
  /** Applies a measured gate to the visitor's documents. */
  onApply: (gate: GateSettings) => void;
  /** Takes the documents out of the page. */
  onRemove: () => void;
  /** The questions labelled on these documents so far. */
  labels: readonly EvalQuestion[];
  onLabels: (labels: EvalQuestion[]) => void;
  /** Where kept documents live; this browser's IndexedDB unless a test gives another. */
  store?: KeptStore | undefined;
  /** Where the first download looks for the kept flag. */
  flags?: Storage | undefined;
}

export function OwnCorpusPanel(props: OwnCorpusPanelProps) {
  const { incoming, restore, own, active, onSwitch, onApply } = props;
  const [{ status, keeping, leftOnDevice, readingBack }, setState] = useState<OwnDocumentsState>(NOTHING_YET);
  // The latest callbacks, read when the protocol calls them: it is made once, with the panel.
  const latestProps = useRef(props);
  latestProps.current = props;
  const [documents] = useState(() =>
    createOwnDocuments({
      store: props.store ?? indexedDbStore({ factory: globalThis.indexedDB, flags: props.flags }),
      build: (request, options) => latestProps.current.build(request, options),
      // Documents read back from the device come with the questions labelled on them, kept beside them.
      onBuilt: (index, from) =>
        latestProps.current.onBuilt(index, from === 'kept' ? keptLabels(latestProps.current.flags) : []),
      onRemove: () => latestProps.current.onRemove(),
      onChange: setState,
    }),
  );

  // Read back once, when the panel first shows.
  useEffect(() => {
    if (restore) documents.restore();
  }, []);

  // After the restore effect, so that files brought before this panel showed win over the kept ones.
  // A new pick (its id) starts a read; nothing else does.
  useEffect(() => {
    if (incoming !== undefined) documents.take(incoming);
  }, [incoming?.id]);

  // New documents, or a gate applied to them, replace what is kept when the visitor keeps them.
  useEffect(() => documents.inUse(own?.index), [own?.index]);

  const kept = keeping.phase === 'kept' || keeping.phase === 'saving';
  const labelsKept = useKeptLabels({ kept, labels: props.labels, flags: props.flags });
  return (
    <>
      <CorpusStatus
        status={status}
        onCancel={documents.cancel}
        inUse={own !== undefined && active === 'own' ? (own.index.corpus ?? 'your documents') : undefined}
      />
      {own === undefined ? null : (
        <fieldset class="corpus-switch">
          <legend>Ask</legend>
          <label>
            <input
              type="radio"
              name="corpus"
              checked={active === 'bundled'}
              onChange={() => onSwitch('bundled')}
            />
            the library manual
          </label>
          <label>
            <input type="radio" name="corpus" checked={active === 'own'} onChange={() => onSwitch('own')} />
            {own.index.corpus ?? 'your documents'} ({plural(own.files, 'file')},{' '}
            {plural(own.passages, 'passage')})
          </label>
        </fieldset>
      )}
      <ReadingBackStatus readingBack={readingBack} />
      <LeftOnDeviceNote left={leftOnDevice} />
      {own === undefined && leftOnDevice === undefined ? null : (
        <div class="corpus-keep">
          {own === undefined ? null : (
            <label>
              <input
                type="checkbox"
                checked={kept}
                onChange={(event) =>
                  (event.currentTarget as HTMLInputElement).checked
                    ? documents.keep(own.index)
                    : documents.forget()
                }
              />
              Keep them on this device for my next visit (in this browser’s storage; nothing is uploaded)
            </label>
          )}
          <KeepingStatus keeping={keeping} />
          {kept && !labelsKept ? (
            <p role="alert">
              Your labelled questions could not be kept on this device (its storage is full or switched off);
              they stay in this page until it is closed.
            </p>
          ) : null}
          <button type="button" onClick={() => documents.remove()}>
            Remove your documents
          </button>
        </div>
      )}
      {/* Labelling and calibration read the whole index at once: they wait for every part. */}
      {own !== undefined && active === 'own' && readingBack === undefined ? (
        <CalibrationPanel
          key={own.build}
          engine={own.engine}
          index={own.index}
          onApply={onApply}
          labels={props.labels}
          onLabels={props.onLabels}
        />
      ) : null}
    </>
  );
}

/**
 * The labelled questions go with the documents: kept while they are (each change replaces what is
 * kept) and forgotten when they are; read back with them (onBuilt). Returns whether the device holds
 * the labels as they are.
 */
function useKeptLabels(options: {
  kept: boolean;
  labels: readonly EvalQuestion[];
  flags: Storage | undefined;
}): boolean {
  const { kept, labels, flags } = options;
  const [stored, setStored] = useState(true);
  const wasKept = useRef(kept);
  useEffect(() => {
    if (kept) setStored(keepLabels(flags, labels));
    else if (wasKept.current) forgetLabels(flags);
    wasKept.current = kept;
  }, [kept, labels]);
  return stored;
}

/** How far reading back the rest of large documents is; questions are answered meanwhile. */
function ReadingBackStatus({ readingBack }: { readingBack: ReadingBack | undefined }) {
  if (readingBack === undefined) return null;
  switch (readingBack.phase) {
    case 'reading':
      return (
        <p role="status" class="corpus-status">
          Reading the rest back from this device: {plural(readingBack.here, 'part')} of{' '}
          {readingBack.of.toLocaleString('en-US')}. Questions are answered meanwhile; labelling waits for all
          of them.
        </p>
      );
    case 'failed':
      return (
        <p role="alert" class="corpus-problems">
          Part of your documents could not be read back from this device ({readingBack.message}). Questions
          that need it are refused; “Remove your documents” and bringing them again mends it.
        </p>
      );
    default:
      return assertNever(readingBack);
  }
}

function KeepingStatus({ keeping }: { keeping: Keeping }) {
  switch (keeping.phase) {
    case 'off':
      return null;
    case 'saving':
      return <p role="status">Keeping them on this device…</p>;
    case 'kept':
      return <p role="status">Kept on this device: they will be here on your next visit.</p>;
    case 'failed':
      return <p role="alert">{keeping.message}</p>;
    default:
      return assertNever(keeping);
  }
}

function CorpusStatus({
  status,
  onCancel,
  inUse,
}: {
  status: Status;
  onCancel: () => void;
  /** What the visitor's questions go to when it is not the manual: their documents built before. */
  inUse: string | undefined;
}) {
  switch (status.phase) {
    case 'idle':
      return null;
    case 'working':
      if (status.cancellable === true) return <Reading status={status} onCancel={onCancel} />;
      return (
        <p role="status" class="corpus-status">
          {status.step}
        </p>
      );
    case 'cancelled':
      return (
        <p role="status" class="corpus-status">
          Stopped: nothing of the files you brought is used, and your questions still go to{' '}
          {inUse ?? 'the library manual'}.
        </p>
      );
    case 'failed':
      return (
        <div role="alert" class="corpus-problems">
          <p>Your documents were not indexed; the corpus in use stays in use. Fix these and try again:</p>
          <ul>
            {status.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <LeftOut leftOut={status.leftOut} />
        </div>
      );
    case 'built':
      return (
        <div role="status" class="corpus-status">
          <p>
            Your documents are indexed
            {status.leftOut.length > 0 ? ', all but the files listed below,' : ''} and the questions you ask
            now go to them.
          </p>
          <LeftOut leftOut={status.leftOut} />
        </div>
      );
    case 'restored':
      return (
        <p role="status" class="corpus-status">
          Your documents from an earlier visit ({plural(status.files, 'file')}) are back, read from this
          device.
        </p>
      );
    case 'removed':
      if (status.problem !== undefined) {
        return (
          <p role="alert" class="corpus-problems">
            Your documents are gone from this page, but not from this device: {status.problem}.
          </p>
        );
      }
      return (
        <p role="status" class="corpus-status">
          Your documents are gone from this page{status.fromDevice ? ' and from this device' : ''}.
        </p>
      );
    default:
      return assertNever(status);
  }
}

/**
 * Reading the files brought: every file shown, with a bar, and a Cancel button. A screen reader hears
 * the count and each quarter (announceProgress), not every file.
 */
function Reading({
  status,
  onCancel,
}: {
  status: Extract<Status, { phase: 'working' }>;
  onCancel: () => void;
}) {
  const { progress } = status;
  return (
    <div class="corpus-status corpus-reading">
      <p>{status.step}</p>
      {progress?.phase === 'reading' ? (
        <progress max={progress.of} value={progress.file - 1} aria-label="Files read" />
      ) : null}
      <p class="visually-hidden" role="status">
        {progress === undefined ? status.step : announceProgress(progress)}
      </p>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

function LeftOnDeviceNote({ left }: { left: LeftOnDevice | undefined }) {
  if (left === undefined) return null;
  switch (left.kind) {
    case 'unreadable':
      return (
        <p role="alert" class="corpus-problems">
          The documents kept on this device could not be read back ({left.message}). They are still there:
          remove them, or bring your documents again and keep those instead.
        </p>
      );
    case 'set-aside':
      return (
        <p role="status" class="corpus-status">
          The documents you kept on an earlier visit ({plural(left.files, 'file')}) are still on this device;
          the ones you just brought are in use. Keep these to replace them, or remove your documents to take
          both away.
        </p>
      );
    default:
      return assertNever(left);
  }
}

function LeftOut({ leftOut }: { leftOut: LeftOutItem[] }) {
  if (leftOut.length === 0) return null;
  const lines = leftOut.map(describeLeftOut);
  return (
    <details>
      <summary>{plural(leftOut.length, 'file or section', 'files or sections')} left out</summary>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </details>
  );
}
