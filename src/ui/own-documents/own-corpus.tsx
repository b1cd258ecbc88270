// The visitor's own documents once they bring some: reading and indexing them, the switcher, keeping
// them on this device (opt in) and removing them. Its own chunk, fetched with the first files a visitor
// brings, or at load when they kept documents last time.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CompiledIndex } from '../../compiled-index/types';
import { assertNever, type GateSettings } from '../../types';
import { CalibrationPanel } from './calibration-panel';
import type { BuildCorpus } from './corpus-build';
import type { Incoming, OwnCorpus } from './corpus-panel';
import { indexedDbStore, type KeptStore } from './kept-corpus';
import {
  createOwnDocuments,
  type Keeping,
  type LeftOnDevice,
  NOTHING_YET,
  type OwnDocumentsState,
  plural,
  type Status,
} from './own-documents';

export interface OwnCorpusPanelProps {
  /** The newest files brought; a new id starts reading them. */
  incoming: Incoming | undefined;
  /** The first download saw the kept flag: read the kept documents back. */
  restore: boolean;
  build: BuildCorpus;
  own: OwnCorpus | undefined;
  active: 'bundled' | 'own';
  onBuilt: (index: CompiledIndex) => void;
  onSwitch: (active: 'bundled' | 'own') => void;
  /** Applies a measured gate to the visitor's documents. */
  onApply: (gate: GateSettings) => void;
  /** Takes the documents out of the page. */
  onRemove: () => void;
  /** Where kept documents live; this browser's IndexedDB unless a test gives another. */
  store?: KeptStore | undefined;
  /** Where the first download looks for the kept flag. */
  flags?: Storage | undefined;
}

export function OwnCorpusPanel(props: OwnCorpusPanelProps) {
  const { incoming, restore, own, active, onSwitch, onApply } = props;
  const [{ status, keeping, leftOnDevice }, setState] = useState<OwnDocumentsState>(NOTHING_YET);
  // The latest callbacks, read when the protocol calls them: it is made once, with the panel.
  const latestProps = useRef(props);
  latestProps.current = props;
  const [documents] = useState(() =>
    createOwnDocuments({
      store: props.store ?? indexedDbStore({ factory: globalThis.indexedDB, flags: props.flags }),
      build: (files) => latestProps.current.build(files),
      onBuilt: (index) => latestProps.current.onBuilt(index),
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
  return (
    <>
      <CorpusStatus status={status} />
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
            your documents ({plural(own.files, 'file')}, {plural(own.passages, 'passage')})
          </label>
        </fieldset>
      )}
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
          <button type="button" onClick={() => documents.remove()}>
            Remove your documents
          </button>
        </div>
      )}
      {own !== undefined && active === 'own' ? (
        <CalibrationPanel key={own.build} engine={own.engine} index={own.index} onApply={onApply} />
      ) : null}
    </>
  );
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

function CorpusStatus({ status }: { status: Status }) {
  switch (status.phase) {
    case 'idle':
      return null;
    case 'working':
      return (
        <p role="status" class="corpus-status">
          {status.step}
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
          <p>Your documents are indexed, and the questions you ask now go to them.</p>
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

function LeftOut({ leftOut }: { leftOut: string[] }) {
  if (leftOut.length === 0) return null;
  return (
    <details>
      <summary>{plural(leftOut.length, 'file')} left out</summary>
      <ul>
        {leftOut.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </details>
  );
}
