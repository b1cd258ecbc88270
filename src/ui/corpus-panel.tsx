import { useRef, useState } from 'preact/hooks';
import type { CompiledIndex } from '../index-file';
import { assertNever, type Prompt } from '../types';
import type { BuildCorpus } from './corpus-build';
import type { PickedFile } from './corpus-files';

/** The visitor's documents once indexed: what the switcher names them by. */
export interface OwnCorpus {
  files: number;
  passages: number;
}

type Status =
  | { phase: 'idle' }
  | { phase: 'working'; step: string }
  | { phase: 'failed'; problems: string[]; leftOut: string[] }
  | { phase: 'built'; leftOut: string[] };

export interface CorpusPanelProps {
  prompt: Prompt;
  build: BuildCorpus;
  own: OwnCorpus | undefined;
  active: 'bundled' | 'own';
  onBuilt: (index: CompiledIndex) => void;
  onSwitch: (active: 'bundled' | 'own') => void;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * Bring your own documents: drop Markdown files (or pick files or a folder), index them here, and switch
 * between them and the bundled manual. The corpus in use stays in use until the new one is ready, and
 * stays if the new one fails.
 */
export function CorpusPanel({ prompt, build, own, active, onBuilt, onSwitch }: CorpusPanelProps) {
  const [status, setStatus] = useState<Status>({ phase: 'idle' });
  const [dragging, setDragging] = useState(false);
  const latest = useRef(0);

  const take = async (picked: readonly PickedFile[]) => {
    const id = ++latest.current;
    setStatus({ phase: 'working', step: `Reading ${plural(picked.length, 'file')}…` });
    // The reading rules are their own chunk, fetched with the first files a visitor brings.
    let read: Awaited<ReturnType<typeof import('./corpus-files').readPickedFiles>>;
    try {
      read = await (await import('./corpus-files')).readPickedFiles(picked);
    } catch (error) {
      // The chunk did not load (offline on a first visit); a bug in the reading is rethrown.
      if (!(error instanceof TypeError) || id !== latest.current) throw error;
      setStatus({
        phase: 'failed',
        problems: [`the page could not load what reads your files: ${error.message}`],
        leftOut: [],
      });
      return;
    }
    if (id !== latest.current) return;
    if (!read.ok) {
      setStatus({ phase: 'failed', problems: read.problems, leftOut: read.leftOut });
      return;
    }
    setStatus({ phase: 'working', step: `Indexing ${plural(read.files.length, 'Markdown file')}…` });
    let outcome: Awaited<ReturnType<BuildCorpus>>;
    try {
      outcome = await build(read.files, prompt);
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
    onBuilt(outcome.index);
  };

  const fromInput = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const files = [...(input.files ?? [])];
    input.value = '';
    void take(files);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take([...(event.dataTransfer?.files ?? [])]);
  };

  return (
    <section class="corpus" aria-labelledby="corpus-heading">
      <h2 id="corpus-heading">Your own documents</h2>
      <p>
        Index Markdown files of your own and ask them instead. They are read and indexed in this page, on your
        device: nothing is uploaded.
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
        <legend>Drop Markdown files here, or</legend>
        <label class="file-button">
          choose files
          <input type="file" multiple accept=".md,.markdown,text/markdown" onChange={fromInput} />
        </label>
        <label class="file-button">
          choose a folder
          <input type="file" multiple {...{ webkitdirectory: '' }} onChange={fromInput} />
        </label>
      </fieldset>
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
    </section>
  );
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
    default:
      return assertNever(status);
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
