import { explainRefusal } from '../../ask/reasons';
import { formatScore } from '../../retrieval/score-format';
import type { AskResult, FailedCheck } from '../../types';
import type { Span } from './passage-text';
import { Passages, passageAnchor } from './passages';

interface ResultViewProps {
  result: AskResult;
  openId: string | undefined;
  onOpenPassage: (id: string) => void;
  /** Saves the result as a trace file that `npm run ask -- --trace FILE` replays; absent, no button. */
  onSaveTrace?: () => void;
}

/**
 * An answer with its citations, or a refusal with its reason and next step; under either, the passages
 * and their scores. Every string from the model or the corpus is rendered as text, never as HTML.
 */
export function ResultView({ result, openId, onOpenPassage, onSaveTrace }: ResultViewProps) {
  const contextIds = new Set(result.context.map((scored) => scored.passage.id));
  const citedIds = new Set(result.status === 'answered' ? result.citations : []);
  const highlights = new Map<string, Span[]>();
  if (result.status === 'answered') {
    for (const { id, span } of result.quotes) highlights.set(id, [...(highlights.get(id) ?? []), span]);
  }
  return (
    <section class={`result ${result.status}`} aria-labelledby="result-heading">
      {result.status === 'answered' ? (
        <Answer result={result} onOpenPassage={onOpenPassage} />
      ) : (
        <Refusal result={result} onOpenPassage={onOpenPassage} />
      )}
      {result.status === 'refused' && result.reason === 'invalid_question' ? null : (
        // An invalid question never reached retrieval; every other result did.
        <>
          <h3>Passages retrieved</h3>
          <p class="threshold-note">
            The gate needs a best score of at least {formatScore(result.threshold)} (the line on each bar).
          </p>
          <Passages
            passages={result.passages}
            contextIds={contextIds}
            citedIds={citedIds}
            highlights={highlights}
            threshold={result.threshold}
            openId={openId}
          />
        </>
      )}
      <p class="prompt-version">Prompt version: {result.promptVersion}</p>
      {onSaveTrace === undefined ? null : (
        <button type="button" class="save-trace" onClick={onSaveTrace}>
          Save as a trace
        </button>
      )}
    </section>
  );
}

function Answer({
  result,
  onOpenPassage,
}: {
  result: Extract<AskResult, { status: 'answered' }>;
  onOpenPassage: (id: string) => void;
}) {
  return (
    <>
      <h2 id="result-heading">Answer</h2>
      <p class="answer-text">{result.answer}</p>
      <p class="citations">
        Sources: <PassageLinks ids={result.citations} onOpenPassage={onOpenPassage} />
      </p>
      <p class="generator">
        Written by{' '}
        {result.generator.kind === 'claude' ? (
          <strong>Claude ({result.generator.name})</strong>
        ) : (
          result.generator.name
        )}
      </p>
    </>
  );
}

function PassageLink({ id, onOpenPassage }: { id: string; onOpenPassage: (id: string) => void }) {
  return (
    <a
      href={`#${passageAnchor(id)}`}
      onClick={(event) => {
        event.preventDefault();
        onOpenPassage(id);
      }}
    >
      {id}
    </a>
  );
}

/** Links to passages, separated by commas: the sources of an answer, or where a check looked. */
function PassageLinks({
  ids,
  onOpenPassage,
}: {
  ids: readonly string[];
  onOpenPassage: (id: string) => void;
}) {
  return (
    <>
      {ids.map((id, position) => (
        <span key={id}>
          {position > 0 ? ', ' : null}
          <PassageLink id={id} onOpenPassage={onOpenPassage} />
        </span>
      ))}
    </>
  );
}

/** The quote or figure a grounding check could not find, and the passages it was looked for in. */
function FailedCheckView({
  failed,
  onOpenPassage,
}: {
  failed: FailedCheck;
  onOpenPassage: (id: string) => void;
}) {
  const where = <PassageLinks ids={failed.checkedAgainst} onOpenPassage={onOpenPassage} />;
  return failed.kind === 'quote' ? (
    <div class="failed-check">
      <p>The quote given as support:</p>
      <blockquote class="failed-quote">{failed.quote === '' ? '(none)' : failed.quote}</blockquote>
      <p>was checked against {where}, and is not in it.</p>
    </div>
  ) : (
    <div class="failed-check">
      <p>
        The figure <strong class="failed-figure">{failed.figure}</strong> was looked for in {where}, and none
        of them holds it.
      </p>
    </div>
  );
}

function Refusal({
  result,
  onOpenPassage,
}: {
  result: Extract<AskResult, { status: 'refused' }>;
  onOpenPassage: (id: string) => void;
}) {
  const { summary, nextStep } = explainRefusal(result.reason, result.code);
  const cancelled = result.reason === 'model_unavailable' && result.code === 'aborted';
  return (
    <>
      <h2 id="result-heading">{cancelled ? 'Cancelled' : 'Refused'}</h2>
      <p class="refusal-summary">{summary}</p>
      <p class="refusal-next">{nextStep}</p>
      <p class="refusal-detail">
        <code>{result.reason}</code>
        {result.code === undefined ? null : <code> ({result.code})</code>}: {result.detail}
      </p>
      {result.failed === undefined ? null : (
        <FailedCheckView failed={result.failed} onOpenPassage={onOpenPassage} />
      )}
      {result.generator === undefined ? (
        <p class="generator">No model was asked.</p>
      ) : (
        <p class="generator">Asked: {result.generator.name}</p>
      )}
    </>
  );
}
