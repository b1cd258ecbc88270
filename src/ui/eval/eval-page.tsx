// The evaluation page: the labelled questions run through the same ask() as the page's questions, then
// shown at any threshold the visitor tries. Trying a threshold changes only what is shown; the gate in
// use changes when the visitor applies it, and the source of the new gate says where it came from.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import bundledSet from '../../../eval/questions.json';
import type { Engine } from '../../ask/engine-setup';
import {
  aboveAll,
  type EvalRun,
  flips,
  nextFlipThreshold,
  outcomeAt,
  type QuestionOutcome,
  riskCoverage,
  riskCoverageAt,
  runEvaluation,
  type TwoByTwo,
  twoByTwo,
} from '../../evaluation/eval-run';
import { checkEvalSet, closingLine, type EvalQuestion, readEvalSet, tally } from '../../evaluation/eval-set';
import { assertNever, type GateSettings } from '../../types';
import { loadChunk } from '../kit/chunk-load';
import { QuestionsForm } from '../own-documents/questions-form';
import { BenchmarkResults } from './benchmark-results';
import { RiskCoverageCurve, StripPlot } from './eval-plots';
import './eval-page.css';
import { formatScore, roundScore } from '../../retrieval/score-format';

type QuestionTime = typeof import('../ask/question-time');

export interface EvalPageProps {
  engine: Engine;
  corpus: 'bundled' | 'own';
  /** Applies the threshold the visitor chose to the corpus in use. */
  onApply: (gate: GateSettings) => void;
  /** The bundled manual's questions (eval/questions.json), evaluated on open for the bundled corpus. */
  bundledQuestions?: unknown;
  /** The question-time code (ask, the stand-in), fetched when the page first evaluates. */
  load?: () => Promise<QuestionTime>;
  /** The questions the visitor labelled on their own documents, evaluated on open for them. */
  ownQuestions?: readonly EvalQuestion[];
}

const NONE: readonly EvalQuestion[] = [];

/** A set to evaluate; a new object each time the visitor asks, so asking again runs again. */
interface Request {
  items: EvalQuestion[];
}

type Phase =
  | { phase: 'waiting' }
  | { phase: 'running'; done: number; total: number }
  | { phase: 'ready'; run: EvalRun; request: Request; id: number }
  | { phase: 'not-loaded'; message: string }
  | { phase: 'crashed' };

/** Whether a run made on `before` still holds on `after`: only the threshold is free to differ. */
const sameQuestionPath = (before: Engine, after: Engine) =>
  before.invertedIndex === after.invertedIndex &&
  before.passages === after.passages &&
  before.thesaurus === after.thesaurus &&
  before.promptVersion === after.promptVersion &&
  before.contextSize === after.contextSize &&
  before.corpusIds === after.corpusIds &&
  before.gate.minMargin === after.gate.minMargin;

export function EvalPage({
  engine,
  corpus,
  onApply,
  bundledQuestions = bundledSet,
  load = () => import('../ask/question-time'),
  ownQuestions = NONE,
}: EvalPageProps) {
  const bundled = useMemo(() => checkEvalSet(bundledQuestions), [bundledQuestions]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [request, setRequest] = useState<Request | undefined>(undefined);
  const [phase, setPhase] = useState<Phase>({ phase: 'waiting' });
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  // The latest loader, read when a run starts: a new function on each render must not restart the run.
  const loader = useRef(load);
  loader.current = load;
  const finished = useRef<{ request: Request; engine: Engine } | undefined>(undefined);
  // Each run's own number: a new run starts its report afresh, the slider at the threshold in use.
  const runs = useRef(0);

  // The manual's questions name the manual's passages: offered on the manual, never on other documents.
  useEffect(() => {
    if (corpus === 'bundled' && bundled.ok) setRequest({ items: bundled.items });
    else if (corpus === 'own' && ownQuestions.length > 0) setRequest({ items: [...ownQuestions] });
    else setRequest(undefined);
    setProblem(corpus === 'bundled' && !bundled.ok ? bundled.message : undefined);
  }, [corpus, bundled, ownQuestions]);

  useEffect(() => {
    if (request === undefined) {
      setPhase({ phase: 'waiting' });
      return;
    }
    // A threshold applied from this page gives a new engine with the same retrieval: nothing to rerun.
    const last = finished.current;
    if (last !== undefined && last.request === request && sameQuestionPath(last.engine, engine)) return;
    const controller = new AbortController();
    const { signal } = controller;
    const evaluate = async () => {
      setPhase({ phase: 'running', done: 0, total: request.items.length });
      const chunk = await loadChunk(loader.current);
      if (!chunk.loaded) {
        if (!signal.aborted) setPhase({ phase: 'not-loaded', message: chunk.problem });
        return;
      }
      const questionTime = chunk.module;
      if (signal.aborted) return;
      const run = await runEvaluation({
        engine,
        items: request.items,
        client: questionTime.createExtractiveClient(),
        ask: questionTime.ask,
        signal,
        onProgress: (done, total) => setPhase({ phase: 'running', done, total }),
      });
      if (run === undefined) return;
      finished.current = { request, engine };
      setPhase({ phase: 'ready', run, request, id: ++runs.current });
    };
    evaluate().catch((error: unknown) => {
      // Said on the page, then rethrown so that the browser reports it: a bug is never swallowed.
      if (!signal.aborted) setPhase({ phase: 'crashed' });
      throw error;
    });
    return () => controller.abort();
  }, [request, engine]);

  const submit = (event: Event) => {
    event.preventDefault();
    const parsed = readEvalSet(text);
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    setProblem(undefined);
    setRequest({ items: parsed.items });
  };

  return (
    <section class="eval-page" aria-labelledby="eval-heading">
      {/* Focused when the route opens, so that a screen reader starts here rather than at the top. */}
      <h1 id="eval-heading" tabIndex={-1} ref={heading}>
        How well it answers and refuses
      </h1>
      <BenchmarkResults />
      <p>
        Labelled questions go through the same retrieval, gate and verifier as your questions, with the
        extractive stand-in writing the answers (a key you set is not spent here). The threshold in use is{' '}
        {formatScore(engine.gate.threshold)} ({engine.gate.source}).
      </p>
      {corpus === 'bundled' ? (
        <p>
          The manual's {bundled.ok ? bundled.items.length : ''} questions (<code>eval/questions.json</code>)
          are evaluated when this page opens.{' '}
          {bundled.ok ? (
            <button type="button" onClick={() => setRequest({ items: bundled.items })}>
              Evaluate the manual's questions
            </button>
          ) : null}
        </p>
      ) : ownQuestions.length > 0 ? (
        <p>
          The {ownQuestions.length} {ownQuestions.length === 1 ? 'question' : 'questions'} you labelled on
          your documents are evaluated when this page opens. Label more under “Your own documents” on the
          question page, or give a file of them below.
        </p>
      ) : (
        <p>
          The manual's questions are not offered for your documents: the passages they name belong to the
          manual. Label questions about your documents by clicking, under “Your own documents” on the question
          page (<a href="#/">back to asking</a>), or give a file of them below.
        </p>
      )}
      <QuestionsForm
        id="eval-questions"
        label="Labelled questions (JSON, in the format of eval/questions.json)"
        submit="Evaluate these questions"
        text={text}
        onText={setText}
        onSubmit={submit}
      />
      {problem === undefined ? null : <p role="alert">{problem}</p>}
      <p role="status" aria-label="Evaluation" class="eval-status">
        <Status phase={phase} shipped={engine.gate.threshold} />
      </p>
      {phase.phase === 'ready' ? (
        <Report key={phase.id} run={phase.run} gate={engine.gate} onApply={onApply} />
      ) : null}
      {phase.phase === 'not-loaded' ? (
        <p role="alert">
          The page could not load what runs the questions (are you offline on a first visit?). Reload the page
          to try again. ({phase.message})
        </p>
      ) : null}
      {phase.phase === 'crashed' ? (
        <p role="alert">
          Something went wrong in this page (a bug, not your questions). Reload the page to try again; the
          browser console has the details.
        </p>
      ) : null}
    </section>
  );
}

function Status({ phase, shipped }: { phase: Phase; shipped: number }) {
  switch (phase.phase) {
    case 'waiting':
    case 'not-loaded':
    case 'crashed':
      return null;
    case 'running':
      return (
        <>
          Evaluating {Math.min(phase.done + 1, phase.total)} of {phase.total}…
        </>
      );
    case 'ready': {
      const counts = tally(outcomeAt(phase.run, shipped).map((outcome) => outcome.judgement));
      return (
        <>
          Evaluated {phase.request.items.length} {phase.request.items.length === 1 ? 'question' : 'questions'}{' '}
          at the threshold in use, {formatScore(shipped)}: <strong>{closingLine(counts)}</strong>
        </>
      );
    }
    default:
      return assertNever(phase);
  }
}

interface ReportProps {
  run: EvalRun;
  /** The gate in use. */
  gate: GateSettings;
  onApply: (gate: GateSettings) => void;
}

/** Everything shown once a set has been evaluated, at the slider's threshold and at the one in use. */
function Report({ run, gate, onApply }: ReportProps) {
  const shipped = gate.threshold;
  const highest = Math.max(shipped, ...run.questions.map((question) => question.bestScore));
  // A little room above the highest best score, so that the slider can refuse every question.
  const sliderMax = Math.max(Math.ceil((highest + 0.01) * 100) / 100, aboveAll(run));
  // A threshold tried against another threshold in use (one since applied, here or elsewhere) is over:
  // the slider starts again from the one now in use. Derived, not an effect, so nothing resets it late.
  const [trial, setTrial] = useState({ threshold: shipped, against: shipped });
  const threshold = trial.against === shipped ? trial.threshold : shipped;

  const atShipped = useMemo(() => outcomeAt(run, shipped), [run, shipped]);
  const atThreshold = useMemo(() => outcomeAt(run, threshold), [run, threshold]);
  const curve = useMemo(() => riskCoverage(run), [run]);
  const changed = useMemo(() => flips(run, shipped, threshold), [run, shipped, threshold]);
  const differs = threshold !== shipped;

  const apply = () => {
    const counts = closingLine(tally(atThreshold.map((outcome) => outcome.judgement)));
    onApply({
      threshold,
      minMargin: gate.minMargin,
      source:
        `chosen in the evaluation page on ${new Date().toISOString().slice(0, 10)} on ${run.questions.length} questions ` +
        `(${counts} at this threshold; the threshold before was ${formatScore(shipped)})`,
    });
  };

  return (
    <div class="eval-report">
      <p class="generator-note">
        Answers by the {run.generator.name}.
        {run.hasModel ? '' : ' Without a language model, questions that need one are SKIP.'}
      </p>
      <StripPlot points={atThreshold} shipped={shipped} threshold={threshold} max={sliderMax} />
      <p class="plot-legend">
        Solid line: the threshold in use. Dashed line: the slider's. Hollow dots: questions beyond the gate,
        which retrieval alone cannot decide (they need a language model, or look answerable and are not).
      </p>
      <label for="eval-threshold">Threshold to try</label>
      <div class="eval-slider">
        <input
          id="eval-threshold"
          type="range"
          min={0}
          max={sliderMax}
          step={0.001}
          value={threshold}
          onInput={(event) =>
            setTrial({ threshold: roundScore(Number(event.currentTarget.value)), against: shipped })
          }
          onKeyDown={(event) => {
            // Each arrow press moves to the next threshold where a question changes, not by 0.001.
            const direction = STEP_KEYS[event.key];
            if (direction === undefined) return;
            event.preventDefault();
            const next = nextFlipThreshold({ run, from: threshold, direction });
            if (next !== undefined) setTrial({ threshold: Math.min(next, sliderMax), against: shipped });
          }}
          aria-describedby="eval-threshold-help"
        />
        <output for="eval-threshold">{formatScore(threshold)}</output>
      </div>
      <p class="settings-help" id="eval-threshold-help">
        Each arrow key press moves to the next threshold where a question changes. Trying a threshold changes
        only what this page shows; the gate stays at {formatScore(shipped)} until you apply another.
      </p>
      <DecisionTable
        now={twoByTwo(atThreshold)}
        before={differs ? twoByTwo(atShipped) : undefined}
        threshold={threshold}
        shipped={shipped}
      />
      <h2>What would change</h2>
      {!differs ? (
        <p>The slider is at the threshold in use.</p>
      ) : changed.length === 0 ? (
        <p>
          No question would change between {formatScore(shipped)} and {formatScore(threshold)}.
        </p>
      ) : (
        <ul class="eval-flips" aria-label={`Questions that would change at ${formatScore(threshold)}`}>
          {changed.map(({ from, to }) => (
            <li key={to.index}>
              {to.question}: {from.status === to.status ? 'still' : 'would now be'} {statusText(to)};{' '}
              {from.judgement.verdict} → {to.judgement.verdict}
            </li>
          ))}
        </ul>
      )}
      <h2>Risk and coverage</h2>
      <RiskCoverageCurve
        points={curve}
        shipped={riskCoverageAt(shipped, atShipped)}
        current={riskCoverageAt(threshold, atThreshold)}
      />
      <p class="plot-legend">
        Each point is one threshold. Filled dot: the threshold in use. Ring: the slider's. Questions that are
        SKIP are left out of both figures.
      </p>
      <Glossary />
      <button type="button" class="eval-apply" disabled={!differs} onClick={apply}>
        Apply this threshold ({formatScore(threshold)})
      </button>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section class="eval-table-scroll" tabIndex={0} aria-label="Every question">
        <table class="eval-questions">
          <caption>Every question at {formatScore(threshold)}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">question</th>
              <th scope="col">label</th>
              <th scope="col">best score</th>
              <th scope="col">verdict</th>
              <th scope="col">why</th>
            </tr>
          </thead>
          <tbody>
            {atThreshold.map((outcome) => (
              <tr key={outcome.index}>
                <td data-label="#">{outcome.index + 1}</td>
                <td class="question" data-label="question">
                  {outcome.question}
                </td>
                <td data-label="label">{labelText(outcome)}</td>
                <td data-label="best score">{formatScore(outcome.bestScore)}</td>
                <td class={`verdict ${outcome.judgement.verdict.toLowerCase()}`} data-label="verdict">
                  {outcome.judgement.verdict}
                </td>
                <td class="why" data-label="why">
                  {outcome.judgement.why}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

const STEP_KEYS: Partial<Record<string, 'up' | 'down'>> = {
  ArrowRight: 'up',
  ArrowUp: 'up',
  ArrowLeft: 'down',
  ArrowDown: 'down',
};

/** Every word the figures and tables use, each in one line. */
function Glossary() {
  return (
    <details class="eval-glossary" open>
      <summary>What the words mean</summary>
      <dl>
        <dt>best score</dt>
        <dd>How much of the question the best passage covers, from 0 to 1.</dd>
        <dt>threshold</dt>
        <dd>The best score a question needs to be answered at all; below it, the gate refuses it.</dd>
        <dt>answerable, unanswerable</dt>
        <dd>Whether the documents hold the answer, as the person who labelled the question said.</dd>
        <dt>beyond the gate</dt>
        <dd>Unanswerable, but only a language model or the verifier can tell: left out of the gap.</dd>
        <dt>decided</dt>
        <dd>Every question except those that are SKIP.</dd>
        <dt>coverage</dt>
        <dd>Of the decided questions, the share that got an answer (answered / decided).</dd>
        <dt>risk</dt>
        <dd>Of the answers given, the share that were wrong (failed answers / answers).</dd>
        <dt>PASS, FAIL, SKIP</dt>
        <dd>Right, wrong, or not judged: SKIP needs a language model and none answers here.</dd>
      </dl>
    </details>
  );
}

const statusText = (outcome: QuestionOutcome) =>
  outcome.reason === undefined ? 'answered' : `refused (${outcome.reason})`;

const labelText = (outcome: QuestionOutcome) =>
  `${outcome.answerable ? 'answerable' : 'unanswerable'}${outcome.beyondGate ? ', beyond the gate' : ''}`;

interface DecisionTableProps {
  now: TwoByTwo;
  /** The figures at the threshold in use, when the slider is elsewhere. */
  before: TwoByTwo | undefined;
  threshold: number;
  shipped: number;
}

function DecisionTable({ now, before, threshold, shipped }: DecisionTableProps) {
  const cell = (status: 'answered' | 'refused', label: 'answerable' | 'unanswerable') => {
    const value = now[status][label];
    const was = before?.[status][label];
    return was === undefined || was === value ? `${value}` : `${value} (in use: ${was})`;
  };
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section class="eval-table-scroll" tabIndex={0} aria-label="Answered and refused, by label">
        <table class="eval-two-by-two">
          <caption>
            At {formatScore(threshold)}
            {before === undefined
              ? ''
              : `, with the figure at ${formatScore(shipped)} in brackets where it differs`}
          </caption>
          <thead>
            <tr>
              <td />
              <th scope="col">answerable</th>
              <th scope="col">unanswerable</th>
            </tr>
          </thead>
          <tbody>
            {(['answered', 'refused'] as const).map((status) => (
              <tr key={status}>
                <th scope="row">{status}</th>
                <td>{cell(status, 'answerable')}</td>
                <td>{cell(status, 'unanswerable')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {now.skipped > 0 ? (
        <p class="settings-help">{now.skipped} SKIP questions are left out of the table.</p>
      ) : null}
    </>
  );
}
