import { useEffect, useState } from 'preact/hooks';
import { type Engine, retrieverOf } from '../../ask/engine';
import { serializeIndex } from '../../compiled-index/container';
import type { CompiledIndex } from '../../compiled-index/types';
import { isCalibrated } from '../../config';
import { effectAt, guessWarning } from '../../evaluation/calibration-advice';
import type { CalibrationRun } from '../../evaluation/calibration-run';
import type { CalibrationRow, EvalQuestion } from '../../evaluation/eval-set';
import { formatScore } from '../../retrieval/score-format';
import type { GateSettings, Scored } from '../../types';
import { PassageText } from '../ask/passage-text';
import { loadChunk } from '../kit/chunk-load';
import { download } from '../kit/download';
import { asEvalQuestion, type Label, labelledSetFile, withLabels } from './labelled-set';
import { QuestionsForm } from './questions-form';

type Module = typeof import('../../evaluation/calibration-run');

/** How many passages are shown for a question to label: the gate reads the best, the context the first that pass. */
const SHOWN_PASSAGES = 5;

export interface CalibrationPanelProps {
  engine: Engine;
  /** Applies a measured gate to the visitor's documents. */
  onApply: (gate: GateSettings) => void;
  /** The visitor's index with its current gate, to save as a file for `--index`. */
  index: CompiledIndex;
  /** The questions labelled so far (kept by the page, so that #/eval can run them too). */
  labels: readonly EvalQuestion[];
  onLabels: (labels: EvalQuestion[]) => void;
  load?: () => Promise<Module>;
}

/**
 * Calibrate the gate of your documents by clicking: type a question, see the passages it finds, mark the
 * one that answers it or say nothing does. Each label grows the set (eval/questions.json's format: it
 * downloads, and a file of them can be added too), and the calibration is measured as it grows, exactly
 * as `npm run eval -- --calibrate` measures it. Nothing changes until the visitor applies the threshold.
 */
export function CalibrationPanel({
  engine,
  onApply,
  index,
  labels,
  onLabels,
  load = () => import('../../evaluation/calibration-run'),
}: CalibrationPanelProps) {
  const [question, setQuestion] = useState('');
  const [shown, setShown] = useState<{ question: string; passages: Scored[] } | undefined>(undefined);
  const [text, setText] = useState('');
  const [module, setModule] = useState<Module | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  // What measures the labels (and reads a questions file) is its own chunk: fetched with the first one.
  const measurer = async (): Promise<Module | undefined> => {
    if (module !== undefined) return module;
    const chunk = await loadChunk(load);
    if (!chunk.loaded) {
      setProblem(`the page could not load what measures your questions: ${chunk.problem}`);
      return undefined;
    }
    setModule(chunk.module);
    return chunk.module;
  };
  useEffect(() => {
    if (labels.length > 0) void measurer();
  }, [labels.length > 0]);

  const show = (event: Event) => {
    event.preventDefault();
    const asked = question.trim();
    if (asked === '') return;
    setShown({ question: asked, passages: retrieverOf(engine).retrieve(asked, SHOWN_PASSAGES) });
  };

  const label = (verdict: Label) => {
    onLabels(withLabels(labels, [asEvalQuestion(verdict)]));
    setShown(undefined);
    setQuestion('');
    document.getElementById('label-question')?.focus();
  };

  const addFromText = async (event: Event) => {
    event.preventDefault();
    const loaded = await measurer();
    if (loaded === undefined) return;
    const read = loaded.readEvalSet(text);
    if (!read.ok) {
      setProblem(read.message);
      return;
    }
    setProblem(undefined);
    onLabels(withLabels(labels, read.items));
  };

  const run: CalibrationRun | undefined =
    module !== undefined && labels.length > 0 ? module.calibrateItems(engine, labels) : undefined;
  const gate = run?.ok && module ? module.calibratedGate(run, engine.gate.minMargin) : undefined;

  return (
    <section class="calibration" aria-labelledby="calibration-heading">
      <h2 id="calibration-heading">Calibrate the gate for your documents</h2>
      <p>
        The threshold in use ({formatScore(engine.gate.threshold)}){' '}
        {isCalibrated(engine.gate) ? 'was measured on your questions' : 'was measured on the library manual'}.
        To measure one for your documents, ask questions about them and mark, for each, the passage that
        answers it, or that nothing does. Nothing changes until you choose to use the threshold measured.
      </p>
      <form class="label-form" onSubmit={show}>
        <label for="label-question">A question about your documents</label>
        <div class="ask-row">
          <input
            id="label-question"
            type="text"
            value={question}
            autoComplete="off"
            onInput={(event) => setQuestion(event.currentTarget.value)}
          />
          <button type="submit">Show passages</button>
        </div>
      </form>
      {shown === undefined ? null : <LabelChoices shown={shown} onLabel={label} />}
      <h3>Your labelled questions ({labels.length})</h3>
      {labels.length === 0 ? (
        <p class="settings-help">None yet: each one you mark is added here.</p>
      ) : (
        <ul class="labelled">
          {labels.map((item) => (
            <li key={item.question}>
              {item.question}{' '}
              <span class="settings-help">
                {item.answerable ? (
                  <>
                    answered by <span class="passage-id">{item.passage}</span>
                  </>
                ) : (
                  'nothing answers it'
                )}
              </span>{' '}
              <button
                type="button"
                class="link-button"
                aria-label={`Remove “${item.question}”`}
                onClick={() => onLabels(labels.filter((other) => other !== item))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem === undefined ? null : <p role="alert">{problem}</p>}
      {run === undefined ? null : (
        <Measured
          run={run}
          gate={gate}
          proposed={run.ok && module ? module.proposedGates(run, engine.gate.minMargin) : []}
          inUse={engine.gate.threshold}
          onApply={onApply}
        />
      )}
      <div class="calibration-actions">
        <button
          type="button"
          disabled={labels.length === 0}
          onClick={() =>
            download(new Blob([labelledSetFile(labels)], { type: 'application/json' }), 'questions.json')
          }
        >
          Download your questions
        </button>
        <button
          type="button"
          onClick={() =>
            download(new Blob([serializeIndex(index)], { type: 'application/octet-stream' }), 'index.bin')
          }
        >
          Download your index
        </button>
      </div>
      <p class="settings-help">
        From the command line:{' '}
        <code>npm run eval -- --calibrate --index index.bin --questions questions.json</code>
      </p>
      <details class="questions-file">
        <summary>Add labelled questions from a file or as JSON</summary>
        <p class="settings-help">
          In the format of <code>eval/questions.json</code>, as “Download your questions” writes it.
        </p>
        <QuestionsForm
          id="calibration-questions"
          label="Labelled questions (JSON)"
          submit="Measure"
          text={text}
          onText={setText}
          onSubmit={(event) => void addFromText(event)}
        />
      </details>
    </section>
  );
}

/** The passages a question finds, each with "this passage answers it", and "nothing here answers it". */
function LabelChoices({
  shown,
  onLabel,
}: {
  shown: { question: string; passages: Scored[] };
  onLabel: (label: Label) => void;
}) {
  return (
    <div class="label-choices">
      <p>Passages found for “{shown.question}”. Which one answers it?</p>
      {shown.passages.length === 0 ? <p>No passage shares a word with this question.</p> : null}
      <ol class="passages">
        {shown.passages.map(({ passage, score }) => (
          <li key={passage.id} class="passage">
            <details>
              <summary>
                <span class="passage-trail">{passage.trail.join(' › ')}</span>
                <span class="passage-id">{passage.id}</span>
              </summary>
              <PassageText markdown={passage.text} />
            </details>
            <button
              type="button"
              onClick={() => onLabel({ question: shown.question, answeredBy: passage.id })}
            >
              This passage answers it
            </button>{' '}
            <span class="settings-help">score {formatScore(score)}</span>
          </li>
        ))}
      </ol>
      <button type="button" onClick={() => onLabel({ question: shown.question, answeredBy: undefined })}>
        Nothing here answers it
      </button>
    </div>
  );
}

function Measured({
  run,
  gate,
  proposed,
  inUse,
  onApply,
}: {
  run: CalibrationRun;
  gate: GateSettings | undefined;
  /** When the groups overlap: the two thresholds to choose between. */
  proposed: ReadonlyArray<{ threshold: number; gate: GateSettings; choice: string }>;
  /** The threshold the visitor's documents are judged at now. */
  inUse: number;
  onApply: (gate: GateSettings) => void;
}) {
  if (!run.ok) {
    return (
      <p role="status" class="settings-help">
        To measure a threshold, label at least one question a passage answers and one that nothing answers.
      </p>
    );
  }
  const { calibration } = run;
  const guess = guessWarning(calibration);
  return (
    <div class="calibration-result">
      <Group title="Answered by a passage, lowest best score first" rows={calibration.answerable} />
      <Group title="Answered by nothing, highest best score first" rows={calibration.unanswerable} />
      {calibration.excluded.length > 0 ? (
        <Group title="Marked as beyond the gate (left out of the gap)" rows={calibration.excluded} />
      ) : null}
      {guess === undefined ? null : <p class="calibration-guess">{guess}</p>}
      {gate !== undefined ? (
        <>
          <p role="status">
            Gap {formatScore(calibration.gap)} between {formatScore(calibration.highestUnanswerable)} and{' '}
            {formatScore(calibration.lowestAnswerable)}; its midpoint, {formatScore(gate.threshold)}, is the
            threshold to use.
          </p>
          <ApplyThreshold
            gate={gate}
            effect={effectAt(calibration, gate.threshold)}
            inUse={inUse}
            onApply={onApply}
          />
        </>
      ) : (
        <div role="alert">
          <p>
            No threshold separates the two groups: these questions are on the wrong side of the other group.
          </p>
          <ul>
            {calibration.overlapping.map((row) => (
              <li key={row.question}>
                {formatScore(row.bestScore)} {row.question}
              </li>
            ))}
          </ul>
          {proposed.length > 0 ? (
            <>
              <p>Choose between two thresholds, by what each would have done to your labelled questions:</p>
              {proposed.map(({ threshold, gate: option, choice }) => (
                <ApplyThreshold
                  key={choice}
                  gate={option}
                  choice={choice}
                  effect={effectAt(calibration, threshold)}
                  inUse={inUse}
                  onApply={onApply}
                />
              ))}
            </>
          ) : null}
        </div>
      )}
    </div>
  );
}

/** "Use threshold 0.221", with what it would have done beside it, and, once used, that it is in use. */
function ApplyThreshold({
  gate,
  choice,
  effect,
  inUse,
  onApply,
}: {
  gate: GateSettings;
  /** Which of two proposals this is, when the groups overlap. */
  choice?: string;
  effect: string;
  inUse: number;
  onApply: (gate: GateSettings) => void;
}) {
  const used = inUse === gate.threshold;
  return (
    <p class="apply-threshold">
      <button type="button" onClick={() => onApply(gate)} aria-pressed={used}>
        Use threshold {formatScore(gate.threshold)}
      </button>{' '}
      <span>
        {choice === undefined ? 'it would have left' : `${choice}; it would have left`} {effect}.
      </span>{' '}
      {used ? (
        <strong class="threshold-in-use">In use: your documents are judged at this threshold now.</strong>
      ) : null}
    </p>
  );
}

function Group({ title, rows }: { title: string; rows: CalibrationRow[] }) {
  return (
    <>
      <h3>{title}</h3>
      <ul class="calibration-rows">
        {rows.map((row) => (
          <li key={row.question}>
            <span class="passage-score">{formatScore(row.bestScore)}</span> {row.question}{' '}
            <span class="passage-id">{row.bestPassage ?? '—'}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
