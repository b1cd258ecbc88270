// The visitor's own documents once they bring some: reading and indexing them, the switcher, keeping
// them on this device (opt in) and removing them. Its own chunk, fetched with the first files a visitor
// brings, or at load when they kept documents last time.
import { useEffect, useRef, useState } from 'preact/hooks';
import { parseIndex, serializeIndex } from '../../compiled-index/parse';
import type { CompiledIndex } from '../../compiled-index/types';
import { IndexLoadError } from '../../compiled-index/version';
import { assertNever, type GateSettings } from '../../types';
import { CalibrationPanel } from './calibration-panel';
import type { BuildCorpus } from './corpus-build';
import { type PickedFile, readPickedFiles } from './corpus-files';
import type { Incoming, OwnCorpus } from './corpus-panel';
import { holdsFolder, walkEntries } from './dropped-entries';
import { indexedDbStore, type KeptStore, KeptStoreError } from './kept-corpus';

type Status =
  | { phase: 'idle' }
  | { phase: 'working'; step: string }
  | { phase: 'failed'; problems: string[]; leftOut: string[] }
  | { phase: 'built'; leftOut: string[] }
  | { phase: 'restored'; files: number }
  | { phase: 'removed'; fromDevice: boolean; problem?: string | undefined };

/** Kept documents that did not come back into the page. */
type LeftOnDevice = { kind: 'unreadable'; message: string } | { kind: 'set-aside'; files: number };

/** What keeping on this device is doing. */
type Keeping =
  | { phase: 'off' }
  | { phase: 'saving' }
  | { phase: 'kept' }
  | { phase: 'failed'; message: string };

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

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

// "The quota has been exceeded." inside a sentence of ours keeps one full stop, ours.
const FINAL_STOP = /\.$/u;
const clause = (message: string) => message.replace(FINAL_STOP, '');

const rethrowLater = (error: unknown) =>
  queueMicrotask(() => {
    throw error;
  });

export function OwnCorpusPanel(props: OwnCorpusPanelProps) {
  const { incoming, restore, build, own, active, onBuilt, onSwitch, onApply, onRemove } = props;
  const [store] = useState(
    () => props.store ?? indexedDbStore({ factory: globalThis.indexedDB, flags: props.flags }),
  );
  const [status, setStatus] = useState<Status>({ phase: 'idle' });
  const [keeping, setKeeping] = useState<Keeping>({ phase: 'off' });
  // Kept documents that are not in the page: unreadable, or set aside for files brought meanwhile.
  const [leftOnDevice, setLeftOnDevice] = useState<LeftOnDevice | undefined>(undefined);
  // Every read, build and restore takes a number; only the newest may change the status.
  const latest = useRef(0);
  // Bumped whenever documents enter or leave the page by the visitor's doing: a restore that finds it
  // moved since it began does not put the kept documents over theirs.
  const shown = useRef(0);
  // Bumped by every save and removal asked for: only the newest may say how keeping stands, and a
  // restore does not undo a choice made while it read.
  const choice = useRef(0);
  // Saves and removals run one after another, so that the last one asked for is what stays on disk.
  const storeQueue = useRef<Promise<unknown>>(Promise.resolve());
  // The index last saved or read back, so that restoring it does not write it straight back.
  const saved = useRef<CompiledIndex | undefined>(undefined);
  // Whether the visitor keeps their documents, as of now: an effect scheduled before they changed their
  // mind reads this, not the state it was rendered with.
  const keeps = useRef(false);
  // Whether the device may hold documents (a save asked for, or the flag seen at load): Remove then
  // clears the device too. `holds` is whether it is known to: a save completed or a record was read.
  const mayHold = useRef(restore);
  const holds = useRef(false);

  const queued = <T,>(operation: () => Promise<T>): Promise<T> => {
    const run = storeQueue.current.then(operation);
    storeQueue.current = run.catch(() => undefined);
    return run;
  };

  const keep = (index: CompiledIndex) => {
    const id = ++choice.current;
    keeps.current = true;
    saved.current = index;
    mayHold.current = true;
    const heldBefore = holds.current;
    setKeeping({ phase: 'saving' });
    const bytes = serializeIndex(index);
    queued(() => store.save(bytes)).then(
      () => {
        holds.current = true;
        if (id !== choice.current) return;
        setKeeping({ phase: 'kept' });
        // What was left on the device is replaced by these.
        setLeftOnDevice(undefined);
      },
      (error: unknown) => {
        if (!(error instanceof KeptStoreError)) return rethrowLater(error);
        if (id !== choice.current) return;
        keeps.current = false;
        saved.current = undefined;
        const earlier = heldBefore
          ? ' What was kept before is still on this device: “Remove your documents” takes it off.'
          : '';
        setKeeping({
          phase: 'failed',
          message: `Your documents are still in this page, but they could not be kept: ${clause(error.message)}.${earlier}`,
        });
      },
    );
  };

  /** Takes whatever is kept off the device; resolves to the problem, if the device would not. */
  const clearDevice = async (): Promise<string | undefined> => {
    try {
      await queued(() => store.remove());
    } catch (error) {
      if (!(error instanceof KeptStoreError)) throw error;
      return clause(error.message);
    }
    mayHold.current = false;
    holds.current = false;
    return undefined;
  };

  const forget = () => {
    const id = ++choice.current;
    keeps.current = false;
    saved.current = undefined;
    setKeeping({ phase: 'off' });
    void clearDevice().then((problem) => {
      if (problem !== undefined && id === choice.current) {
        setKeeping({
          phase: 'failed',
          message: `Your documents could not be removed from this device: ${problem}.`,
        });
      }
    }, rethrowLater);
  };

  const take = async ({ id, files, entries }: Incoming) => {
    latest.current = id;
    let picked: PickedFile[] = files;
    let unreadable: string[] = [];
    if (holdsFolder(entries)) {
      setStatus({ phase: 'working', step: 'Reading the folder…' });
      const walked = await walkEntries(entries);
      if (id !== latest.current) return;
      picked = walked.files;
      unreadable = walked.problems;
    }
    setStatus({ phase: 'working', step: `Reading ${plural(picked.length, 'file')}…` });
    const read = await readPickedFiles(picked);
    if (id !== latest.current) return;
    if (!read.ok || unreadable.length > 0) {
      const problems = [...unreadable, ...(read.ok ? [] : read.problems)];
      setStatus({ phase: 'failed', problems, leftOut: read.leftOut });
      return;
    }
    setStatus({ phase: 'working', step: `Indexing ${plural(read.files.length, 'Markdown file')}…` });
    let outcome: Awaited<ReturnType<BuildCorpus>>;
    try {
      outcome = await build(read.files);
    } catch (error) {
      if (id !== latest.current) return;
      const message = error instanceof Error ? error.message : String(error);
      setStatus({ phase: 'failed', problems: [message], leftOut: read.leftOut });
      return;
    }
    if (id !== latest.current) return;
    if (!outcome.ok) {
      setStatus({ phase: 'failed', problems: outcome.problems, leftOut: read.leftOut });
      return;
    }
    setStatus({ phase: 'built', leftOut: read.leftOut });
    shown.current++;
    onBuilt(outcome.index);
  };

  // Read back once, when the panel first shows.
  useEffect(() => {
    if (!restore) return;
    const id = --latest.current;
    const shownAtStart = shown.current;
    const choiceAtStart = choice.current;
    setStatus({ phase: 'working', step: 'Reading the documents kept on this device…' });
    const restoring = async () => {
      let bytes: Uint8Array | undefined;
      let index: CompiledIndex;
      try {
        bytes = await queued(() => store.load());
        if (bytes === undefined) {
          // The flag outlived what it pointed at (the browser cleared the storage); the store cleared
          // the flag. Nothing to say.
          if (choice.current === choiceAtStart) mayHold.current = false;
          if (id === latest.current) setStatus({ phase: 'idle' });
          return;
        }
        holds.current = true;
        index = parseIndex(bytes);
      } catch (error) {
        if (!(error instanceof KeptStoreError || error instanceof IndexLoadError)) throw error;
        // Left on disk: the visitor decides whether to remove it; a failed read deletes nothing.
        if (choice.current === choiceAtStart) setLeftOnDevice({ kind: 'unreadable', message: error.message });
        if (id === latest.current) setStatus({ phase: 'idle' });
        return;
      }
      const files = new Set(index.passages.map((passage) => passage.file)).size;
      if (shown.current !== shownAtStart) {
        // The visitor brought documents (or removed them) while these were read: theirs stay in the
        // page, and these stay on the device until they choose.
        if (choice.current === choiceAtStart) setLeftOnDevice({ kind: 'set-aside', files });
        return;
      }
      if (choice.current === choiceAtStart) {
        keeps.current = true;
        saved.current = index;
        setKeeping({ phase: 'kept' });
      }
      if (id === latest.current) setStatus({ phase: 'restored', files });
      shown.current++;
      onBuilt(index);
    };
    void restoring().catch(rethrowLater);
  }, []);

  // After the restore effect, so that files brought before this panel showed win over the kept ones.
  // A new pick (its id) starts a read; nothing else does.
  useEffect(() => {
    if (incoming !== undefined) void take(incoming).catch(rethrowLater);
  }, [incoming?.id]);

  // New documents, or a gate applied to them, replace what is kept when the visitor keeps them.
  // keep() reads the current state; a new index, or keeping switched on, is the trigger.
  useEffect(() => {
    if (own !== undefined && keeps.current && saved.current !== own.index) keep(own.index);
  }, [own?.index, keeping.phase]);

  const remove = async () => {
    const id = ++latest.current;
    shown.current++;
    const fromDevice = mayHold.current;
    ++choice.current;
    keeps.current = false;
    saved.current = undefined;
    setKeeping({ phase: 'off' });
    setLeftOnDevice(undefined);
    // Off the page at once, whatever the device says; files brought meanwhile are not undone.
    onRemove();
    if (!fromDevice) {
      setStatus({ phase: 'removed', fromDevice: false });
      return;
    }
    setStatus({ phase: 'working', step: 'Removing them from this device…' });
    const problem = await clearDevice();
    if (id === latest.current) setStatus({ phase: 'removed', fromDevice: true, problem });
  };

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
                  (event.currentTarget as HTMLInputElement).checked ? keep(own.index) : void forget()
                }
              />
              Keep them on this device for my next visit (in this browser’s storage; nothing is uploaded)
            </label>
          )}
          <KeepingStatus keeping={keeping} />
          <button type="button" onClick={() => void remove().catch(rethrowLater)}>
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
