import { useState } from 'preact/hooks';
import type { Engine } from '../../ask/engine-setup';
import { serializeIndex } from '../../compiled-index/container';
import type { CompiledIndex } from '../../compiled-index/types';
import { isCalibrated } from '../../config';
import type { CalibrationRun } from '../../evaluation/calibration-run';
import type { CalibrationRow } from '../../evaluation/eval-set';
import { formatScore } from '../../retrieval/score-format';
import type { GateSettings } from '../../types';
import { chunks, loadChunk } from '../shell/chunks';
import { download } from '../shell/download';
import { QuestionsForm } from './questions-form';

type Module = typeof import('../../evaluation/calibration-run');

export interface CalibrationPanelProps {
  engine: Engine;
  /** Applies a measured gate to the visitor's documents. */
  onApply: (gate: GateSettings) => void;
  /** The visitor's index with its current gate, to save as a file for `--index`. */
  index: CompiledIndex;
  load?: () => Promise<Module>;
}

/**
 * Calibrate the gate of your documents on questions of your own (its own chunk: the page loads it once
 * there are documents to calibrate): the labelled questions in the format of
 * eval/questions.json, measured exactly as `npm run eval -- --calibrate` measures them. Nothing changes
 * until the visitor applies the threshold.
 */
export function CalibrationPanel({
  engine,
  onApply,
  index,
  load = chunks.calibration,
}: CalibrationPanelProps) {
  const [text, setText] = useState('');
  const [run, setRun] = useState<CalibrationRun | undefined>(undefined);
  const [module, setModule] = useState<Module | undefined>(undefined);

  const measure = async (event: Event) => {
    event.preventDefault();
    const chunk = await loadChunk(load);
    if (!chunk.loaded) {
      setRun({
        ok: false,
        message: `the page could not load what measures your questions: ${chunk.problem}`,
      });
      return;
    }
    const loaded = chunk.module;
    setModule(loaded);
    setRun(loaded.runCalibration(engine, text));
  };

  const downloadQuestions = () => download(new Blob([text], { type: 'application/json' }), 'questions.json');
  const gate = run?.ok && module ? module.calibratedGate(run, engine.gate.minMargin) : undefined;

  return (
    <section class="calibration" aria-labelledby="calibration-heading">
      <h2 id="calibration-heading">Calibrate the gate for your documents</h2>
      <p>
        The threshold in use ({formatScore(engine.gate.threshold)}){' '}
        {isCalibrated(engine.gate) ? 'was measured on your questions' : 'was measured on the library manual'}.
        Give questions about your documents, labelled as in <code>eval/questions.json</code>: answerable ones
        with the passage that answers them, and unanswerable ones.
      </p>
      <QuestionsForm
        id="calibration-questions"
        label="Labelled questions (JSON)"
        submit="Measure"
        text={text}
        onText={setText}
        onSubmit={measure}
      />
      {run === undefined ? null : run.ok ? (
        <div class="calibration-result">
          <Group title="Answerable, lowest best score first" rows={run.calibration.answerable} />
          <Group title="Unanswerable, highest best score first" rows={run.calibration.unanswerable} />
          {run.calibration.excluded.length > 0 ? (
            <Group title="Marked as beyond the gate (left out of the gap)" rows={run.calibration.excluded} />
          ) : null}
          {gate !== undefined ? (
            <>
              <p role="status">
                Gap {formatScore(run.calibration.gap ?? 0)} between{' '}
                {formatScore(run.calibration.highestUnanswerable ?? 0)} and{' '}
                {formatScore(run.calibration.lowestAnswerable ?? 0)}; its midpoint,{' '}
                {formatScore(gate.threshold)}, is the threshold to use.
              </p>
              <button type="button" onClick={() => onApply(gate)}>
                Use threshold {formatScore(gate.threshold)}
              </button>
            </>
          ) : (
            <div role="alert">
              <p>
                No threshold separates the two groups. These questions are on the wrong side of the other
                group:
              </p>
              <ul>
                {run.calibration.overlapping.map((row) => (
                  <li key={row.question}>
                    {formatScore(row.bestScore)} {row.question}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div class="calibration-actions">
            <button
              type="button"
              onClick={() =>
                download(new Blob([serializeIndex(index)], { type: 'application/octet-stream' }), 'index.bin')
              }
            >
              Download your index
            </button>
            <button type="button" onClick={downloadQuestions}>
              Download your questions
            </button>
          </div>
          <p class="settings-help">
            From the command line:{' '}
            <code>npm run eval -- --calibrate --index index.bin --questions questions.json</code>
          </p>
        </div>
      ) : (
        <p role="alert">{run.message}</p>
      )}
    </section>
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
