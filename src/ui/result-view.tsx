import { explainRefusal } from '../reasons';
import type { AskResult } from '../types';
import { Passages, passageAnchor } from './passages';

interface ResultViewProps {
  result: AskResult;
  openId: string | undefined;
  onOpenPassage: (id: string) => void;
}

/**
 * An answer with its citations, or a refusal with its reason and next step; under either, the passages
 * and their scores. Every string from the model or the corpus is rendered as text, never as HTML.
 */
export function ResultView({ result, openId, onOpenPassage }: ResultViewProps) {
  const contextIds = new Set(result.context.map((scored) => scored.passage.id));
  const citedIds = new Set(result.status === 'answered' ? result.citations : []);
  return (
    <section class={`result ${result.status}`} aria-labelledby="result-heading">
      {result.status === 'answered' ? (
        <Answer result={result} onOpenPassage={onOpenPassage} />
      ) : (
        <Refusal result={result} />
      )}
      <h3>Passages retrieved</h3>
      <p class="threshold-note">
        The gate needs a best score of at least {result.threshold.toFixed(3)} (the line on each bar).
      </p>
      <Passages
        passages={result.passages}
        contextIds={contextIds}
        citedIds={citedIds}
        threshold={result.threshold}
        openId={openId}
      />
      <p class="prompt-version">Prompt version: {result.promptVersion}</p>
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
        Sources:{' '}
        {result.citations.map((id, position) => (
          <span key={id}>
            {position > 0 ? ', ' : null}
            <a
              href={`#${passageAnchor(id)}`}
              onClick={(event) => {
                event.preventDefault();
                onOpenPassage(id);
              }}
            >
              {id}
            </a>
          </span>
        ))}
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

function Refusal({ result }: { result: Extract<AskResult, { status: 'refused' }> }) {
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
      {result.generator === undefined ? (
        <p class="generator">No model was asked.</p>
      ) : (
        <p class="generator">Asked: {result.generator.name}</p>
      )}
    </>
  );
}
